import { sql, type SQL } from 'drizzle-orm';
import { DeviceStatus, GeneralResult, JobStatus, PublishStatus, ResultCode } from '@herald/contract';
import type { Db } from '../../db/client';
import {
  finishApiRequest,
  mapJob,
  toTargetDevice,
  tsParam as ts,
  type Raw,
  type AckOutcome,
  type ApiCall,
  type JobRow,
  type NewJob,
  type TargetDevice,
} from './repo';

/**
 * The pipeline's SQL for many rows at once (see write-queue.ts): one statement per batch, every
 * item in a VALUES list with its position `i`, so each caller gets its own row back. The rules of
 * the single-row statements hold row by row: a transition is a conditional UPDATE
 * (`status < X`), duplicates change nothing, related records change in the same statement.
 * Callers make sure one batch names a job at most once (see rounds()).
 */

const rowsOf = async (db: Db, q: SQL) => (await db.execute<Raw>(q)).rows;
const list = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * What a transition returns: every column but the payload and the request (kilobytes of JSON
 * each that PGlite would serialize and the driver parse again, for nothing: the webhooks and
 * the pipeline need the status and the times). Rows mapped from these carry no payload/request.
 */
const LEAN = sql.raw(
  `jobs.id, jobs.msg_id, jobs.account_id, jobs.device_id, jobs.sn, jobs.kind, jobs.source, jobs.order_id,
   jobs.business_id, jobs.template_id, jobs.status, jobs.copies, jobs.amount, jobs.currency, jobs.payment_type,
   jobs.language, jobs.requested_at, jobs.expire_at, jobs.pushed_at, jobs.push_count, jobs.acked_at,
   jobs.ack_latency_ms, jobs.finished_at, jobs.reason`,
);

/** Split items into runs in which no key repeats (a job updated twice in one UPDATE ... FROM counts once). */
export function rounds<T>(items: T[], key: (t: T) => string): T[][] {
  const out: { seen: Set<string>; items: T[] }[] = [];
  for (const item of items) {
    const k = key(item);
    let r = out.find((x) => !x.seen.has(k));
    if (!r) out.push((r = { seen: new Set(), items: [] }));
    r.seen.add(k);
    r.items.push(item);
  }
  return out.map((r) => r.items);
}

// ── reads and inserts of the open API call ─────────────────────────────

export type NonceItem = { appKey: string; nonce: string; expiresAt: Date };

/** Records the nonces; per item false when it was seen before (also earlier in the same batch). */
export async function useNonces(db: Db, items: NonceItem[]): Promise<boolean[]> {
  const key = (appKey: unknown, nonce: unknown) => `${String(appKey)}\n${String(nonce)}`;
  const unique = new Map(items.map((n) => [key(n.appKey, n.nonce), n]));
  const rows = await rowsOf(
    db,
    sql`insert into api_nonces (app_key, nonce, expires_at)
        values ${list([...unique.values()].map((n) => sql`(${n.appKey}, ${n.nonce}, ${ts(n.expiresAt)}::timestamptz)`))}
        on conflict do nothing returning app_key, nonce`,
  );
  const fresh = new Set(rows.map((r) => key(r.app_key, r.nonce)));
  // the first of the batch's duplicates takes it
  return items.map((n) => fresh.delete(key(n.appKey, n.nonce)));
}

export type DeviceQuery = { accountId: number; sn: string };

/**
 * Devices by account and S/N (deleted devices and other accounts' devices are not found), for a
 * job: without the telemetry (a job never reads it; it is the largest column of the row).
 * The lookup is one index probe per S/N (`lateral … limit 1` keeps the planner from flattening
 * it): joined to a plain VALUES list, it read every live device of every account and hashed them,
 * a cost that grew with the whole fleet.
 */
export async function findDevices(db: Db, items: DeviceQuery[]): Promise<(TargetDevice | undefined)[]> {
  const rows = await rowsOf(
    db,
    sql`select v.i, d.id, d.sn, d.account_id, d.status, d.online, d.paused, d.muted_until, d.print_params,
               d.firmware_version, d.last_online_at, d.last_offline_at, m.type as model_type
          from (values ${list(items.map((q, i) => sql`(${i}::int, ${q.accountId}::int, ${q.sn}::text)`))}) v(i, account_id, sn)
          cross join lateral (select id, sn, account_id, status, online, paused, muted_until, print_params,
                                     firmware_version, last_online_at, last_offline_at, model_id
                                from devices
                               where sn = v.sn and status <> ${DeviceStatus.DELETED} and account_id = v.account_id
                               limit 1) d
          join models m on m.id = d.model_id`,
  );
  const out: (TargetDevice | undefined)[] = items.map(() => undefined);
  for (const r of rows) out[Number(r.i)] = toTargetDevice(r);
  return out;
}

