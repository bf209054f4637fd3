import { sql, type SQL } from 'drizzle-orm';
import {
  DeviceStatus,
  GeneralResult,
  JobStatus,
  PublishStatus,
  UNCONFIRMED,
  UNCONFIRMED_WINDOW_MS,
} from '@herald/contract';
import type { Db } from '../../db/client';
import { named } from '../../db/named';
import { publishRecords, type jobs } from '../../db/schema';

/**
 * The pipeline's single-row SQL (batches: batch-repo.ts). Every job transition is one conditional UPDATE (`status < X`), so a
 * duplicate or late message never moves a job backwards; rows of related tables (publish records,
 * general request records) change in the same statement through CTEs, keeping per-job round
 * trips to one per transition.
 */

export type JobRow = typeof jobs.$inferSelect;
export type Raw = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const date = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
export const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
export const tsParam = (d: Date | number) => new Date(d).toISOString();

/** Raw rows (PGlite and node-postgres type bigints and timestamps differently) → the drizzle row type. */
export function mapJob(r: Raw): JobRow {
  return {
    id: Number(r.id),
    msgId: String(r.msg_id),
    accountId: Number(r.account_id),
    deviceId: Number(r.device_id),
    sn: String(r.sn),
    kind: String(r.kind),
    source: String(r.source),
    orderId: (r.order_id as string | null) ?? null,
    businessId: num(r.business_id),
    templateId: num(r.template_id),
    status: Number(r.status),
    payload: json(r.payload),
    request: json(r.request ?? null),
    copies: Number(r.copies),
    amount: (r.amount as string | null) ?? null,
    currency: (r.currency as string | null) ?? null,
    paymentType: (r.payment_type as string | null) ?? null,
    language: (r.language as string | null) ?? null,
    requestedAt: date(r.requested_at)!,
    expireAt: date(r.expire_at)!,
    pushedAt: date(r.pushed_at),
    pushCount: Number(r.push_count),
    ackedAt: date(r.acked_at),
    ackLatencyMs: num(r.ack_latency_ms),
    finishedAt: date(r.finished_at),
    reason: (r.reason as string | null) ?? null,
    reprintOf: num(r.reprint_of),
  };
}

const rowsOf = async (db: Db, q: SQL) => (await db.execute<Raw>(q)).rows;

// ── lookups for a request ────────────────────────────────────────────────

export type TargetDevice = {
  id: number;
  sn: string;
  accountId: number;
  status: number;
  online: boolean;
  paused: boolean;
  mutedUntil: Date | null;
  printParams: Record<string, unknown>;
  telemetry: Record<string, unknown> | null;
  firmwareVersion: string | null;
  lastOnlineAt: Date | null;
  lastOfflineAt: Date | null;
  modelId: number;
  modelType: string;
};

/** A devices row (joined with its model's type) → TargetDevice; telemetry only where it was selected. */
export function toTargetDevice(r: Raw): TargetDevice {
  return {
    id: Number(r.id),
    sn: String(r.sn),
    accountId: Number(r.account_id),
    status: Number(r.status),
    online: r.online === true,
    paused: r.paused === true,
    mutedUntil: date(r.muted_until),
    printParams: (json(r.print_params) ?? {}) as Record<string, unknown>,
    telemetry: (json(r.telemetry) ?? null) as Record<string, unknown> | null,
    firmwareVersion: (r.firmware_version as string | null) ?? null,
    lastOnlineAt: date(r.last_online_at),
    lastOfflineAt: date(r.last_offline_at),
    modelId: Number(r.model_id),
    modelType: String(r.model_type),
  };
}

/** A device of this account by S/N (deleted devices and other accounts' devices are not found). */
export async function findDevice(db: Db, accountId: number, sn: string): Promise<TargetDevice | undefined> {
  const [r] = await rowsOf(
    db,
    sql`select d.id, d.sn, d.account_id, d.status, d.online, d.paused, d.muted_until, d.print_params,
               d.telemetry, d.firmware_version, d.last_online_at, d.last_offline_at, d.model_id, m.type as model_type
          from devices d join models m on m.id = d.model_id
         where d.sn = ${sn} and d.account_id = ${accountId} and d.status <> ${DeviceStatus.DELETED}`,
  );
  return r ? toTargetDevice(r) : undefined;
}

