import { sql, type SQL } from 'drizzle-orm';
import {
  CANCELLED,
  DeviceStatus,
  GeneralResult,
  JobStatus,
  PublishStatus,
  ResultCode,
  UNCONFIRMED,
} from '@herald/contract';
import type { Db } from '../../db/client';
import { arrayStatement } from '../../db/array-statement';
import { inText } from '../../db/named';
import {
  finishApiRequest,
  finishApiRequestOf,
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
 * The pipeline's SQL for many rows at once (see write-queue.ts): one statement per batch, the
 * items' fields as one array per column, unnested into rows with their position `i`, so each
 * caller gets its own row back. The rules of the single-row statements hold row by row: a
 * transition is a conditional UPDATE (`status < X`), duplicates change nothing, related records
 * change in the same statement. Callers make sure one batch names a job at most once (rounds()).
 *
 * Arrays rather than a VALUES list with a parameter per field: the statement's text is then the
 * same for every batch, so it is parsed once (a named prepared statement; on PGlite once for
 * all connections, see pglite-worker.mjs) instead of parsing a new text with ~20 parameters per
 * row every time. On PGlite a batch of 25 inserts took ~7 ms although planning and running it
 * took under 2; in bench/job-sql.ts, with both versions run in turn, the six statements went from
 * 1,526-1,786 to 1,173-1,376 µs of database time per job.
 */

/** A statement of the pipeline, named `jobs.<name>` (db/array-statement.ts). */
const statement = <T>(name: string) => arrayStatement<T>(`jobs.${name}`);

/**
 * A job that expired after it was sent, before its device reported it (status 5, not
 * confirmed): the device's late report still settles it, and Herald still sends it (to ask).
 */
const unconfirmed = sql.raw(`(jobs.status = ${JobStatus.TIMEOUT} and jobs.reason = '${UNCONFIRMED}')`);
/**
 * A job cancelled after it was sent: the device may have printed it before the cancel reached it,
 * and its report of success then wins (a printed job is recorded printed).
 */
const cancelled = sql.raw(`(jobs.status = ${JobStatus.FAILED} and jobs.reason = '${CANCELLED}')`);
/** A job a publish may be recorded for: unfinished, or not confirmed yet. */
const sendable = sql.raw(
  `(jobs.status < ${JobStatus.SUCCESS} or (jobs.status = ${JobStatus.TIMEOUT} and jobs.reason = '${UNCONFIRMED}'))`,
);

/**
 * A device has another job (older than `id`, or any other) still waiting for its ack: the oldest
 * such job is the head of the device's queue, and a device has one job at a time on its way
 * (pipeline.ts).
 */
const unacked = (device: SQL, other: SQL) =>
  sql`exists (select 1 from jobs o
               where o.device_id = ${device} and o.finished_at is null and o.expire_at > now()
                 and o.status < ${JobStatus.PUSH_SUCCEEDED} and ${other})`;
const unackedBefore = (device: SQL, id: SQL) => unacked(device, sql`o.id < ${id}`);
/** (the statement's snapshot still shows the job it acks as not acked: it is left out) */
const unackedOther = (device: SQL, id: SQL) => unacked(device, sql`o.id <> ${id}`);

/** Positions 0..n-1, to give each caller its own row back. */
const position = (_: unknown, i: number) => i;

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

// ── the device lookup and the insert of a job request ──────────────────

export type DeviceQuery = { accountId: number; sn: string };

/**
 * The device of each row of `v` (its `account_id` and `sn`), for a job: deleted devices and other
 * accounts' devices are not found. Without the telemetry (a job never reads it; it is the largest
 * column of the row). One index probe per S/N (`lateral … limit 1` keeps the planner from
 * flattening it): joined to a plain VALUES list, it read every live device of every account and
 * hashed them, a cost that grew with the whole fleet. The deleted status is written into the
 * text, so the generic plan keeps the S/N index (db/named.ts, inText). Also part of the open
 * API's admission statement (open-api/repo.ts), which looks up a job call's device with its nonce.
 */
export const jobDeviceOf = (v: SQL) =>
  sql`cross join lateral (select d.id, d.sn, d.account_id, d.status, d.online, d.paused, d.muted_until, d.print_params,
                                 d.firmware_version, d.last_online_at, d.last_offline_at, d.model_id, m.type as model_type
                            from devices d join models m on m.id = d.model_id
                           where d.sn = ${v}.sn and d.status <> ${inText(DeviceStatus.DELETED)} and d.account_id = ${v}.account_id
                           limit 1) d`;

/** Devices by account and S/N (jobDeviceOf), a batch of lookups at once. */
const selectDevices = statement<DeviceQuery>('devices')(
  { i: position, accountId: (q) => q.accountId, sn: (q) => q.sn },
  (c, rows) => sql`select v.i, d.*
               from (select * from unnest(${c.i}::int[], ${c.accountId}::int[], ${c.sn}::text[]) ${rows}) v(i, account_id, sn)
               ${jobDeviceOf(sql.raw('v'))}`,
);

export async function findDevices(db: Db, items: DeviceQuery[]): Promise<(TargetDevice | undefined)[]> {
  const rows = await selectDevices(db, items);
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
    reprintOf: null,
  };
}