/** The row a job insert stored (the column defaults as in the schema). */
function storedRow(id: number, j: NewJob): JobRow {
  return {
    id,
    msgId: j.msgId,
    accountId: j.accountId,
    deviceId: j.deviceId,
    sn: j.sn,
    kind: j.kind,
    source: j.source,
    orderId: j.orderId,
    businessId: j.businessId,
    templateId: j.templateId,
    status: JobStatus.NOT_PUSHED,
    payload: j.payload,
    request: j.request,
    copies: j.copies,
    amount: j.amount ?? null,
    currency: j.currency ?? null,
    paymentType: j.paymentType ?? null,
    language: j.language ?? null,
    requestedAt: j.requestedAt,
    expireAt: j.expireAt,
    pushedAt: null,
    pushCount: 0,
    ackedAt: null,
    ackLatencyMs: null,
    finishedAt: null,
    reason: null,
  };
}

export type JobInsert = { job: NewJob; api?: ApiCall };

/**
 * Store jobs (status 0) and, for open API calls, their general request records (result 2,
 * processing) in one statement. Per item the stored row, or null when the account already has a
 * job with that order id (the caller looks it up, as after a unique violation).
 */
export async function insertJobs(db: Db, items: JobInsert[]): Promise<(JobRow | null)[]> {
  const now = Date.now();
  const values = items.map(({ job: j, api }, i) => {
    const duration = api ? Math.max(0, now - api.startedAt) : null;
    return sql`(${i}::int, ${j.msgId}::uuid, ${j.accountId}::int, ${j.deviceId}::int, ${j.sn}::text, ${j.kind}::text,
      ${j.source}::text, ${j.orderId}::text, ${j.businessId}::int, ${j.templateId}::int,
      ${JSON.stringify(j.payload)}::jsonb, ${JSON.stringify(j.request)}::jsonb, ${j.copies}::smallint,
      ${j.amount ?? null}::text, ${j.currency ?? null}::text, ${j.paymentType ?? null}::text, ${j.language ?? null}::text,
      ${ts(j.requestedAt)}::timestamptz, ${ts(j.expireAt)}::timestamptz,
      ${api?.appKey ?? null}::text, ${api?.path ?? null}::text, ${api?.ip ?? null}::text, ${duration}::int)`;
  });
  const rows = await rowsOf(
    db,
    sql`with v(i, msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id, payload, request,
              copies, amount, currency, payment_type, language, requested_at, expire_at, app_key, path, ip, duration_ms)
          as (values ${list(values)}),
        j as (insert into jobs (msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id,
                payload, request, copies, amount, currency, payment_type, language, requested_at, expire_at)
              select msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id,
                payload, request, copies, amount, currency, payment_type, language, requested_at, expire_at
                from v order by i
              on conflict do nothing returning id, msg_id, account_id, order_id, sn, requested_at),
        r as (insert into api_requests (account_id, app_key, method, path, order_id, sn, job_id, result, code, message,
                ip, duration_ms, created_at)
              select j.account_id, v.app_key, 'POST', v.path, j.order_id, j.sn, j.id, ${GeneralResult.PROCESSING},
                ${ResultCode.SUCCESS}, 'ok', v.ip, v.duration_ms, j.requested_at
                from j join v on v.msg_id = j.msg_id where v.app_key is not null)
        select id, msg_id from j`,
  );
  // the rest of the row is what was sent (the payload goes out from here without a round trip)
  const ids = new Map(rows.map((r) => [String(r.msg_id), Number(r.id)]));
  return items.map(({ job }) => {
    const id = ids.get(job.msgId);
    return id === undefined ? null : storedRow(id, job);
  });
}

// ── transitions ────────────────────────────────────────────────────────

export type Pushed = { jobId: number; topic: string; bytes: number; publishedAt: number };

/**
 * Jobs went out (again): status 0 → 1, push time and count, a publish record (status 1) each.
 * A job already further along keeps its status. Per item the row, or undefined when it had ended.
 */
export async function markPushedMany(db: Db, items: Pushed[]): Promise<(JobRow | undefined)[]> {
  const rows = await rowsOf(
    db,
    sql`with v(id, topic, bytes, at) as (values ${list(
      items.map((p) => sql`(${p.jobId}::bigint, ${p.topic}::text, ${p.bytes}::int, ${ts(p.publishedAt)}::timestamptz)`),
    )}),
        j as (update jobs
                 set status = case when jobs.status = ${JobStatus.NOT_PUSHED} then ${JobStatus.PUSHED}::smallint else jobs.status end,
                     pushed_at = v.at, push_count = jobs.push_count + 1
                from v where jobs.id = v.id and jobs.status < ${JobStatus.SUCCESS} returning ${LEAN}),
        p as (insert into publish_records (job_id, account_id, device_id, sn, topic, msg_id, qos, status, bytes, published_at)
              select j.id, j.account_id, j.device_id, j.sn, v.topic, j.msg_id, 1, ${PublishStatus.PUSHED}, v.bytes, v.at
                from j join v on v.id = j.id)
        select * from j`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), mapJob(r)]));
  return items.map((p) => byId.get(p.jobId));
}