/** Jobs of a device requested since `since` (the account index narrows it; the device filter finishes). */
/**
 * A device's jobs since `since`, and when the window has room again for one more within `limit`:
 * the request time of the job whose leaving the window brings the count under the limit.
 */
export async function recentJobs(
  db: Db,
  accountId: number,
  deviceId: number,
  since: Date,
  limit: number,
): Promise<{ n: number; edge: Date | null }> {
  const [r] = await rowsOf(
    db,
    sql`select count(*) as n,
               (array_agg(requested_at order by requested_at))[greatest(count(*) - ${limit} + 1, 1)] as edge
          from jobs
         where account_id = ${accountId} and requested_at > ${tsParam(since)}::timestamptz and device_id = ${deviceId}`,
  );
  return { n: Number(r?.n ?? 0), edge: date(r?.edge) };
}

// ── jobs ─────────────────────────────────────────────────────────────────

export type NewJob = {
  msgId: string;
  accountId: number;
  deviceId: number;
  sn: string;
  kind: string;
  source: string;
  orderId: string | null;
  businessId: number | null;
  templateId: number | null;
  payload: object;
  request: object;
  copies: number;
  amount?: string | null;
  currency?: string | null;
  paymentType?: string | null;
  language?: string | null;
  requestedAt: Date;
  expireAt: Date;
};

/** The open API call a job came from: its general request record is written with the job. */
export type ApiCall = {
  appKey: string;
  path: string;
  ip: string | null;
  startedAt: number;
  /** set once the job insert has written the record */
  recorded?: boolean;
  /**
   * Settles once the call's nonce is known fresh (rejects when it was used before); checked
   * alongside the device lookup, and awaited before anything is written.
   */
  admitted?: Promise<void>;
  /** the call's device as its admission looked it up, by the S/N its body named */
  device?: { sn: string; found: Promise<TargetDevice | undefined> };
};

export async function findJobByOrder(db: Db, accountId: number, orderId: string): Promise<JobRow | undefined> {
  const [r] = await rowsOf(db, sql`select * from jobs where account_id = ${accountId} and order_id = ${orderId}`);
  return r ? mapJob(r) : undefined;
}

export async function findJobById(db: Db, accountId: number, id: number): Promise<JobRow | undefined> {
  const [r] = await rowsOf(db, sql`select * from jobs where id = ${id} and account_id = ${accountId}`);
  return r ? mapJob(r) : undefined;
}

/**
 * When a job ends, its general request record (if it came through the open API) ends with it: the
 * statement's CTE `name`, over the jobs a CTE returned (`from`, seen as `j`).
 */
export const finishApiRequestOf = (name: string, from: string) => sql`${sql.raw(name)} as (update api_requests a
    set result = case when j.status = ${JobStatus.SUCCESS} then ${GeneralResult.SUCCESS}::smallint else ${GeneralResult.FAILED}::smallint end
    from ${sql.raw(from)}
   where j.status >= ${JobStatus.SUCCESS} and j.source = 'api' and a.account_id = j.account_id and a.created_at = j.requested_at and a.job_id = j.id)`;
/** finishApiRequestOf as the CTE `r`, over the CTE `j`. */
export const finishApiRequest = finishApiRequestOf('r', 'j');

export type AckOutcome = { status: 2 | 4 | 5; reason: string | null };

/*
 * The scheduled reads of unfinished jobs say `finished_at is null`, the predicate of the partial
 * indexes they need (jobs_pending_idx, jobs_expiry_idx; see the jobs table in schema.ts): a
 * condition on status alone would not let PostgreSQL use them. They run as named statements
 * (db/named.ts): planning them was most of their cost. Their texts are exported so a test can
 * read their plans.
 */

/**
 * A job is published before its "pushed" row is written (the write is batched with the device's
 * ack), so a server killed in between leaves a job the device holds at status 0. Status 0 alone
 * therefore does not prove a job was never sent: it proves it only when its device was offline
 * from the request on (nothing is published to an offline device). The margin covers clocks of
 * different server processes.
 */
const OFFLINE_SINCE_MARGIN_MS = 60_000;

