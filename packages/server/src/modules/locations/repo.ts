import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { DeviceStatus, type LocationSource } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, cellTowers, devices, deviceTrack, models } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { hasGeoService } from '../geo-common/geo-enabled';
import { ownedBy } from '../../lib/data-scope';

// ── positions and the track ─────────────────────────────────────────────

export async function cellsKnown(db: Db, cells: readonly { mcc: number; mnc: number; lac: number; cid: number }[]) {
  const match = or(
    ...cells.map((c) =>
      and(eq(cellTowers.mcc, c.mcc), eq(cellTowers.mnc, c.mnc), eq(cellTowers.lac, c.lac), eq(cellTowers.cid, c.cid)),
    ),
  );
  return db
    .select({
      mcc: cellTowers.mcc,
      mnc: cellTowers.mnc,
      lac: cellTowers.lac,
      cid: cellTowers.cid,
      lat: cellTowers.lat,
      lng: cellTowers.lng,
      range: cellTowers.range,
    })
    .from(cellTowers)
    .where(match);
}

export const lastTrackPoint = async (db: Db, deviceId: number) =>
  (
    await db
      .select()
      .from(deviceTrack)
      .where(eq(deviceTrack.deviceId, deviceId))
      .orderBy(desc(deviceTrack.lastAt), desc(deviceTrack.id))
      .limit(1)
  )[0];

export const stayLonger = (db: Db, id: number, at: Date) =>
  db
    .update(deviceTrack)
    .set({ lastAt: at })
    .where(and(eq(deviceTrack.id, id), lte(deviceTrack.lastAt, at)));

export const addTrackPoint = (
  db: Db,
  p: { deviceId: number; lat: number; lng: number; accuracy: number | null; source: LocationSource; at: Date },
) =>
  db.insert(deviceTrack).values({
    deviceId: p.deviceId,
    lat: p.lat,
    lng: p.lng,
    accuracy: p.accuracy,
    source: p.source,
    firstAt: p.at,
    lastAt: p.at,
  });

export const trackOf = (db: Db, deviceId: number, from: Date, to: Date, limit: number) =>
  db
    .select()
    .from(deviceTrack)
    .where(and(eq(deviceTrack.deviceId, deviceId), gte(deviceTrack.lastAt, from), lte(deviceTrack.firstAt, to)))
    .orderBy(desc(deviceTrack.lastAt), desc(deviceTrack.id))
    .limit(limit);

// ── the map ──────────────────────────────────────────────────────────────

/** Accounts whose fleet is on the map: the ones with the geolocation service. */
const geoAccount = hasGeoService(devices.accountId);

export type MapFilters = {
  accountId?: number;
  keyword?: string;
  online?: boolean;
  located?: boolean;
  modelId?: number;
  groupId?: number;
  /** "own data only": the devices assigned to this user */
  owner?: number;
};

function mapWhere(f: MapFilters): SQL | undefined {
  const located = and(isNotNull(devices.lat), isNotNull(devices.lng));
  return and(
    ...([
      ne(devices.status, DeviceStatus.DELETED),
      geoAccount,
      f.accountId !== undefined ? eq(devices.accountId, f.accountId) : undefined,
      ownedBy(devices.ownerUserId, f.owner),
      f.keyword
        ? or(ilike(devices.sn, containsPattern(f.keyword)), ilike(devices.name, containsPattern(f.keyword)))
        : undefined,
      f.online !== undefined ? eq(devices.online, f.online) : undefined,
      f.located === true ? located : f.located === false ? or(isNull(devices.lat), isNull(devices.lng)) : undefined,
      f.modelId !== undefined ? eq(devices.modelId, f.modelId) : undefined,
      f.groupId !== undefined ? eq(devices.groupId, f.groupId) : undefined,
    ] as (SQL | undefined)[]),
  );
}

const mapColumns = {
  id: devices.id,
  sn: devices.sn,
  name: devices.name,
  accountId: devices.accountId,
  accountName: accounts.name,
  modelName: models.name,
  online: devices.online,
  lat: devices.lat,
  lng: devices.lng,
  accuracy: devices.locationAccuracy,
  source: devices.locationSource,
  locatedAt: devices.locatedAt,
  lastSeenAt: devices.telemetryAt,
};

const mapFrom = (db: Db) =>
  db
    .select(mapColumns)
    .from(devices)
    .leftJoin(accounts, eq(accounts.id, devices.accountId))
    .leftJoin(models, eq(models.id, devices.modelId));

export async function mapPage(
  db: Db,
  f: MapFilters & { sortField?: 'sn' | 'locatedAt'; sortOrder?: SortOrder; limit: number; offset: number },
): Promise<{ rows: MapRow[]; total: number }> {
  const where = mapWhere(f);
  // never located: last, whichever way the time sorts
  const order =
    f.sortField === 'locatedAt'
      ? [
          f.sortOrder === 'ascend'
            ? sql`${devices.locatedAt} asc nulls last`
            : sql`${devices.locatedAt} desc nulls last`,
          asc(devices.id),
        ]
      : (sortedBy({ sn: devices.sn }, { sortField: f.sortField, sortOrder: f.sortOrder }, devices.id) ?? [
          asc(devices.sn),
        ]);
  const [rows, [total]] = await Promise.all([
    mapFrom(db)
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function mapMarkers(db: Db, f: MapFilters, limit: number) {
  const where = mapWhere({ ...f, located: true });
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: devices.id,
        sn: devices.sn,
        name: devices.name,
        online: devices.online,
        lat: devices.lat,
        lng: devices.lng,
      })
      .from(devices)
      .where(where)
      .orderBy(desc(devices.locatedAt), desc(devices.id))
      .limit(limit),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return {
    rows: rows as { id: number; sn: string; name: string | null; online: boolean; lat: number; lng: number }[],
    total: total?.n ?? 0,
  };
}

/** One device on the map (not deleted), whatever its account's service: the caller checks. */
export const mapDevice = async (db: Db, id: number) =>
  (
    await mapFrom(db)
      .where(and(eq(devices.id, id), ne(devices.status, DeviceStatus.DELETED)))
      .limit(1)
  )[0];

export type MapRow = NonNullable<Awaited<ReturnType<typeof mapDevice>>>;

// ── the cell table ───────────────────────────────────────────────────────

export const upsertCells = (db: Db, cells: readonly (typeof cellTowers.$inferInsert)[], at: Date) =>
  db
    .insert(cellTowers)
    .values(cells.map((c) => ({ ...c, updatedAt: at })))
    .onConflictDoUpdate({
      target: [cellTowers.mcc, cellTowers.mnc, cellTowers.lac, cellTowers.cid],
      set: {
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        range: sql`excluded.range`,
        updatedAt: sql`excluded.updated_at`,
      },
    });

export const cellStats = async (db: Db) =>
  (await db.select({ count: count(), updatedAt: sql<Date | null>`max(${cellTowers.updatedAt})` }).from(cellTowers))[0]!;
