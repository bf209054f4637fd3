import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_RANK_SIZE, DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';

/** The dashboard's window: `from` the start of the first day, `to` the end of today; `offsetMs` the viewer's clock. */
export type Window = { from: Date; to: Date; offsetMs: number };
/** One account, or the whole platform (undefined). */
export type Scope = number | undefined;
/** "own data only": the figures of the devices assigned to this user (lib/data-scope.ts). */
export type Owner = number | undefined;

const DAY_MS = 86_400_000;
const int = (v: unknown) => Number(v ?? 0);
const rowsOf = async (db: Db, q: SQL) => (await db.execute(q)).rows as Record<string, unknown>[];

/** The day number (days since 1970 on the viewer's clock) of a time column, as SQL. */
const dayOf = (column: SQL, w: Window) =>
  sql`floor((extract(epoch from ${column}) * 1000 + ${w.offsetMs}) / ${DAY_MS})::int`;

const ownerOnly = (owner: Owner) => (owner === undefined ? sql`` : sql` and d.owner_user_id = ${owner}`);

const liveDevices = (scope: Scope, owner?: Owner) =>
  scope === undefined
    ? sql`d.status <> ${DeviceStatus.DELETED}`
    : sql`d.account_id = ${scope} and d.status <> ${DeviceStatus.DELETED}${ownerOnly(owner)}`;

/**
 * An owner's job figures, counted from the jobs of their devices: the kept counts (job_stats) are
 * per account only. The dashboard's window is well inside the jobs' retention.
 */
const ownerJobs = (scope: Scope, owner: number, from: Date, to: Date) =>
  sql`select requested_at, kind, 1 as requested, (status = 3)::int as success, (status > 3)::int as failed
        from jobs where account_id = ${scope ?? 0} and requested_at >= ${from} and requested_at < ${to}
         and device_id in (select d.id from devices d where d.owner_user_id = ${owner})`;

export async function deviceTotals(db: Db, scope: Scope, owner?: Owner) {
  const [r] = await rowsOf(
    db,
    sql`select count(*)::int as total, (count(*) filter (where d.activated))::int as activated,
               (count(*) filter (where d.online))::int as online
          from devices d where ${liveDevices(scope, owner)}`,
  );
  return { total: int(r?.total), activated: int(r?.activated), online: int(r?.online) };
}

/** Jobs requested in [from, to) and how many of them finished, by outcome. */
export async function jobTotals(db: Db, scope: Scope, from: Date, to: Date, owner?: Owner) {
  const [r] = await rowsOf(
    db,
    owner !== undefined
      ? sql`select coalesce(sum(requested), 0)::int as requested, coalesce(sum(success), 0)::int as success,
                   coalesce(sum(failed), 0)::int as failed from (${ownerJobs(scope, owner, from, to)}) j`
      : sql`select coalesce(sum(requested), 0)::int as requested, coalesce(sum(success), 0)::int as success,
               coalesce(sum(failed), 0)::int as failed
          from job_stats where account_id = ${scope ?? 0} and bucket >= ${from} and bucket < ${to}`,
  );
  return { requested: int(r?.requested), success: int(r?.success), failed: int(r?.failed) };
}

/** Per day of the window and kind: requested, success, failed. */
export async function jobsByDay(db: Db, scope: Scope, w: Window, owner?: Owner) {
  const rows = await rowsOf(
    db,
    owner !== undefined
      ? sql`select ${dayOf(sql`requested_at`, w)} as day, kind, sum(requested)::int as requested,
                   sum(success)::int as success, sum(failed)::int as failed
              from (${ownerJobs(scope, owner, w.from, w.to)}) j group by 1, 2`
      : sql`select ${dayOf(sql`bucket`, w)} as day, kind, sum(requested)::int as requested, sum(success)::int as success,
               sum(failed)::int as failed
          from job_stats where account_id = ${scope ?? 0} and bucket >= ${w.from} and bucket < ${w.to}
         group by 1, 2`,
  );
  return rows.map((r) => ({
    day: int(r.day),
    kind: String(r.kind),
    requested: int(r.requested),
    success: int(r.success),
    failed: int(r.failed),
  }));
}

export async function deviceStates(db: Db, scope: Scope, owner?: Owner) {
  const [r] = await rowsOf(
    db,
    sql`select (count(*) filter (where d.status = ${DeviceStatus.ENABLED} and d.online))::int as online,
               (count(*) filter (where d.status = ${DeviceStatus.ENABLED} and not d.online))::int as offline,
               (count(*) filter (where d.status = ${DeviceStatus.DISABLED}))::int as disabled,
               (count(*) filter (where d.status = ${DeviceStatus.NOT_ENABLED}))::int as not_enabled,
               (count(*) filter (where d.paused))::int as paused,
               (count(*) filter (where d.muted_until > now()))::int as muted,
               (count(*) filter (where not d.activated))::int as not_activated
          from devices d where ${liveDevices(scope, owner)}`,
  );
  return {
    online: int(r?.online),
    offline: int(r?.offline),
    disabled: int(r?.disabled),
    notEnabled: int(r?.not_enabled),
    paused: int(r?.paused),
    muted: int(r?.muted),
    notActivated: int(r?.not_activated),
  };
}