export const expireDueSql = (now: number, limit: number) => {
  const at = tsParam(now);
  // sent (or perhaps sent) and not reported: not confirmed, the device is asked what became of
  // it; never sent (its device offline all along): expired
  return sql`with j as (update jobs set status = ${JobStatus.TIMEOUT}, finished_at = ${at}::timestamptz,
                 reason = case when status = ${JobStatus.NOT_PUSHED} and not exists (
                     select 1 from devices d where d.id = jobs.device_id
                        and (d.online or d.last_offline_at > jobs.requested_at - ${OFFLINE_SINCE_MARGIN_MS}::float8 * interval '1 millisecond'))
                   then 'expired' else '${sql.raw(UNCONFIRMED)}' end
          where id in (select id from jobs where finished_at is null and expire_at < ${at}::timestamptz
                        order by expire_at limit ${limit})
            and finished_at is null returning *),
        ${finishApiRequest}
        select * from j`;
};

/** Unfinished jobs past their expiry become 5 (timeout), oldest first, a batch at a time. */
export async function expireDue(db: Db, now: number, limit = 500): Promise<JobRow[]> {
  return (await named(db, 'jobs.expire-due', expireDueSql(now, limit))).map(mapJob);
}

/**
 * When a sent job is sent again for want of an answer: `baseMs` after its last send, doubling
 * with each send up to `capMs`. A job acked and not reported yet (status 2) or not confirmed
 * waits three times as long: the device has it, and only its result may have been lost.
 */
export type Resend = { baseMs: number; capMs: number };
// a job not confirmed may never have had its "pushed" row (see expireDueSql): its request time stands in
const dueAfter = (now: string, times: number, r: Resend) =>
  sql`coalesce(j.pushed_at, j.requested_at) < ${now}::timestamptz - least(${r.baseMs * times}::float8 * 2 ^ (least(j.push_count, 16) - 1),
        ${r.capMs}::float8) * interval '1 millisecond'`;
/** `all`: every sent job (the device has just come online); otherwise those due (dueAfter). */
const sentDue = (now: string, r: Resend, all: boolean) =>
  all
    ? sql`j.status in (${JobStatus.PUSHED}, ${JobStatus.PUSH_SUCCEEDED})`
    : sql`(j.status = ${JobStatus.PUSHED} and ${dueAfter(now, 1, r)}
           or j.status = ${JobStatus.PUSH_SUCCEEDED} and ${dueAfter(now, 3, r)})`;
const unconfirmedDue = (now: string, r: Resend, all: boolean) =>
  sql`j.status = ${JobStatus.TIMEOUT} and j.reason = ${UNCONFIRMED}
      and j.finished_at > ${now}::timestamptz - ${UNCONFIRMED_WINDOW_MS}::float8 * interval '1 millisecond'
      ${all ? sql.raw('') : sql`and ${dueAfter(now, 3, r)}`}`;
/** jobs not confirmed sent to a device at once (the rest at its next turn) */
const UNCONFIRMED_PER_FLUSH = 200;

export const pendingForDeviceSql = (deviceId: number | SQL, now: number, r: Resend, all: boolean) => {
  const at = tsParam(now);
  // the head: the oldest job not acked (never pushed, or sent and due again); then the acked
  // jobs without a result (due again), which the device already holds in its order
  return sql`select * from (
         (select * from (select j.* from jobs j
                          where j.device_id = ${deviceId} and j.finished_at is null
                            and j.expire_at > ${at}::timestamptz and j.status < ${JobStatus.PUSH_SUCCEEDED}
                          order by j.id limit 1) j
           where j.status = ${JobStatus.NOT_PUSHED} or ${all ? sql.raw('true') : dueAfter(at, 1, r)})
         union all
         (select j.* from jobs j
           where j.device_id = ${deviceId} and j.finished_at is null and j.expire_at > ${at}::timestamptz
             and j.status = ${JobStatus.PUSH_SUCCEEDED} ${all ? sql.raw('') : sql`and ${dueAfter(at, 3, r)}`})
         union all
         (select j.* from jobs j
           where j.device_id = ${deviceId} and ${unconfirmedDue(at, r, all)}
           order by j.id limit ${UNCONFIRMED_PER_FLUSH})) q
       where not exists (select 1 from devices d where d.id = ${deviceId} and d.paused)
       order by q.id`;
};