export type JobInsert = { job: NewJob; api?: ApiCall };

const insertStatement = statement<JobInsert>('insert')(
  {
    i: position,
    msgId: (x) => x.job.msgId,
    accountId: (x) => x.job.accountId,
    deviceId: (x) => x.job.deviceId,
    sn: (x) => x.job.sn,
    kind: (x) => x.job.kind,
    source: (x) => x.job.source,
    orderId: (x) => x.job.orderId,
    businessId: (x) => x.job.businessId,
    templateId: (x) => x.job.templateId,
    payload: (x) => JSON.stringify(x.job.payload),
    request: (x) => JSON.stringify(x.job.request),
    copies: (x) => x.job.copies,
    amount: (x) => x.job.amount ?? null,
    currency: (x) => x.job.currency ?? null,
    paymentType: (x) => x.job.paymentType ?? null,
    language: (x) => x.job.language ?? null,
    requestedAt: (x) => ts(x.job.requestedAt),
    expireAt: (x) => ts(x.job.expireAt),
    appKey: (x) => x.api?.appKey ?? null,
    path: (x) => x.api?.path ?? null,
    ip: (x) => x.api?.ip ?? null,
    durationMs: (x) => (x.api ? Math.max(0, Date.now() - x.api.startedAt) : null),
  },
  (c, rows) => sql`with v as (select * from unnest(
              ${c.i}::int[], ${c.msgId}::uuid[], ${c.accountId}::int[], ${c.deviceId}::int[], ${c.sn}::text[],
              ${c.kind}::text[], ${c.source}::text[], ${c.orderId}::text[], ${c.businessId}::int[],
              ${c.templateId}::int[], ${c.payload}::jsonb[], ${c.request}::jsonb[], ${c.copies}::smallint[],
              ${c.amount}::text[], ${c.currency}::text[], ${c.paymentType}::text[], ${c.language}::text[],
              ${c.requestedAt}::timestamptz[], ${c.expireAt}::timestamptz[],
              ${c.appKey}::text[], ${c.path}::text[], ${c.ip}::text[], ${c.durationMs}::int[])
            as v(i, msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id, payload, request,
                 copies, amount, currency, payment_type, language, requested_at, expire_at, app_key, path, ip, duration_ms)
            ${rows}),
        j as (insert into jobs (msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id,
                payload, request, copies, amount, currency, payment_type, language, requested_at, expire_at)
              select msg_id, account_id, device_id, sn, kind, source, order_id, business_id, template_id,
                payload, request, copies, amount, currency, payment_type, language, requested_at, expire_at
                from v order by i
              on conflict do nothing returning id, msg_id, account_id, order_id, sn, requested_at, device_id),
        r as (insert into api_requests (account_id, app_key, method, path, order_id, sn, job_id, result, code, message,
                ip, duration_ms, created_at)
              select j.account_id, v.app_key, 'POST', v.path, j.order_id, j.sn, j.id, ${GeneralResult.PROCESSING},
                ${ResultCode.SUCCESS}, 'ok', v.ip, v.duration_ms, j.requested_at
                from j join v on v.msg_id = j.msg_id where v.app_key is not null)
        -- an older job of the device not acked yet (perhaps stored by another process, its publish
        -- still on its way): this one must not overtake it (pipeline.ts, dispatch)
        select id, msg_id, ${unackedBefore(sql.raw('j.device_id'), sql.raw('j.id'))} as older_pending from j`,
);

