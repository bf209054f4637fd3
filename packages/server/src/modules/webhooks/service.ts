import {
  type Page,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryListQuery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  WEBHOOK_EVENTS,
} from '@herald/contract';
import { audit } from '../oper-log/audit';
import type { jobs } from '../../db/schema';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { toJobView } from '../print-pipeline/view';
import { pushConfig } from './push-config';
import * as repo from './repo';
import { testBody } from './test-event';
import { wake } from './worker';

export type JobRow = typeof jobs.$inferSelect;

/** The body POSTed for a job's status (WEBHOOK_HEADERS carry the event, delivery id and signature). */
export const webhookBody = (event: WebhookEvent, job: JobRow): WebhookBody => ({ event, ...toJobView(job) });

/**
 * A job changed status: queue a webhook delivery when the account has a push address for the
 * job's event. Called by the pipeline after every status change; never throws into it (a lost
 * notification must not fail a print). The worker sends it within ~500 ms.
 */
export async function onJobStatus(deps: Deps, job: JobRow): Promise<void> {
  try {
    const event = job.kind as WebhookEvent;
    if (!WEBHOOK_EVENTS.includes(event)) return;
    const { urls } = await pushConfig(deps, job.accountId);
    const url = urls[event];
    if (!url) return;
    await repo.insertDelivery(deps.db, {
      accountId: job.accountId,
      event,
      url,
      jobId: job.id,
      payload: webhookBody(event, job),
      nextAttemptAt: new Date(),
    });
    wake(deps);
  } catch {
    // the delivery is lost; the job record itself is intact and visible in the console
  }
}

/** The job status a push carried, from its stored body; null for a body without one. */
function jobStatusOf(payload: unknown): number | null {
  const status = (payload as Partial<WebhookBody> | null)?.status;
  return typeof status === 'number' ? status : null;
}

const toDelivery = (r: repo.DeliveryRow): WebhookDelivery => ({
  id: r.id,
  accountId: r.accountId,
  event: r.event,
  url: r.url,
  jobId: r.jobId,
  jobStatus: jobStatusOf(r.payload),
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  nextAttemptAt: iso(r.nextAttemptAt),
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  test: r.test,
  redeliveryOf: r.redeliveryOf,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listDeliveries(
  deps: Deps,
  auth: AuthContext,
  q: WebhookDeliveryListQuery,
): Promise<Page<WebhookDelivery>> {
  const { rows, total } = await repo.listDeliveries(deps.db, {
    accountId: targetAccount(auth, undefined),
    event: q.event,
    status: q.status,
    jobId: q.jobId,
    from: rangeStart(q.from || undefined),
    to: rangeEnd(q.to || undefined),
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toDelivery), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The status pushes of one job, for its record detail: whoever may see the job (account users of
 * its account, operators with the record permission) sees what was told to the integrator about it.
 */
export async function deliveriesOfJob(deps: Deps, jobId: number): Promise<WebhookDelivery[]> {
  return (await repo.deliveriesOfJob(deps.db, jobId)).map(toDelivery);
}

export async function getDelivery(deps: Deps, auth: AuthContext, id: number): Promise<WebhookDeliveryDetail> {
  const row = await repo.findDelivery(deps.db, id);
  if (!row || row.accountId !== targetAccount(auth, undefined)) throw notFound();
  const attempts = await repo.attemptsOf(deps.db, id);
  return {
    ...toDelivery(row),
    payload: row.payload,
    attemptList: attempts.map((a) => ({
      id: a.id,
      attemptedAt: iso(a.attemptedAt),
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}

/** The event's push address as it is now (a test or a redelivery goes where pushes go today). */
async function addressOf(deps: Deps, accountId: number, event: string): Promise<string> {
  const { urls } = await pushConfig(deps, accountId);
  const url = WEBHOOK_EVENTS.includes(event as WebhookEvent) ? urls[event as WebhookEvent] : undefined;
  if (!url) throw invalid('error.webhookNoAddress', 'event');
  return url;
}

/**
 * A signed test event to the event's push address: a delivery like any other (listed, retried,
 * its attempts shown), whose body is an example job marked `test: true`.
 */
export async function sendTest(deps: Deps, auth: AuthContext, event: WebhookEvent): Promise<WebhookDelivery> {
  const accountId = targetAccount(auth, undefined);
  const url = await addressOf(deps, accountId, event);
  const row = await deps.db.transaction(async (tx) => {
    const d = await repo.insertDeliveryReturning(tx, {
      accountId,
      event,
      url,
      jobId: null,
      payload: testBody(event),
      test: true,
      nextAttemptAt: new Date(),
    });
    await audit(tx, auth, {
      module: 'api',
      type: 'send',
      description: { key: 'log.webhook.test', params: { event, url, id: d.id } },
    });
    return d;
  });
  wake(deps);
  return toDelivery(row);
}

/**
 * Send a delivery again, whatever its state (a dead letter, one that succeeded, one still being
 * retried): a new delivery linked to it (`redeliveryOf`), with the same body, signed when it is sent.
 */
export async function redeliver(deps: Deps, auth: AuthContext, id: number): Promise<WebhookDelivery> {
  const accountId = targetAccount(auth, undefined);
  const original = await repo.findDelivery(deps.db, id);
  if (!original || original.accountId !== accountId) throw notFound();
  // a job event goes to its push address as it is now; a delivery of another kind (whose address
  // is kept elsewhere, e.g. an alert address) goes where it went
  const url = WEBHOOK_EVENTS.includes(original.event as WebhookEvent)
    ? await addressOf(deps, accountId, original.event)
    : original.url;
  const row = await deps.db.transaction(async (tx) => {
    const d = await repo.insertDeliveryReturning(tx, {
      accountId,
      event: original.event,
      url,
      jobId: original.jobId,
      payload: original.payload,
      test: original.test,
      redeliveryOf: original.id,
      nextAttemptAt: new Date(),
    });
    await audit(tx, auth, {
      module: 'api',
      type: 'send',
      description: { key: 'log.webhook.redeliver', params: { original: original.id, id: d.id } },
    });
    return d;
  });
  wake(deps);
  return toDelivery(row);
}
