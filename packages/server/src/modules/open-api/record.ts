import type { FastifyRequest } from 'fastify';
import { GeneralResult, ResultCode, isStorableText } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { callOf, pathOf } from './call';
import { callQueue } from './call-queue';

/**
 * Every call that names an app key leaves a general request record. A call that made a job has
 * its record written with the job (the pipeline's insert); any other call's is written here,
 * after its answer, from the envelope it was answered.
 */

/** A body field for the record (an unsigned call's body was never guarded). */
const recordable = (v: unknown, max: number) => (typeof v === 'string' && isStorableText(v) ? v.slice(0, max) : null);

/** The envelope as answered (errors included), noted for the record (a preSerialization hook). */
export function noteAnswer(req: FastifyRequest, payload: unknown): void {
  const p = payload as { code?: unknown; message?: unknown; data?: { jobId?: unknown } } | null;
  if (p && typeof p.code === 'number') {
    const call = callOf(req);
    call.code = p.code;
    // the key, not the caller's language: the console shows it in its reader's (docs/decisions.md)
    const message = req.messageKey ?? p.message;
    call.message = typeof message === 'string' ? message.slice(0, 256) : undefined;
    if (typeof p.data?.jobId === 'number') call.jobId = p.data.jobId;
  }
}

/** The call's record, unless its job's insert wrote it (an onResponse hook). */
export function recordCall(deps: Deps, req: FastifyRequest): void {
  const call = callOf(req);
  if (!call.appKey || call.api?.recorded) return;
  const body = (req.body ?? {}) as { orderId?: unknown; sn?: unknown };
  const code = call.code ?? ResultCode.SERVER_ERROR;
  // batched with other calls' records; the answer has gone already, so nobody waits on it
  void callQueue(deps)
    .apiRequests.add({
      accountId: call.accountId ?? null,
      appKey: call.appKey.slice(0, 64),
      method: req.method,
      path: pathOf(req).slice(0, 128),
      orderId: recordable(body.orderId, 64),
      sn: recordable(body.sn, 32),
      jobId: call.jobId ?? null,
      result: code === ResultCode.SUCCESS ? GeneralResult.SUCCESS : GeneralResult.FAILED,
      code,
      message: call.message ?? null,
      ip: req.ip ?? null,
      durationMs: Date.now() - call.startedAt,
    })
    .catch((err: unknown) => req.log.error({ err }, 'general request record failed'));
}