/** A job as stored, and whether an older job of its device was still waiting for its ack then. */
export type StoredJob = JobRow & { olderPending: boolean };

/**
 * Store jobs (status 0) and, for open API calls, their general request records (result 2,
 * processing) in one statement. Per item the stored row, or null when the account already has a
 * job with that order id (the caller looks it up, as after a unique violation).
 */
export async function insertJobs(db: Db, items: JobInsert[]): Promise<(StoredJob | null)[]> {
  const rows = await insertStatement(db, items);
  // the rest of the row is what was sent (the payload goes out from here without a round trip)
  const ids = new Map(rows.map((r) => [String(r.msg_id), r]));
  return items.map(({ job }) => {
    const r = ids.get(job.msgId);
    return r === undefined ? null : { ...storedRow(Number(r.id), job), olderPending: r.older_pending === true };
  });
}

// ── transitions ────────────────────────────────────────────────────────

export type Pushed = {
  jobId: number;
  /** the job's device and message id: what its ack names (see pushedAndAcked) */
  deviceId: number;
  msgId: string;
  topic: string;
  bytes: number;
  publishedAt: number;
};

const pushedStatement = statement<Pushed>('pushed')(
  { id: (p) => p.jobId, topic: (p) => p.topic, bytes: (p) => p.bytes, at: (p) => ts(p.publishedAt) },
  (
    c,
    rows,
  ) => sql`with v as (select * from unnest(${c.id}::bigint[], ${c.topic}::text[], ${c.bytes}::int[], ${c.at}::timestamptz[])
                     as v(id, topic, bytes, at) ${rows}),
        o as (select jobs.id, jobs.account_id, jobs.device_id, jobs.sn, jobs.msg_id,
                     case when jobs.acked_at >= v.at then jobs.acked_at end as acked
                from jobs join v on jobs.id = v.id),
        j as (update jobs
                 set status = case when jobs.status = ${JobStatus.NOT_PUSHED} then ${JobStatus.PUSHED}::smallint else jobs.status end,
                     pushed_at = v.at, push_count = jobs.push_count + 1
                from v where jobs.id = v.id and ${sendable} returning ${LEAN}),
        p as (insert into publish_records (job_id, account_id, device_id, sn, topic, msg_id, qos, status, bytes, published_at,
                acked_at, latency_ms)
              select o.id, o.account_id, o.device_id, o.sn, v.topic, o.msg_id, 1,
                case when o.acked is null then ${PublishStatus.PUSHED}::smallint else ${PublishStatus.PUSH_SUCCEEDED}::smallint end, v.bytes, v.at,
                o.acked, greatest(0, round(extract(epoch from (o.acked - v.at)) * 1000))::int
                from o join v on v.id = o.id)
        select * from j`,
);

/**
 * Jobs went out (again): status 0 → 1, push time and count, a publish record (status 1) each.
 * A job already further along keeps its status. Per item the row, or undefined when it had ended.
 * The device may answer before this is written (its ack is handled as it arrives, the publish's
 * write once the broker has taken the message; on PostgreSQL this was seen in 1 job of 20): a job
 * acked at or after this publish's time was acked for it, so its record is written as acked (2),
 * with the latency, and it is written even when the job has ended meanwhile. It was left at 1.
 */
export async function markPushedMany(db: Db, items: Pushed[]): Promise<(JobRow | undefined)[]> {
  const rows = await pushedStatement(db, items);
  const byId = new Map(rows.map((r) => [Number(r.id), mapJob(r)]));
  return items.map((p) => byId.get(p.jobId));
}

export type AckItem = { deviceId: number; msgId: string; echoedTs: number; outcome: AckOutcome; arrivedAt: number };

/** The publish → ack time of an ack (its arrival less the publish ts it echoes), as a publish record keeps it. */
const publishLatency = (a: AckItem) => Math.max(0, Math.min(a.arrivedAt - a.echoedTs, 2_147_483_647));
/** A job's request → ack time, for an ack that arrived at `at` (SQL over the `jobs` row being updated). */
const ackLatency = (at: SQL) => sql`greatest(0, round(extract(epoch from (${at} - jobs.requested_at)) * 1000))::int`;

