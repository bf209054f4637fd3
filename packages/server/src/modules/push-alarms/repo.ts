import { and, count, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AlarmSettingsBody } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, alarmMutes, alarmSettings, devices, pushAlarms, users } from '../../db/schema';
import { named } from '../../db/named';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { ofOwnedDevice } from '../../lib/data-scope';

/** The advisory lock space of push alarms (with the device id). */
const ALARM_LOCK = 727_276;

export const findSettings = async (db: Db, accountId: number) =>
  (await db.select().from(alarmSettings).where(eq(alarmSettings.accountId, accountId)).limit(1))[0];

/** The account's push-delay alarm service (accounts.push_alarm_enabled); a missing account: off. */
/** Whether the account has the push-delay alarm service (on by default, as the column; so for an account not found). */
export const serviceOn = async (db: Db, accountId: number): Promise<boolean> =>
  (await db.select({ on: accounts.pushAlarmEnabled }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]
    ?.on ?? true;

export const saveSettings = (tx: Db, accountId: number, s: AlarmSettingsBody) =>
  tx
    .insert(alarmSettings)
    .values({ accountId, ...s, updatedAt: new Date() })
    .onConflictDoUpdate({ target: alarmSettings.accountId, set: { ...s, updatedAt: new Date() } });

export type AlarmFilters = {
  accountId?: number;
  /** "own data only": the alarms of the devices assigned to this user */
  owner?: number;
  sn?: string;
  muted?: boolean;
  since: Date;
  from?: Date;
  to?: Date;
  now: Date;
  sortField?: 'lastAlarmAt' | 'firstAlarmAt' | 'latencyMs' | 'count';
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
};

const mutedNow = (now: Date) =>
  sql`(${alarmMutes.mutedUntil} is not null and ${alarmMutes.mutedUntil} > ${now.toISOString()}::timestamptz)`;

export async function listAlarms(db: Db, f: AlarmFilters) {
  const where = and(
    ...([
      gt(pushAlarms.lastAlarmAt, f.since),
      f.accountId !== undefined ? eq(pushAlarms.accountId, f.accountId) : undefined,
      ofOwnedDevice(pushAlarms.deviceId, f.owner),
      f.sn ? ilike(devices.sn, containsPattern(f.sn)) : undefined,
      f.muted === true ? mutedNow(f.now) : f.muted === false ? sql`not ${mutedNow(f.now)}` : undefined,
      f.from ? gte(pushAlarms.lastAlarmAt, f.from) : undefined,
      f.to ? lte(pushAlarms.lastAlarmAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const order = sortedBy(
    {
      lastAlarmAt: pushAlarms.lastAlarmAt,
      firstAlarmAt: pushAlarms.firstAlarmAt,
      latencyMs: pushAlarms.latencyMs,
      count: pushAlarms.count,
    },
    f,
    pushAlarms.id,
  ) ?? [desc(pushAlarms.lastAlarmAt), desc(pushAlarms.id)];
  const from = () =>
    db
      .select({
        alarm: pushAlarms,
        sn: devices.sn,
        deviceName: devices.name,
        accountName: accounts.name,
        mutedUntil: alarmMutes.mutedUntil,
        mutedAt: alarmMutes.mutedAt,
        mutedBy: users.username,
      })
      .from(pushAlarms)
      .innerJoin(devices, eq(devices.id, pushAlarms.deviceId))
      .leftJoin(accounts, eq(accounts.id, pushAlarms.accountId))
      .leftJoin(alarmMutes, eq(alarmMutes.deviceId, pushAlarms.deviceId))
      .leftJoin(users, eq(users.id, alarmMutes.mutedBy));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(pushAlarms)
      .innerJoin(devices, eq(devices.id, pushAlarms.deviceId))
      .leftJoin(alarmMutes, eq(alarmMutes.deviceId, pushAlarms.deviceId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AlarmView = Awaited<ReturnType<typeof listAlarms>>['rows'][number];

/** The devices (and S/Ns) of these alarm rows, within the account when one is given. */
export const devicesOfAlarms = (db: Db, ids: number[], accountId: number | undefined, owner?: number) =>
  db
    .selectDistinct({ deviceId: pushAlarms.deviceId, sn: devices.sn })
    .from(pushAlarms)
    .innerJoin(devices, eq(devices.id, pushAlarms.deviceId))
    .where(
      and(
        inArray(pushAlarms.id, ids),
        accountId !== undefined ? eq(pushAlarms.accountId, accountId) : undefined,
        ofOwnedDevice(pushAlarms.deviceId, owner),
      ),
    );

export const mute = (tx: Db, deviceIds: number[], until: Date, by: number, at: Date) =>
  tx
    .insert(alarmMutes)
    .values(deviceIds.map((deviceId) => ({ deviceId, mutedUntil: until, mutedBy: by, mutedAt: at })))
    .onConflictDoUpdate({
      target: alarmMutes.deviceId,
      // a new mute starts its own run of alarms (weighMutedAlarm)
      set: { mutedUntil: until, mutedBy: by, mutedAt: at, sustainedSince: null, lastAlarmAt: null },
    });

export const unmute = (tx: Db, deviceIds: number[]) =>
  tx.delete(alarmMutes).where(inArray(alarmMutes.deviceId, deviceIds));

/**
 * Records an alarm of a device: folded into its newest row when that began within the last
 * `notifyHours` (later time, one more, the slower latency), or a new row. Returns whether a new
 * row began (a message is due). A lock per device (not its row, which job inserts reference)
 * makes two alarms of one device at once fold into one row.
 */
export async function recordAlarm(
  tx: Db,
  a: { accountId: number; deviceId: number; latencyMs: number; thresholdMs: number },
  at: Date,
  notifyHours: number,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALARM_LOCK}, ${a.deviceId})`);
  const since = new Date(at.getTime() - notifyHours * 3_600_000);
  const newest = tx
    .select({ id: pushAlarms.id })
    .from(pushAlarms)
    .where(eq(pushAlarms.deviceId, a.deviceId))
    .orderBy(desc(pushAlarms.firstAlarmAt), desc(pushAlarms.id))
    .limit(1);
  const folded = await tx
    .update(pushAlarms)
    .set({
      lastAlarmAt: at,
      count: sql`${pushAlarms.count} + 1`,
      latencyMs: sql`greatest(${pushAlarms.latencyMs}, ${a.latencyMs})`,
      thresholdMs: a.thresholdMs,
    })
    .where(
      and(
        eq(pushAlarms.id, sql`(${newest})`),
        eq(pushAlarms.accountId, a.accountId),
        gte(pushAlarms.firstAlarmAt, since),
      ),
    )
    .returning({ id: pushAlarms.id });
  if (folded.length) return false;
  await tx.insert(pushAlarms).values({ ...a, firstAlarmAt: at, lastAlarmAt: at, count: 1 });
  return true;
}

export const mutedUntil = async (db: Db, deviceId: number) =>
  (await db.select().from(alarmMutes).where(eq(alarmMutes.deviceId, deviceId)).limit(1))[0]?.mutedUntil;

/**
 * An alarm of a muted device (mute live at `at`): counted in the mute's run of alarms, which starts
 * again when the one before is older than `gapMs`. When the run has lasted `liftAfterMs` (> 0) the
 * mute is deleted, as an unmute would. Returns whether it was (the account is then told).
 */
export async function weighMutedAlarm(
  tx: Db,
  deviceId: number,
  at: Date,
  gapMs: number,
  liftAfterMs: number,
): Promise<boolean> {
  const t = sql`${at.toISOString()}::timestamptz`;
  const [run] = await tx
    .update(alarmMutes)
    .set({
      sustainedSince: sql`case when ${alarmMutes.lastAlarmAt} is null or ${alarmMutes.sustainedSince} is null
                               or ${t} - ${alarmMutes.lastAlarmAt} > ${gapMs} * interval '1 millisecond'
                          then ${t} else ${alarmMutes.sustainedSince} end`,
      lastAlarmAt: sql`greatest(${alarmMutes.lastAlarmAt}, ${t})`,
    })
    .where(and(eq(alarmMutes.deviceId, deviceId), gt(alarmMutes.mutedUntil, at)))
    .returning({ since: alarmMutes.sustainedSince });
  if (!run?.since || liftAfterMs <= 0 || at.getTime() - run.since.getTime() < liftAfterMs) return false;
  await tx.delete(alarmMutes).where(eq(alarmMutes.deviceId, deviceId));
  return true;
}

/**
 * One slow push of a device, counted in its shared streak (one statement, whichever server the ack
 * reached): appended to the times of the latest slow pushes in a row (the last `consecutive` kept),
 * unless a fast push ended the streak after its last slow one (`endedAt`, ms, this server's fast
 * push not yet written; 0: none). When the last `consecutive` are within the monitoring window the
 * streak is spent (its times emptied, the slowest kept): the answer is then the slowest latency to
 * raise, else undefined. Rows serialise two servers' pushes of one device.
 */
export async function countSlowPush(
  db: Db,
  p: { deviceId: number; at: number; latencyMs: number; endedAt: number; consecutive: number; windowMs: number },
): Promise<number | undefined> {
  const at = sql`${p.at}::bigint`;
  const n = sql`${p.consecutive}::int`;
  const rows = await named(
    db,
    'alarms.slow-push',
    sql`insert into push_streaks as s (device_id, times, slowest, last_at)
          values (${p.deviceId}, case when ${n} <= 1 then '{}'::bigint[] else array[${at}] end, ${p.latencyMs}::int,
                  to_timestamp(${at} / 1000.0))
        on conflict (device_id) do update set (times, slowest, last_at) = (
          select case when cardinality(kept) >= ${n} and ${at} - kept[1] <= ${p.windowMs}::bigint
                      then '{}'::bigint[] else kept end,
                 slowest, to_timestamp(${at} / 1000.0)
            from (select (prior || ${at})[greatest(1, cardinality(prior) + 2 - ${n}):] as kept,
                         case when cardinality(prior) = 0 then ${p.latencyMs}::int
                              else greatest(s.slowest, ${p.latencyMs}::int) end as slowest
                    from (select case when cardinality(s.times) = 0 or s.times[cardinality(s.times)] < ${p.endedAt}::bigint
                                      then '{}'::bigint[] else s.times end as prior) p) k)
        returning cardinality(times) = 0 as raised, slowest`,
  );
  return rows[0]?.raised === true ? Number(rows[0].slowest) : undefined;
}

/** Fast pushes (device, time in ms): each ends its device's streak if the streak's last slow push came before it. */
export async function endStreaks(db: Db, fast: { deviceId: number; at: number }[]): Promise<void> {
  await named(
    db,
    'alarms.end-streaks',
    sql`delete from push_streaks s
         using unnest(${sql.param(fast.map((f) => f.deviceId))}::int[], ${sql.param(fast.map((f) => f.at))}::bigint[]) v(id, at)
         where s.device_id = v.id and (cardinality(s.times) = 0 or s.times[cardinality(s.times)] < v.at)`,
  );
}
