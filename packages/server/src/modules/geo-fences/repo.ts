import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, devices, fenceDevices, fenceEvents, geoFences } from '../../db/schema';
import { ofOwnedDevice, ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';

/**
 * Watched devices that still exist: a deleted device drops out of every count and list. An "own
 * data only" reader (`owner`) counts only the devices assigned to them: the totals would tell of
 * the others'.
 */
const mineOnly = (owner: number | undefined) => (owner === undefined ? sql`` : sql` and d.owner_user_id = ${owner}`);
const deviceCountOf = (owner?: number) => sql<number>`(select count(*)::int from fence_devices fd
  join devices d on d.id = fd.device_id
  where fd.fence_id = geo_fences.id and d.status <> ${DeviceStatus.DELETED}${mineOnly(owner)})`;
const alarmCountOf = (owner?: number) => sql<number>`(select count(*)::int from fence_devices fd
  join devices d on d.id = fd.device_id
  where fd.fence_id = geo_fences.id and d.status <> ${DeviceStatus.DELETED} and fd.inside = false${mineOnly(owner)})`;

const accountName = sql<string>`(select a.name from ${accounts} a where a.id = geo_fences.account_id)`;
const fenceColumns = (owner?: number) => ({
  fence: geoFences,
  deviceCount: deviceCountOf(owner),
  alarmCount: alarmCountOf(owner),
  accountName,
});
export type FenceRow = {
  fence: typeof geoFences.$inferSelect;
  deviceCount: number;
  alarmCount: number;
  accountName: string;
};

export type FenceFilters = {
  /** undefined: every account's (operators) */
  accountId: number | undefined;
  /** an "own data only" reader: counts of their devices only */
  owner?: number;
  name?: string;
  enabled?: boolean;
  sortField?: 'name' | 'radius' | 'deviceCount' | 'alarmCount' | 'createdAt';
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
};

export async function listFences(db: Db, f: FenceFilters): Promise<{ rows: FenceRow[]; total: number }> {
  const where = and(
    ...([
      f.accountId !== undefined ? eq(geoFences.accountId, f.accountId) : undefined,
      f.name ? ilike(geoFences.name, containsPattern(f.name)) : undefined,
      f.enabled !== undefined ? eq(geoFences.enabled, f.enabled) : undefined,
    ] as (SQL | undefined)[]),
  );
  const columns = fenceColumns(f.owner);
  const order = sortedBy(
    {
      name: geoFences.name,
      radius: geoFences.radius,
      deviceCount: columns.deviceCount,
      alarmCount: columns.alarmCount,
      createdAt: geoFences.createdAt,
    },
    f,
    geoFences.id,
  ) ?? [desc(geoFences.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(geoFences)
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(geoFences).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** `accountId` undefined: whichever account's (operators). */
export const findFence = async (db: Db, accountId: number | undefined, id: number): Promise<FenceRow | undefined> =>
  (
    await db
      .select(fenceColumns())
      .from(geoFences)
      .where(and(eq(geoFences.id, id), accountId !== undefined ? eq(geoFences.accountId, accountId) : undefined))
      .limit(1)
  )[0];

export const insertFence = async (tx: Db, v: typeof geoFences.$inferInsert) =>
  (await tx.insert(geoFences).values(v).returning())[0]!;

/** Whether the fence was there to change. */
export const updateFence = async (tx: Db, id: number, v: Partial<typeof geoFences.$inferInsert>) =>
  (
    await tx
      .update(geoFences)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(geoFences.id, id))
      .returning({ id: geoFences.id })
  ).length > 0;

export const deleteFence = async (tx: Db, accountId: number, id: number) =>
  (
    await tx
      .delete(geoFences)
      .where(and(eq(geoFences.id, id), eq(geoFences.accountId, accountId)))
      .returning({ id: geoFences.id })
  ).length > 0;

// ── watched devices ──────────────────────────────────────────────────────

const positionColumns = {
  id: devices.id,
  sn: devices.sn,
  name: devices.name,
  online: devices.online,
  lat: devices.lat,
  lng: devices.lng,
  accuracy: devices.locationAccuracy,
  source: devices.locationSource,
  locatedAt: devices.locatedAt,
};

/** The chosen devices that are the account's own and not deleted, with their positions. */
export const accountDevices = (db: Db, accountId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(positionColumns)
        .from(devices)
        .where(
          and(inArray(devices.id, ids), eq(devices.accountId, accountId), ne(devices.status, DeviceStatus.DELETED)),
        );

/** The account's devices (not deleted) whose S/N or name contains `keyword`, by S/N. */
export const deviceOptions = (
  db: Db,
  accountId: number,
  keyword: string | undefined,
  limit: number,
  owner: number | undefined,
) =>
  db
    .select({ id: devices.id, sn: devices.sn, name: devices.name })
    .from(devices)
    .where(
      and(
        eq(devices.accountId, accountId),
        ownedBy(devices.ownerUserId, owner),
        ne(devices.status, DeviceStatus.DELETED),
        keyword
          ? or(ilike(devices.sn, containsPattern(keyword)), ilike(devices.name, containsPattern(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(devices.sn))
    .limit(limit);

/** `owner`: an "own data only" caller sees only the watched devices assigned to them. */
export const watchedDevices = (db: Db, fenceId: number, owner?: number) =>
  db
    .select({ ...positionColumns, inside: fenceDevices.inside, since: fenceDevices.since })
    .from(fenceDevices)
    .innerJoin(devices, eq(devices.id, fenceDevices.deviceId))
    .where(
      and(
        eq(fenceDevices.fenceId, fenceId),
        ne(devices.status, DeviceStatus.DELETED),
        ownedBy(devices.ownerUserId, owner),
      ),
    )
    .orderBy(asc(devices.sn));

/** Replaces the watched devices: the ones kept keep their state, new ones start with `states`. */
export async function setWatched(
  tx: Db,
  fenceId: number,
  states: { deviceId: number; inside: boolean | null; since: Date | null }[],
) {
  const ids = states.map((s) => s.deviceId);
  await tx
    .delete(fenceDevices)
    .where(and(eq(fenceDevices.fenceId, fenceId), ids.length ? notInArray(fenceDevices.deviceId, ids) : undefined));
  if (states.length === 0) return;
  await tx
    .insert(fenceDevices)
    .values(states.map((s) => ({ fenceId, ...s })))
    .onConflictDoNothing();
}

/** Sets a watched device's state outright (a moved or resized fence places its devices again, without events). */
export const placeDevice = (tx: Db, fenceId: number, deviceId: number, inside: boolean | null, since: Date | null) =>
  tx
    .update(fenceDevices)
    .set({ inside, since })
    .where(and(eq(fenceDevices.fenceId, fenceId), eq(fenceDevices.deviceId, deviceId)));

/**
 * The fences a device is watched by, with its state in each: for its location page, and (held)
 * for checking a new position, when the fences' rows are held FOR SHARE until the caller's
 * transaction ends, so an edit of one waits for the check or the check sees the edit.
 */
export function fencesOfDevice(db: Db, deviceId: number, opts: { hold?: boolean } = {}) {
  const q = db
    .select({
      id: geoFences.id,
      accountId: geoFences.accountId,
      name: geoFences.name,
      lat: geoFences.lat,
      lng: geoFences.lng,
      radius: geoFences.radius,
      enabled: geoFences.enabled,
      inside: fenceDevices.inside,
    })
    .from(fenceDevices)
    .innerJoin(geoFences, eq(geoFences.id, fenceDevices.fenceId))
    .where(eq(fenceDevices.deviceId, deviceId));
  return opts.hold ? q.orderBy(asc(geoFences.id)).for('share', { of: geoFences }) : q.orderBy(asc(geoFences.name));
}

/**
 * Moves a device's state from `from` to `to`, only if it still is `from` and the position is not
 * older than the state: two positions handled at once (two servers) cross once.
 */
export async function cross(tx: Db, fenceId: number, deviceId: number, from: boolean | null, to: boolean, at: Date) {
  const rows = await tx
    .update(fenceDevices)
    .set({ inside: to, since: at })
    .where(
      and(
        eq(fenceDevices.fenceId, fenceId),
        eq(fenceDevices.deviceId, deviceId),
        from === null ? isNull(fenceDevices.inside) : eq(fenceDevices.inside, from),
        or(isNull(fenceDevices.since), lte(fenceDevices.since, at)),
      ),
    )
    .returning({ fenceId: fenceDevices.fenceId });
  return rows.length > 0;
}

// ── events ───────────────────────────────────────────────────────────────

export const insertEvent = (tx: Db, e: typeof fenceEvents.$inferInsert) => tx.insert(fenceEvents).values(e);

export type EventFilters = {
  /** undefined: every account's (operators) */
  accountId: number | undefined;
  /** "own data only": the events of the devices assigned to this user */
  owner?: number;
  fenceId?: number;
  sn?: string;
  kind?: string;
  since: Date;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

export async function listEvents(db: Db, f: EventFilters) {
  const where = and(
    ...([
      f.accountId !== undefined ? eq(fenceEvents.accountId, f.accountId) : undefined,
      ofOwnedDevice(fenceEvents.deviceId, f.owner),
      gt(fenceEvents.at, f.since),
      f.fenceId !== undefined ? eq(fenceEvents.fenceId, f.fenceId) : undefined,
      f.sn ? ilike(devices.sn, containsPattern(f.sn)) : undefined,
      f.kind ? eq(fenceEvents.kind, f.kind) : undefined,
      f.from ? gte(fenceEvents.at, f.from) : undefined,
      f.to ? lte(fenceEvents.at, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const from = () =>
    db
      .select({ event: fenceEvents, fenceName: geoFences.name, sn: devices.sn, deviceName: devices.name })
      .from(fenceEvents)
      .innerJoin(geoFences, eq(geoFences.id, fenceEvents.fenceId))
      .innerJoin(devices, eq(devices.id, fenceEvents.deviceId));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(desc(fenceEvents.at), desc(fenceEvents.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(fenceEvents).innerJoin(devices, eq(devices.id, fenceEvents.deviceId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