/** A publish and the device's ok for it (its ack echoes that publish's ts), met in one batch. */
export type PushedAcked = { pushed: Pushed; ack: AckItem };

/**
 * What a batch of transitions writes in one statement (write-queue.ts): publishes with their ok
 * acks, and results of other jobs (a result of a job paired in the same batch waits for the next
 * statement, which sees the pair's changes).
 */
export type Settle = { pair: PushedAcked } | { result: ResultItem };
/** Per Settle item: a pair's rows (see pushedAndAcked), a result's row when it changed the job. */
export type Settled =
  { pair: { pushed: JobRow | undefined; ack: AckedJob | null } } | { result: SettledJob | undefined };

const pairOf = (x: Settle) => ('pair' in x ? x.pair : undefined);
const resultOf = (x: Settle) => ('result' in x ? x.result : undefined);

const settleStatement = statement<Settle>('pushed-acked')(
  {
    i: position,
    id: (x) => pairOf(x)?.pushed.jobId ?? null,
    topic: (x) => pairOf(x)?.pushed.topic ?? null,
    bytes: (x) => pairOf(x)?.pushed.bytes ?? null,
    at: (x) => (pairOf(x) ? ts(pairOf(x)!.pushed.publishedAt) : null),
    acked: (x) => (pairOf(x) ? ts(pairOf(x)!.ack.arrivedAt) : null),
    latency: (x) => (pairOf(x) ? publishLatency(pairOf(x)!.ack) : null),
    msgId: (x) => resultOf(x)?.msgId ?? null,
    deviceId: (x) => resultOf(x)?.deviceId ?? null,
    status: (x) => resultOf(x)?.status ?? null,
    reason: (x) => resultOf(x)?.reason ?? null,
    resultAt: (x) => (resultOf(x) ? ts(resultOf(x)!.at) : null),
  },
  (
    c,
    rows,
  ) => sql`with b as (select * from unnest(${c.i}::int[], ${c.id}::bigint[], ${c.topic}::text[], ${c.bytes}::int[],
                     ${c.at}::timestamptz[], ${c.acked}::timestamptz[], ${c.latency}::int[], ${c.msgId}::uuid[],
                     ${c.deviceId}::int[], ${c.status}::smallint[], ${c.reason}::text[], ${c.resultAt}::timestamptz[])
                   as b(i, id, topic, bytes, at, acked, latency, msg_id, device_id, status, reason, result_at) ${rows}),
        v as (select id, topic, bytes, at, acked, latency from b where id is not null),
        o as (select jobs.id, jobs.status as was from jobs join v on jobs.id = v.id),
        j as (update jobs
                 set status = case when jobs.status < ${JobStatus.PUSH_SUCCEEDED} then ${JobStatus.PUSH_SUCCEEDED}::smallint
                                   else jobs.status end,
                     pushed_at = v.at, push_count = jobs.push_count + 1,
                     acked_at = case when jobs.status < ${JobStatus.PUSH_SUCCEEDED} then v.acked else jobs.acked_at end,
                     ack_latency_ms = case when jobs.status < ${JobStatus.PUSH_SUCCEEDED}
                       then ${ackLatency(sql`v.acked`)} else jobs.ack_latency_ms end
                from v where jobs.id = v.id and ${sendable} returning ${LEAN}),
        p as (insert into publish_records (job_id, account_id, device_id, sn, topic, msg_id, qos, status, bytes,
                published_at, acked_at, latency_ms)
              select j.id, j.account_id, j.device_id, j.sn, v.topic, j.msg_id, 1, ${PublishStatus.PUSH_SUCCEEDED}, v.bytes,
                v.at, v.acked, v.latency
                from j join v on v.id = j.id),
        rv as (select i, msg_id, device_id, status, reason, result_at from b where msg_id is not null),
        ${resultCtes('rv', 'ro', 'rj', 'rr')}
        select o.was, ${unackedOther(sql.raw('j.device_id'), sql.raw('j.id'))} as waiting, j.*, null::int as idx
          from j join o on o.id = j.id
        union all
        select ro.was, null, rj.* from rj join ro on ro.id = rj.id`,
);

