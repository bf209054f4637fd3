import {
  RETENTION_DAYS,
  JobStatus,
  type BroadcastRecord,
  type BroadcastRecordDetail,
  type BroadcastRecordQuery,
  type DeliveryRecordDetail,
  type DeliveryRecordQuery,
  type GeneralRecord,
  type GeneralRecordDetail,
  type GeneralRecordQuery,
  type JobKind,
  type JobRecordBase,
  type Page,
  type PrintRecord,
  type PrintRecordDetail,
  type PrintRecordQuery,
  type PublishRecord,
  type PublishRecordQuery,
  type TimelineStep,
  type TradeRecord,
  type TradeRecordDetail,
  type TradeRecordQuery,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { dataOwner } from '../../lib/data-scope';
import { listAccount, ownAccount } from '../../lib/scope';
import { deliveriesOfJob } from '../webhooks/service';
import * as repo from './repo';
import { spokenOf } from './trade-spoken';

const DAY = 24 * 3600 * 1000;

/**
 * Who sees what, and the time window: account users see their own account only (naming another
 * is refused); operators see all, or the account they filter on. Nothing older than the retention
 * period is shown, even before the purge has removed it.
 */
export function scope(
  auth: AuthContext,
  q: { accountId?: number; from?: string; to?: string },
  now = Date.now(),
): repo.TimeScope & { operator: boolean } {
  const accountId = listAccount(auth, q.accountId);
  const oldest = new Date(now - RETENTION_DAYS * DAY);
  const from = rangeStart(q.from || undefined);
  return {
    operator: auth.side === 'op',
    accountId,
    owner: dataOwner(auth),
    from: from && from > oldest ? from : oldest,
    to: rangeEnd(q.to || undefined),
  };
}

const nameFor = (operator: boolean, name: string | null) => (operator ? name : null);

function toBase(v: repo.JobView, operator: boolean): JobRecordBase {
  const j = v.job;
  return {
    id: j.id,
    accountId: j.accountId,
    accountName: nameFor(operator, v.accountName),
    kind: j.kind as JobKind,
    source: j.source,
    sn: j.sn,
    msgId: j.msgId,
    orderId: j.orderId,
    businessId: j.businessId,
    status: j.status,
    reason: j.reason,
    requestedAt: iso(j.requestedAt),
    expireAt: iso(j.expireAt),
    pushedAt: isoOrNull(j.pushedAt),
    pushCount: j.pushCount,
    ackedAt: isoOrNull(j.ackedAt),
    ackLatencyMs: j.ackLatencyMs,
    finishedAt: isoOrNull(j.finishedAt),
    reprintOf: j.reprintOf,
  };
}

const toPrint = (v: repo.JobView, operator: boolean): PrintRecord => ({
  ...toBase(v, operator),
  templateId: v.job.templateId,
  templateName: v.templateName,
  copies: v.job.copies,
  printedAt: v.job.status === JobStatus.SUCCESS ? isoOrNull(v.job.finishedAt) : null,
});

type SpeakContent = { text?: unknown; clips?: unknown };
function toBroadcast(v: repo.JobView, operator: boolean): BroadcastRecord {
  // what the device got (payload), else what the caller sent
  const from = [v.job.payload, v.job.request] as (SpeakContent | null)[];
  const text = from.map((p) => p?.text).find((t): t is string => typeof t === 'string') ?? null;
  const clips =
    from.map((p) => p?.clips).find((c): c is string[] => Array.isArray(c) && c.every((x) => typeof x === 'string')) ??
    null;
  return { ...toBase(v, operator), text, clips, content: text ?? (clips ? clips.join(', ') : null) };
}

const toTrade = (v: repo.JobView, operator: boolean): TradeRecord => ({
  ...toBase(v, operator),
  amount: v.job.amount,
  currency: v.job.currency,
  paymentType: v.job.paymentType,
  language: v.job.language,
});

const toPublish = (v: repo.PublishView, operator: boolean): PublishRecord => ({
  id: v.rec.id,
  jobId: v.rec.jobId,
  accountId: v.rec.accountId,
  accountName: nameFor(operator, v.accountName),
  sn: v.rec.sn,
  topic: v.rec.topic,
  msgId: v.rec.msgId,
  qos: v.rec.qos,
  status: v.rec.status,
  bytes: v.rec.bytes,
  publishedAt: iso(v.rec.publishedAt),
  ackedAt: isoOrNull(v.rec.ackedAt),
  latencyMs: v.rec.latencyMs,
  reason: v.rec.reason,
});

const toRequest = (v: repo.RequestView, operator: boolean): GeneralRecord => ({
  id: v.req.id,
  accountId: v.req.accountId,
  accountName: nameFor(operator, v.accountName),
  appKey: v.req.appKey,
  method: v.req.method,
  path: v.req.path,
  orderId: v.req.orderId,
  sn: v.req.sn,
  jobId: v.req.jobId,
  result: v.req.result,
  code: v.req.code,
  message: v.req.message,
  ip: v.req.ip,
  durationMs: v.req.durationMs,
  createdAt: iso(v.req.createdAt),
});

/** requested → pushed (first publish) → acked (latency from the request) → finished. */
function timeline(j: repo.JobRow): TimelineStep[] {
  const since = (d: Date | null) => (d ? d.getTime() - j.requestedAt.getTime() : null);
  return [
    { step: 'requested', at: iso(j.requestedAt), latencyMs: null, status: null },
    { step: 'pushed', at: isoOrNull(j.pushedAt), latencyMs: since(j.pushedAt), status: null },
    { step: 'acked', at: isoOrNull(j.ackedAt), latencyMs: j.ackLatencyMs ?? since(j.ackedAt), status: null },
    {
      step: 'finished',
      at: isoOrNull(j.finishedAt),
      latencyMs: since(j.finishedAt),
      status: j.status >= JobStatus.SUCCESS ? j.status : null,
    },
  ];
}

async function jobList<T>(
  deps: Deps,
  auth: AuthContext,
  kind: JobKind | undefined,
  q: (PrintRecordQuery | BroadcastRecordQuery | TradeRecordQuery | DeliveryRecordQuery) & { kind?: JobKind },
  map: (v: repo.JobView, operator: boolean) => T,
): Promise<Page<T>> {
  const s = scope(auth, q);
  const { rows, total } = await repo.listJobs(deps.db, {
    ...s,
    kind: kind ?? q.kind,
    sn: 'sn' in q ? q.sn : undefined,
    msgId: 'msgId' in q ? q.msgId : undefined,
    orderId: 'orderId' in q ? q.orderId : undefined,
    templateId: 'templateId' in q ? q.templateId : undefined,
    status: q.status,
    paymentType: 'paymentType' in q ? q.paymentType : undefined,
    currency: 'currency' in q ? q.currency : undefined,
    language: 'language' in q ? q.language : undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => map(r, s.operator)), total, page: q.page, pageSize: q.pageSize };
}

/** A job the caller may see, of the kind the endpoint shows (any kind for delivery records). */
async function jobDetail<T>(
  deps: Deps,
  auth: AuthContext,
  id: number,
  kind: JobKind | undefined,
  map: (v: repo.JobView, operator: boolean) => T,
) {
  const own = ownAccount(auth);
  const v = await repo.findJobView(deps.db, id, dataOwner(auth));
  if (!v || (own !== undefined && v.job.accountId !== own) || (kind && v.job.kind !== kind)) throw notFound();
  const operator = own === undefined;
  const [publishes, deliveries] = await Promise.all([repo.publishesOfJob(deps.db, id), deliveriesOfJob(deps, id)]);
  return {
    ...map(v, operator),
    timeline: timeline(v.job),
    publishRecords: publishes.map((p) => toPublish(p, operator)),
    webhookDeliveries: deliveries,
    request: v.job.request ?? null,
  };
}

export const listPrint = (deps: Deps, auth: AuthContext, q: PrintRecordQuery) =>
  jobList(deps, auth, 'print', q, toPrint);
export const getPrint = (deps: Deps, auth: AuthContext, id: number): Promise<PrintRecordDetail> =>
  jobDetail(deps, auth, id, 'print', toPrint);

export const listBroadcast = (deps: Deps, auth: AuthContext, q: BroadcastRecordQuery) =>
  jobList(deps, auth, 'speak', q, toBroadcast);
export const getBroadcast = (deps: Deps, auth: AuthContext, id: number): Promise<BroadcastRecordDetail> =>
  jobDetail(deps, auth, id, 'speak', toBroadcast);

export const listTrade = (deps: Deps, auth: AuthContext, q: TradeRecordQuery) =>
  jobList(deps, auth, 'trade', q, toTrade);
export const getTrade = (deps: Deps, auth: AuthContext, id: number): Promise<TradeRecordDetail> =>
  jobDetail(deps, auth, id, 'trade', (v, operator) => ({ ...toTrade(v, operator), ...spokenOf(v.job) }));

export const listDelivery = (deps: Deps, auth: AuthContext, q: DeliveryRecordQuery) =>
  jobList(deps, auth, undefined, q, toBase);
export const getDelivery = (deps: Deps, auth: AuthContext, id: number): Promise<DeliveryRecordDetail> =>
  jobDetail(deps, auth, id, undefined, toBase);

export async function listPublish(deps: Deps, auth: AuthContext, q: PublishRecordQuery): Promise<Page<PublishRecord>> {
  const s = scope(auth, q);
  const { rows, total } = await repo.listPublishes(deps.db, {
    ...s,
    sn: q.sn,
    msgId: q.msgId,
    jobId: q.jobId,
    status: q.status,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => toPublish(r, s.operator)), total, page: q.page, pageSize: q.pageSize };
}

export async function getPublish(deps: Deps, auth: AuthContext, id: number): Promise<PublishRecord> {
  const own = ownAccount(auth);
  const v = await repo.findPublish(deps.db, id, dataOwner(auth));
  if (!v || (own !== undefined && v.rec.accountId !== own)) throw notFound();
  return toPublish(v, own === undefined);
}

export async function listGeneral(deps: Deps, auth: AuthContext, q: GeneralRecordQuery): Promise<Page<GeneralRecord>> {
  const s = scope(auth, q);
  const { rows, total } = await repo.listRequests(deps.db, {
    ...s,
    result: q.result,
    path: q.path,
    orderId: q.orderId,
    sn: q.sn,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => toRequest(r, s.operator)), total, page: q.page, pageSize: q.pageSize };
}

export async function getGeneral(deps: Deps, auth: AuthContext, id: number): Promise<GeneralRecordDetail> {
  const own = ownAccount(auth);
  const v = await repo.findRequest(deps.db, id, dataOwner(auth));
  if (!v || (own !== undefined && v.req.accountId !== own)) throw notFound();
  const job = v.req.jobId ? await repo.findJobView(deps.db, v.req.jobId, dataOwner(auth)) : undefined;
  const visibleJob = job && (own === undefined || job.job.accountId === own) ? toBase(job, own === undefined) : null;
  return { ...toRequest(v, own === undefined), job: visibleJob };
}