/** Per day of the window: connections made and distinct devices that made them; devices added; devices activated. */
export async function sessionsByDay(db: Db, scope: Scope, w: Window, owner?: Owner) {
  const inScope = scope === undefined ? sql`true` : sql`d.account_id = ${scope}${ownerOnly(owner)}`;
  const [sessions, added, activated] = await Promise.all([
    rowsOf(
      db,
      // the platform's need no join: every session is some device's
      sql`select ${dayOf(sql`c.connected_at`, w)} as day, count(*)::int as sessions,
                 count(distinct c.device_id)::int as connected
            from device_connections c
           where ${scope === undefined ? sql`true` : sql`c.device_id in (select d.id from devices d where ${inScope})`}
             and c.connected_at >= ${w.from} and c.connected_at < ${w.to}
           group by 1`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf(sql`d.created_at`, w)} as day, count(*)::int as n from devices d
           where ${inScope} and d.created_at >= ${w.from} and d.created_at < ${w.to} group by 1`,
    ),
    rowsOf(
      db,
      sql`select ${dayOf(sql`d.activated_at`, w)} as day, count(*)::int as n from devices d
           where ${inScope} and d.activated_at >= ${w.from} and d.activated_at < ${w.to} group by 1`,
    ),
  ]);
  const byDay = (rows: Record<string, unknown>[], key: string) => new Map(rows.map((r) => [int(r.day), int(r[key])]));
  return {
    sessions: byDay(sessions, 'sessions'),
    connected: byDay(sessions, 'connected'),
    added: byDay(added, 'n'),
    activated: byDay(activated, 'n'),
  };
}

/** Live devices per model, the largest first. */
export async function devicesByModel(db: Db, scope: Scope, owner?: Owner) {
  const rows = await rowsOf(
    db,
    sql`select m.id, m.name, m.code, count(*)::int as n
          from devices d join models m on m.id = d.model_id
         where ${liveDevices(scope, owner)}
         group by m.id, m.name, m.code order by n desc, m.id`,
  );
  return rows.map((r) => ({ modelId: int(r.id), name: String(r.name), code: String(r.code), count: int(r.n) }));
}

/** The accounts with the most jobs requested in [from, to), with their live devices. */
export async function topAccounts(db: Db, from: Date, to: Date) {
  const rows = await rowsOf(
    db,
    sql`with r as (select account_id, sum(requested)::int as requested, sum(success)::int as success,
                          sum(failed)::int as failed
                     from job_stats where account_id > 0 and bucket >= ${from} and bucket < ${to}
                    group by account_id order by requested desc, account_id limit ${DASHBOARD_RANK_SIZE})
        select r.*, a.name,
               (select count(*)::int from devices d where d.account_id = r.account_id
                   and d.status <> ${DeviceStatus.DELETED}) as devices
          from r join accounts a on a.id = r.account_id
         order by r.requested desc, r.account_id`,
  );
  return rows.map((r) => ({
    accountId: int(r.account_id),
    name: String(r.name),
    devices: int(r.devices),
    requested: int(r.requested),
    success: int(r.success),
    failed: int(r.failed),
  }));
}

/**
 * The devices of one account (or of the platform) with the most jobs requested on the UTC days from
 * `from`'s to `to`'s (the per-device counts are kept per UTC day: a week on the viewer's clock touches eight).
 */
export async function topDevices(db: Db, scope: Scope, from: Date, to: Date, owner?: Owner) {
  const firstDay = new Date(Math.floor(from.getTime() / DAY_MS) * DAY_MS);
  const rows = await rowsOf(
    db,
    sql`with r as (select device_id, sum(requested)::int as requested, sum(success)::int as success,
                          sum(failed)::int as failed
                     from device_job_stats
                    where ${scope === undefined ? sql`true` : sql`account_id = ${scope}`}
                      and day >= ${firstDay} and day < ${to}
                      ${owner === undefined ? sql`` : sql`and device_id in (select d.id from devices d where d.owner_user_id = ${owner})`}
                    group by device_id order by requested desc, device_id limit ${DASHBOARD_RANK_SIZE})
        select r.*, d.sn, d.name, a.name as account_name
          from r join devices d on d.id = r.device_id join accounts a on a.id = d.account_id
         order by r.requested desc, r.device_id`,
  );
  return rows.map((r) => ({
    deviceId: int(r.device_id),
    sn: String(r.sn),
    name: r.name === null || r.name === undefined ? null : String(r.name),
    accountName: String(r.account_name),
    requested: int(r.requested),
    success: int(r.success),
    failed: int(r.failed),
  }));
}