/**
 * Publishes and their ok acks, each pair in one go: what markPushedMany and then ackJobs would
 * leave, with one new row version of the job instead of two and the publish record written as
 * acked rather than inserted and updated. Under load most acks arrive while their publish's write
 * is still queued (measured at 450 jobs/s: 8 in 10), so this is the common case, not a rare one.
 * Results of other jobs go in the same statement (finishJobs' work): at 200 jobs/s on PostgreSQL a
 * batch holds a pair and a result, and two statements were two round trips and two commits.
 * Per pair: `pushed`, the row as markPushedMany would have returned it (status 1 when the job was
 * pending, so the pushed webhook still goes out); `ack`, the row when the ack moved the job to 2,
 * null when it changed nothing (the job was already acked or had ended). Per result: as finishJobs.
 */
export async function pushedAndAcked(db: Db, items: Settle[]): Promise<Settled[]> {
  const rows = await settleStatement(db, items);
  const pairs = new Map<number, { was: number; row: AckedJob }>();
  const results = new Map<number, SettledJob>();
  for (const r of rows) {
    if (r.idx === null || r.idx === undefined) pairs.set(Number(r.id), { was: Number(r.was), row: acked(r) });
    else results.set(Number(r.idx), settled(r));
  }
  return items.map((x, i) => {
    if ('result' in x) return { result: results.get(i) };
    const got = pairs.get(x.pair.pushed.jobId);
    if (!got) return { pair: { pushed: undefined, ack: null } }; // the job had ended: neither changed it
    const moved = got.was < JobStatus.PUSH_SUCCEEDED;
    // the publish as it would have read alone: a pending job became 1 (pushed), not yet acked
    const pushed =
      got.was === JobStatus.NOT_PUSHED
        ? { ...got.row, status: JobStatus.PUSHED, ackedAt: null, ackLatencyMs: null }
        : got.row;
    return { pair: { pushed, ack: moved ? got.row : null } };
  });
}

const ok = (a: AckItem) => a.outcome.status === JobStatus.PUSH_SUCCEEDED;

const ackStatement = statement<AckItem>('ack')(
  {
    i: position,
    msgId: (a) => a.msgId,
    deviceId: (a) => a.deviceId,
    ok,
    status: (a) => a.outcome.status,
    reason: (a) => a.outcome.reason,
    at: (a) => ts(a.arrivedAt),
    echoed: (a) => ts(a.echoedTs),
    latency: publishLatency,
  },
  (
    c,
    rows,
  ) => sql`with v as (select * from unnest(${c.i}::int[], ${c.msgId}::uuid[], ${c.deviceId}::int[], ${c.ok}::boolean[],
                     ${c.status}::smallint[], ${c.reason}::text[], ${c.at}::timestamptz[], ${c.echoed}::timestamptz[],
                     ${c.latency}::int[])
                   as v(i, msg_id, device_id, ok, status, reason, at, echoed, latency) ${rows}),
        t as (select jobs.id, v.i, jobs.status as was from jobs join v on jobs.msg_id = v.msg_id and jobs.device_id = v.device_id),
        j as (update jobs
                 set status = v.status,
                     acked_at = case when v.ok then v.at else coalesce(jobs.acked_at, v.at) end,
                     ack_latency_ms = case when v.ok then ${ackLatency(sql`v.at`)} else jobs.ack_latency_ms end,
                     finished_at = case when v.ok then jobs.finished_at else v.at end,
                     reason = case when v.ok then jobs.reason else v.reason end
                from t join v on v.i = t.i
               where jobs.id = t.id
                 and (jobs.status < case when v.ok then ${JobStatus.PUSH_SUCCEEDED}::smallint else ${JobStatus.SUCCESS}::smallint end
                      or (not v.ok and ${unconfirmed}))
              returning ${LEAN}),
        p as (update publish_records
                 set status = ${PublishStatus.PUSH_SUCCEEDED}, acked_at = v.at, latency_ms = v.latency
                from t join v on v.i = t.i
               where publish_records.job_id = t.id and publish_records.published_at = v.echoed
                 and publish_records.status < ${PublishStatus.PUSH_SUCCEEDED}),
        ${finishApiRequest}
        select v.i as idx, t.id as known_id, t.was, ${unackedOther(sql.raw('j.device_id'), sql.raw('j.id'))} as waiting, j.*
          from v left join t on t.i = v.i left join j on j.id = t.id`,
);

