import type { FastifyRequest } from 'fastify';
import type { ApiCall } from '../print-pipeline/service';

/**
 * What one open API call is and did, from its first byte to its general request record: the
 * hooks of routes.ts fill it in (raw body, signature, admission, answer), the record reads it.
 */
export type Call = {
  startedAt: number;
  raw?: Buffer;
  appKey?: string;
  accountId?: number;
  code?: number;
  message?: string;
  /** a job call's context; the job insert marks it recorded */
  api?: ApiCall;
  /** the nonce check, started by admission (see admitted) */
  admitted?: Promise<void>;
  /** a job call's device, looked up with its admission */
  device?: ApiCall['device'];
  jobId?: number;
  /** the body was read but is not JSON (answered after the signature check) */
  notJson?: boolean;
};

const calls = new WeakMap<FastifyRequest, Call>();

export const callOf = (req: FastifyRequest): Call => {
  let c = calls.get(req);
  if (!c) {
    c = { startedAt: Date.now() };
    calls.set(req, c);
  }
  return c;
};

/** The calling account (known once the signature is checked). */
export const accountOf = (req: FastifyRequest) => callOf(req).accountId!;

/** The path the caller signed and the record shows (without a query string). */
export const pathOf = (req: FastifyRequest) => req.url.split('?')[0]!;

/** The job call's context: its general request record is written with the job. */
export function apiCall(req: FastifyRequest): { source: 'api'; api: ApiCall } {
  const call = callOf(req);
  call.api = {
    appKey: call.appKey!,
    path: pathOf(req),
    ip: req.ip ?? null,
    startedAt: call.startedAt,
    admitted: call.admitted,
    device: call.device,
  };
  return { source: 'api', api: call.api };
}
