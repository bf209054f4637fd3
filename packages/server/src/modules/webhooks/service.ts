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
import type { jobs } from '../../db/schema';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { iso, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { toJobView } from '../jobs/view';
import { pushConfig } from './push-config';
import * as repo from './repo';
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
    const { urls } = await pushConfig(deps.db, job.accountId);
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
    wake(deps.db);
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
