import { randomUUID } from 'node:crypto';
import { JobStatus, type WebhookBody, type WebhookEvent } from '@herald/contract';

/**
 * The body of a test event: shaped exactly like a real push of the event (a finished job), so a
 * receiver's parser and signature check are exercised, and marked `test: true` (no such job
 * exists; `jobId` is 0).
 */
export function testBody(event: WebhookEvent, now = new Date()): WebhookBody {
  const at = now.toISOString();
  const trade = event === 'trade';
  return {
    event,
    test: true,
    jobId: 0,
    msgId: randomUUID(),
    orderId: `TEST-${now.getTime()}`,
    sn: 'TEST00000001',
    kind: event,
    status: JobStatus.SUCCESS,
    reason: null,
    requestedAt: at,
    expireAt: new Date(now.getTime() + 300_000).toISOString(),
    pushedAt: at,
    ackedAt: at,
    finishedAt: at,
    latencyMs: 0,
    amount: trade ? '25.30' : null,
    currency: trade ? 'CNY' : null,
    paymentType: trade ? 'alipay' : null,
  };
}
