import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type {
  OpenCancelRequest,
  OpenDeviceRequest,
  OpenPrintRequest,
  OpenRecordRequest,
  OpenSpeakRequest,
  OpenTradeRequest,
} from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { every } from '../../lib/every';
import { cancelForApi } from '../print-pipeline/control';
import { startPipeline } from '../print-pipeline/pipeline';
import * as jobs from '../print-pipeline/service';
import { admitted } from './admission';
import { accountOf, apiCall, callOf } from './call';
import { callQueue } from './call-queue';
import { purgeNonces } from './repo';

/**
 * The open API's calls, once signed (verify.ts) and admitted (admission.ts): each runs while its
 * nonce is stored and answers only once it is known fresh. Jobs are the pipeline's
 * (print-pipeline/service.ts); a job call carries its general request record's context to the
 * job's insert.
 */

export const print = (deps: Deps, req: FastifyRequest, body: OpenPrintRequest) =>
  admitted(req, () => jobs.submitPrint(deps, accountOf(req), body, apiCall(req)));

export const speak = (deps: Deps, req: FastifyRequest, body: OpenSpeakRequest) =>
  admitted(req, () => jobs.submitSpeak(deps, accountOf(req), body, apiCall(req)));

export const trade = (deps: Deps, req: FastifyRequest, body: OpenTradeRequest) =>
  admitted(req, () => jobs.submitTrade(deps, accountOf(req), body, apiCall(req)));

export const record = (deps: Deps, req: FastifyRequest, body: OpenRecordRequest) =>
  admitted(req, () => jobs.findJob(deps, accountOf(req), body));

export const device = (deps: Deps, req: FastifyRequest, body: OpenDeviceRequest) =>
  admitted(req, () => jobs.deviceView(deps, accountOf(req), body.sn));

/** A write: only once the nonce is known fresh (a replay changes nothing). */
export const cancel = (deps: Deps, req: FastifyRequest, body: OpenCancelRequest) =>
  admitted(req, async () => {
    await callOf(req).admitted;
    return cancelForApi(deps, accountOf(req), body);
  });

/** Nonces past their timestamp's window are deleted this often (the first time a second after the start). */
const NONCE_PURGE_MS = 60_000;

/**
 * Start what the open API's calls rely on: the pipeline (its sweep) and the purge of old nonces.
 * The returned stop waits for the pipeline's writes and the calls' own (nonces, records).
 */
export function startOpenApi(deps: Deps, log: FastifyBaseLogger): () => Promise<void> {
  const stopPipeline = startPipeline(deps, log);
  const stopPurge = every(NONCE_PURGE_MS, 'nonce purge', log, () => purgeNonces(deps.db), 1_000);
  return async () => {
    await stopPurge();
    await Promise.all([stopPipeline(), callQueue(deps).flush()]);
    await callQueue(deps).flush();
  };
}
