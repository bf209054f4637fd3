import { and, eq, inArray, sql } from 'drizzle-orm';
import { DeviceStatus, type StateAlertKind } from '@herald/contract';
import type { Db } from '../../db/client';
import { named } from '../../db/named';
import { alertRoutes, alertSettings, devices, users } from '../../db/schema';

// ── the devices' last states ───────────────────────────────────────────────

/** The battery threshold of the device's account, if it set one. */
export const batteryLowPercent = async (db: Db, deviceId: number) =>
  (
    await db
      .select({ pct: alertSettings.batteryLowPercent })
      .from(devices)
      .innerJoin(alertSettings, eq(alertSettings.accountId, devices.accountId))
      .where(eq(devices.id, deviceId))
      .limit(1)
  )[0]?.pct;

/**
 * Records a report's states: the kinds it speaks about (`reported`) become what it says
 * (`active`), the others stay. One upsert keeps the states before the swap beside the ones after,
 * so of two servers swapping at once each sees its own change. A report older than the last one
 * (the device's time) changes nothing: undefined.
 */
export async function swapStates(
  tx: Db,
  deviceId: number,
  reported: readonly StateAlertKind[],
  active: readonly StateAlertKind[],
  reportedAt: Date,
): Promise<{ prev: StateAlertKind[]; active: StateAlertKind[] } | undefined> {
  const { rows } = await tx.execute<{ prev_active: string[]; active: string[] }>(sql`
    insert into device_alert_states as s (device_id, active, prev_active, reported_at)
    values (${deviceId}, ${sql.param([...active])}::text[], '{}', ${reportedAt.toISOString()}::timestamptz)
    on conflict (device_id) do update set
      prev_active = s.active,
      active = array(select k from unnest(s.active) k where k <> all(${sql.param([...reported])}::text[])
                     union select unnest(excluded.active) order by 1),
      reported_at = excluded.reported_at
    where s.reported_at <= excluded.reported_at
    returning prev_active, active`);
  const r = rows[0];
  return r && { prev: r.prev_active as StateAlertKind[], active: r.active as StateAlertKind[] };
}

/** One report's swap (swapStates' arguments), waiting to be tried with those of the same moment. */
export type StateSwap = {
  deviceId: number;
  reported: readonly StateAlertKind[];
  active: readonly StateAlertKind[];
  reportedAt: Date;
};

/**
 * Records, in one statement, the reports of several devices (each at most once) that change none
 * of their states: their order (`reported_at`) moves on and the states stay, as swapStates would
 * leave them (prev_active the same as active). Nearly every report is one, and needs no delivering
 * transaction. A report that would change a state, or come before the last one, is left alone: it
 * goes through swapStates in its transaction. A device without states yet is recorded when its
 * report puts it in none. Returns the devices recorded.
 */
export async function recordUnchanged(db: Db, swaps: StateSwap[]): Promise<Set<number>> {
  const list = JSON.stringify(
    swaps.map((s) => ({ d: s.deviceId, rep: s.reported, act: s.active, t: s.reportedAt.toISOString() })),
  );
  const rows = await named(
    db,
    'alerts.record-unchanged',
    sql`
    with r as (
      select x.d, array(select jsonb_array_elements_text(x.rep)) as rep,
             array(select jsonb_array_elements_text(x.act)) as act, x.t
        from jsonb_to_recordset(${list}::jsonb) as x(d int, rep jsonb, act jsonb, t timestamptz)
    ), u as (
      update device_alert_states s
         set prev_active = s.active, active = array(select distinct k from unnest(s.active) k order by 1),
             reported_at = r.t
        from r
       where s.device_id = r.d and s.reported_at <= r.t and r.act <@ s.active
         and array(select k from unnest(s.active) k where k = any(r.rep)) <@ r.act
      returning s.device_id
    ), i as (
      insert into device_alert_states (device_id, active, prev_active, reported_at)
      select r.d, '{}', '{}', r.t from r where cardinality(r.act) = 0
      on conflict (device_id) do nothing
      returning device_id
    )
    select device_id from u union all select device_id from i`,
  );
  return new Set(rows.map((r) => Number(r.device_id)));
}

// ── digests ────────────────────────────────────────────────────────────────

/**
 * Folds an alert into its window's digest: the window is the one `shared_limits` counts the
 * device's alerts of the kind in (key `limitKey`), so every folded alert of it lands in one row.
 */
export async function fold(
  tx: Db,
  limitKey: string,
  a: { deviceId: number; kind: string; accountId: number; sn: string; phase: string; detail: string | null },
): Promise<void> {
  await tx.execute(sql`
    insert into alert_digests as d (device_id, kind, window_ends_at, account_id, sn, folded, last_phase, last_detail)
    select ${a.deviceId}, ${a.kind}, ends_at, ${a.accountId}, ${a.sn}, 1, ${a.phase}, ${a.detail}
      from shared_limits where key = ${limitKey}
    on conflict (device_id, kind, window_ends_at) do update set
      folded = d.folded + 1, last_phase = excluded.last_phase, last_detail = excluded.last_detail`);
}

export type DueDigest = {
  deviceId: number;
  kind: string;
  windowEndsAt: Date;
  accountId: number;
  sn: string;
  folded: number;
  lastPhase: string;
  lastDetail: string | null;
};

/**
 * Takes the digests whose window has ended: deleted in the caller's transaction, so the server
 * that sends one is the one that took it, and a failed send puts it back. Rows another server is
 * taking are skipped, not waited for.
 */