export type AckItem = { deviceId: number; msgId: string; echoedTs: number; outcome: AckOutcome; arrivedAt: number };

/**
 * Device acks. Per item: undefined when the id is not a job of that device (it may be a
 * command), the row when its status moved, null when nothing changed (a duplicate or late ack).
 * ok → 2 with the latency since the request; otherwise the job ends (4/5) with the reason. The
 * publish record an ack answers (matched by the echoed ts) becomes 2 with its latency.
 */
export async function ackJobs(db: Db, items: AckItem[]): Promise<(JobRow | null | undefined)[]> {
  const values = items.map((a, i) => {
    const latency = Math.max(0, Math.min(a.arrivedAt - a.echoedTs, 2_147_483_647));
    const ok = a.outcome.status === JobStatus.PUSH_SUCCEEDED;
    return sql`(${i}::int, ${a.msgId}::uuid, ${a.deviceId}::int, ${ok}::boolean, ${a.outcome.status}::smallint,
      ${a.outcome.reason}::text, ${ts(a.arrivedAt)}::timestamptz, ${ts(a.echoedTs)}::timestamptz, ${latency}::int)`;
  });
  const rows = await rowsOf(
    db,
    sql`with v(i, msg_id, device_id, ok, status, reason, at, echoed, latency) as (values ${list(values)}),
        t as (select jobs.id, v.i from jobs join v on jobs.msg_id = v.msg_id and jobs.device_id = v.device_id),
        j as (update jobs
                 set status = v.status,
                     acked_at = case when v.ok then v.at else coalesce(jobs.acked_at, v.at) end,
                     ack_latency_ms = case when v.ok
                       then greatest(0, round(extract(epoch from (v.at - jobs.requested_at)) * 1000))::int
                       else jobs.ack_latency_ms end,
                     finished_at = case when v.ok then jobs.finished_at else v.at end,
                     reason = case when v.ok then jobs.reason else v.reason end
                from t join v on v.i = t.i
               where jobs.id = t.id
                 and jobs.status < case when v.ok then ${JobStatus.PUSH_SUCCEEDED}::smallint else ${JobStatus.SUCCESS}::smallint end
              returning ${LEAN}),
        p as (update publish_records
                 set status = ${PublishStatus.PUSH_SUCCEEDED}, acked_at = v.at, latency_ms = v.latency
                from t join v on v.i = t.i
               where publish_records.job_id = t.id and publish_records.published_at = v.echoed
                 and publish_records.status < ${PublishStatus.PUSH_SUCCEEDED}),
        ${finishApiRequest}
        select v.i as idx, t.id as known_id, j.* from v left join t on t.i = v.i left join j on j.id = t.id`,
  );
  const out: (JobRow | null | undefined)[] = items.map(() => undefined);
  for (const r of rows) {
    if (r.known_id === null || r.known_id === undefined) continue;
    out[Number(r.idx)] = r.id === null || r.id === undefined ? null : mapJob(r);
  }
  return out;
}

export type ResultItem = { deviceId: number; msgId: string; status: 3 | 4; reason: string | null; at: number };

/** Device results: 3 success or 4 failed with its reason. Per item the row when it changed. */
export async function finishJobs(db: Db, items: ResultItem[]): Promise<(JobRow | undefined)[]> {
  const values = items.map(
    (r, i) =>
      sql`(${i}::int, ${r.msgId}::uuid, ${r.deviceId}::int, ${r.status}::smallint, ${r.reason}::text, ${ts(r.at)}::timestamptz)`,
  );
  const rows = await rowsOf(
    db,
    sql`with v(i, msg_id, device_id, status, reason, at) as (values ${list(values)}),
        j as (update jobs set status = v.status, finished_at = v.at, reason = v.reason
                from v where jobs.msg_id = v.msg_id and jobs.device_id = v.device_id
                 and jobs.status < ${JobStatus.SUCCESS}
              returning ${LEAN}, v.i as idx),
        ${finishApiRequest}
        select * from j`,
  );
  const out: (JobRow | undefined)[] = items.map(() => undefined);
  for (const r of rows) out[Number(r.idx)] = mapJob(r);
  return out;
}