/**
 * What a device should (still) receive, in id order, nothing while it is paused: the head of its
 * queue (its oldest job not acked: one at a time, the ack of each sends the next), when it was
 * never pushed or is due again; jobs acked without a result yet; and jobs not confirmed within
 * the window, to ask the device what became of them — those of them due again here; all of them
 * for devices that have just come online (pendingForDevices). Sent again, a job keeps its msgId:
 * the device drops what it already has and answers with its ack and result again.
 */
export async function pendingForDevice(db: Db, deviceId: number, now: number, r: Resend): Promise<JobRow[]> {
  const q = pendingForDeviceSql(deviceId, now, r, false);
  return (await named(db, 'jobs.device-queue-due', q)).map(mapJob);
}

/**
 * What devices that came online at the same moment (a restart's reconnects) should receive, all of
 * it (pendingForDevice's kinds, not only those due), in one statement: each device's jobs in id
 * order, in the order asked.
 */
export async function pendingForDevices(db: Db, deviceIds: number[], now: number, r: Resend): Promise<JobRow[][]> {
  const q = sql`select p.* from unnest(${sql.param([...new Set(deviceIds)])}::int[]) as dev(id)
                  cross join lateral (${pendingForDeviceSql(sql`dev.id`, now, r, true)}) p
                 order by p.device_id, p.id`;
  const byDevice = new Map<number, JobRow[]>();
  for (const job of (await named(db, 'jobs.devices-queue-all', q)).map(mapJob)) {
    const list = byDevice.get(job.deviceId) ?? [];
    list.push(job);
    byDevice.set(job.deviceId, list);
  }
  return deviceIds.map((id) => byDevice.get(id) ?? []);
}

export const strandedDevicesSql = (olderThan: number) =>
  sql`select distinct d.id, d.sn from jobs j join devices d on d.id = j.device_id
       where j.finished_at is null and j.status = ${JobStatus.NOT_PUSHED}
         and j.requested_at < ${tsParam(olderThan)}::timestamptz
         and j.expire_at > now() and d.online and not d.paused
       limit 100`;

/**
 * A safety net for the dispatcher: jobs still at 0 a while after they were stored although their
 * device is online and not paused (the device came online between the request's check and the
 * insert, or the broker was away). One row per device; the dispatcher then flushes that device.
 */
export async function strandedDevices(db: Db, olderThan: number): Promise<{ id: number; sn: string }[]> {
  const rows = await named(db, 'jobs.stranded', strandedDevicesSql(olderThan));
  return rows.map((r) => ({ id: Number(r.id), sn: String(r.sn) }));
}

export const resendDevicesSql = (now: number, r: Resend) => {
  const at = tsParam(now);
  return sql`select d.id, d.sn from devices d
       where d.online and not d.paused
         and (d.id in (select j.device_id from jobs j
                        where j.finished_at is null and j.expire_at > ${at}::timestamptz and ${sentDue(at, r, false)})
              or d.id in (select j.device_id from jobs j where ${unconfirmedDue(at, r, false)}))
       limit 500`;
};

/**
 * Online devices with a sent job that is due again (its ack or result has not come: the
 * message, or the device's answer, may have been lost with a broker or a server), or with a job
 * not confirmed whose device may now say what became of it.
 */
export async function resendDevices(db: Db, now: number, r: Resend): Promise<{ id: number; sn: string }[]> {
  const rows = await named(db, 'jobs.resend-due', resendDevicesSql(now, r));
  return rows.map((x) => ({ id: Number(x.id), sn: String(x.sn) }));
}

/** A job message the gateway did not take: its publish record, status 0 with the reason. */
export type RefusedPublish = {
  job: Pick<JobRow, 'id' | 'accountId' | 'deviceId' | 'sn' | 'msgId'>;
  topic: string;
  bytes: number;
  at: number;
  reason: 'queueFull' | 'brokerError';
};

export async function insertRefusedPublishes(db: Db, rs: RefusedPublish[]): Promise<void[]> {
  if (!rs.length) return [];
  await db.insert(publishRecords).values(
    rs.map((r) => ({
      jobId: r.job.id,
      accountId: r.job.accountId,
      deviceId: r.job.deviceId,
      sn: r.job.sn,
      topic: r.topic,
      msgId: r.job.msgId,
      qos: 1,
      status: PublishStatus.NOT_PUSHED,
      bytes: r.bytes,
      publishedAt: new Date(r.at),
      reason: r.reason,
    })),
  );
  return rs.map(() => undefined);
}