export async function takeDueDigests(tx: Db, now: Date, limit: number): Promise<DueDigest[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    delete from alert_digests where (device_id, kind, window_ends_at) in (
      select device_id, kind, window_ends_at from alert_digests
       where window_ends_at <= ${now.toISOString()}::timestamptz
       order by window_ends_at limit ${limit}
       for update skip locked)
    returning *`);
  return rows.map((r) => ({
    deviceId: Number(r.device_id),
    kind: String(r.kind),
    windowEndsAt: new Date(r.window_ends_at as string),
    accountId: Number(r.account_id),
    sn: String(r.sn),
    folded: Number(r.folded),
    lastPhase: String(r.last_phase),
    lastDetail: r.last_detail === null ? null : String(r.last_detail),
  }));
}

// ── channels ───────────────────────────────────────────────────────────────

export const settingsOf = async (db: Db, accountId: number) =>
  (await db.select().from(alertSettings).where(eq(alertSettings.accountId, accountId)).limit(1))[0];

export const saveSettings = (
  tx: Db,
  accountId: number,
  s: { webhookUrl: string | null; webhookKinds: string[]; batteryLowPercent: number; offlineAlertMinutes: number },
) =>
  tx
    .insert(alertSettings)
    .values({ accountId, ...s, updatedAt: new Date() })
    .onConflictDoUpdate({ target: alertSettings.accountId, set: { ...s, updatedAt: new Date() } });

/** The users' e-mail addresses, and their alert routes in the account when they have any. */
export const routesOf = (db: Db, accountId: number, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          userId: users.id,
          email: users.email,
          inAppKinds: alertRoutes.inAppKinds,
          emailKinds: alertRoutes.emailKinds,
        })
        .from(users)
        .leftJoin(alertRoutes, and(eq(alertRoutes.userId, users.id), eq(alertRoutes.accountId, accountId)))
        .where(inArray(users.id, userIds));

export const saveRoutes = (
  tx: Db,
  accountId: number,
  routes: { userId: number; inAppKinds: string[]; emailKinds: string[] }[],
) =>
  routes.length === 0
    ? Promise.resolve()
    : tx
        .insert(alertRoutes)
        .values(routes.map((r) => ({ accountId, ...r })))
        .onConflictDoUpdate({
          target: [alertRoutes.accountId, alertRoutes.userId],
          set: { inAppKinds: sql`excluded.in_app_kinds`, emailKinds: sql`excluded.email_kinds` },
        });

// ── offline ────────────────────────────────────────────────────────────────

/**
 * Devices offline longer than their account's offline time (default `defaultMinutes`), that went
 * offline within the last day and have not raised the offline alert yet: a device gone for
 * longer before this ran (or the feature came) is not announced late.
 */
export async function overdueOffline(db: Db, now: Date, defaultMinutes: number, limit: number) {
  const { rows } = await db.execute<{ id: number; sn: string; last_offline_at: string; minutes: number }>(sql`
    select d.id, d.sn, d.last_offline_at, coalesce(s.offline_alert_minutes, ${defaultMinutes}) as minutes
      from devices d
      left join alert_settings s on s.account_id = d.account_id
     where d.online = false and d.status = ${DeviceStatus.ENABLED}
       and d.last_offline_at > ${now.toISOString()}::timestamptz - interval '1 day'
       and d.last_offline_at <= ${now.toISOString()}::timestamptz
             - make_interval(mins => coalesce(s.offline_alert_minutes, ${defaultMinutes}))
       and not exists (select 1 from device_alert_states a where a.device_id = d.id and 'offline' = any(a.active))
     order by d.last_offline_at limit ${limit}`);
  return rows.map((r) => ({ id: Number(r.id), sn: r.sn, minutes: Number(r.minutes) }));
}

/**
 * Marks the device offline in its alert states unless it is already (or came back): true when
 * this call made the change, so of two servers one raises the alert. The report order
 * (`reported_at`) is the device's own and is left alone.
 */
export async function markOffline(tx: Db, deviceId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into device_alert_states as s (device_id, active, prev_active, reported_at)
    select ${deviceId}, '{offline}', '{}', '-infinity'::timestamptz
      from devices d where d.id = ${deviceId} and d.online = false
    on conflict (device_id) do update set active = array_append(s.active, 'offline')
    where not ('offline' = any(s.active))
    returning 1`);
  return rows.length > 0;
}

/**
 * Whether each device has an offline alert raised (one indexed read, outside any transaction), for
 * several devices in one statement, in the order asked: every device that connects asks, a
 * reconnecting fleet thousands of times within seconds.
 */
export async function offlineRaisedOf(db: Db, deviceIds: number[]): Promise<boolean[]> {
  const rows = await named(
    db,
    'alerts.offline-raised-of',
    sql`select device_id from device_alert_states
         where device_id = any(${sql.param(deviceIds)}::int[]) and 'offline' = any(active)`,
  );
  const raised = new Set(rows.map((r) => Number(r.device_id)));
  return deviceIds.map((id) => raised.has(id));
}

/** Clears the offline state of a device that is back: true when it was set (its recovery is due). */
export async function clearOffline(tx: Db, deviceId: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    update device_alert_states set active = array_remove(active, 'offline')
     where device_id = ${deviceId} and 'offline' = any(active)
    returning 1`);
  return rows.length > 0;
}