/**
 * Device acks. Per item: undefined when the id is not a job of that device (it may be a
 * command), the row when its status moved, null when nothing changed (a duplicate or late ack).
 * ok → 2 with the latency since the request; otherwise the job ends (4/5) with the reason. The
 * publish record an ack answers (matched by the echoed ts) becomes 2 with its latency.
 */
export async function ackJobs(db: Db, items: AckItem[]): Promise<(AckedJob | null | undefined)[]> {
  const rows = await ackStatement(db, items);
  const out: (AckedJob | null | undefined)[] = items.map(() => undefined);
  for (const r of rows) {
    if (r.known_id === null || r.known_id === undefined) continue;
    out[Number(r.idx)] = r.id === null || r.id === undefined ? null : acked(r);
  }
  return out;
}

/**
 * A job an ack moved, and whether its device still has a job waiting for its ack (the next in
 * its queue, which the pipeline then sends: one job at a time on its way to a device).
 */
export type AckedJob = SettledJob & { waiting?: boolean };
const acked = (r: Raw): AckedJob => Object.assign(settled(r), { waiting: r.waiting === true });

/** status: 3 success, 4 failed, 5 timeout (the job expired in the device's queue) */
export type ResultItem = { deviceId: number; msgId: string; status: 3 | 4 | 5; reason: string | null; at: number };

/**
 * A result's CTEs over the rows of `v` (i, msg_id, device_id, status, reason, result_at): `o` the
 * jobs as they were, `j` the jobs it moved (with `idx`, the row's position), `r` their general
 * request records. Named by the caller: the pair statement holds them beside its own.
 */
function resultCtes(v: string, o: string, j: string, r: string): SQL {
  const [V, O, J] = [v, o, j].map((x) => sql.raw(x));
  return sql`${O} as (select jobs.id, jobs.status as was from jobs join ${V} v on jobs.msg_id = v.msg_id and jobs.device_id = v.device_id),
        ${J} as (update jobs set status = v.status, finished_at = v.result_at, reason = v.reason
                from ${V} v where jobs.msg_id = v.msg_id and jobs.device_id = v.device_id
                 and (jobs.status < ${JobStatus.SUCCESS} or ${unconfirmed}
                      or (v.status = ${JobStatus.SUCCESS} and ${cancelled}))
              returning ${LEAN}, v.i as idx),
        ${finishApiRequestOf(r, `${j} j`)}`;
}

const resultStatement = statement<ResultItem>('result')(
  {
    i: position,
    msgId: (r) => r.msgId,
    deviceId: (r) => r.deviceId,
    status: (r) => r.status,
    reason: (r) => r.reason,
    at: (r) => ts(r.at),
  },
  (c, rows) => sql`with v as (select * from unnest(${c.i}::int[], ${c.msgId}::uuid[], ${c.deviceId}::int[],
                     ${c.status}::smallint[], ${c.reason}::text[], ${c.at}::timestamptz[])
                   as v(i, msg_id, device_id, status, reason, result_at) ${rows}),
        ${resultCtes('v', 'o', 'j', 'r')}
        select o.was, j.* from j join o on o.id = j.id`,
);

/** Device results: 3 success, 4 failed with its reason, 5 expired. Per item the row when it changed. */
export async function finishJobs(db: Db, items: ResultItem[]): Promise<(SettledJob | undefined)[]> {
  const rows = await resultStatement(db, items);
  const out: (SettledJob | undefined)[] = items.map(() => undefined);
  for (const r of rows) out[Number(r.idx)] = settled(r);
  return out;
}

/** A job a device's answer moved; `late`: it had ended as not confirmed (5) before (dashboard counts move, not add). */
export type SettledJob = JobRow & { late?: boolean };
const settled = (r: Raw): SettledJob =>
  Object.assign(mapJob(r), { late: r.was !== undefined && r.was !== null && Number(r.was) >= JobStatus.SUCCESS });
