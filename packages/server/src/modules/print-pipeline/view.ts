import type { JobKind, OpenJobView } from '@herald/contract';
import { isoOrNull } from '../../lib/filters';
import type { JobRow } from './repo';

/** A job as integrators see it: the record call's answer and, with its event, the webhook body. */
export function toJobView(j: JobRow): OpenJobView {
  return {
    jobId: j.id,
    msgId: j.msgId,
    orderId: j.orderId,
    sn: j.sn,
    kind: j.kind as JobKind,
    status: j.status,
    reason: j.reason,
    requestedAt: j.requestedAt.toISOString(),
    expireAt: j.expireAt.toISOString(),
    pushedAt: isoOrNull(j.pushedAt),
    ackedAt: isoOrNull(j.ackedAt),
    finishedAt: isoOrNull(j.finishedAt),
    latencyMs: j.ackLatencyMs,
    amount: j.amount,
    currency: j.currency,
    paymentType: j.paymentType,
  };
}
