import {
  MAP_MARKERS_MAX,
  TRACK_MIN_MOVE_M,
  TRACK_POINTS_MAX,
  TRACK_RETENTION_DAYS,
  distanceM,
  type CellImportBody,
  type CellImportResult,
  type CellStats,
  type DeviceLocation,
  type DeviceLocationQuery,
  type LocationSource,
  type MapConfig,
  type MapDevice,
  type MapDeviceQuery,
  type MapMarkerQuery,
  type MapMarkers,
  type Page,
  type Position,
} from '@herald/contract';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { inScope, listAccount } from '../../lib/scope';
import { checkFences } from '../geo-fences/service';
import { audit } from '../oper-log/audit';
import { fencesOfDevice } from '../geo-fences/repo';
import { geoEnabled, requireGeoService } from '../geo-common/geo-enabled';
import * as repo from './repo';
import { positionOfRow } from '../geo-common/position-of-row';
import { dataOwner, mustOwnDevice } from '../../lib/data-scope';

const DAY_MS = 86_400_000;

// ── a device reported where it is ────────────────────────────────────────

/** The advisory lock space of a device's positions (with the device id). */
const POSITION_LOCK = 727_277;
/** A fix worse than this still moves the device's point, but does not widen what counts as staying. */
const STAY_ACCURACY_MAX_M = 1_000;

/**
 * A position of a device whose account has the geolocation service: its track gets a point (or
 * the device stays on its last one) and the fences watching it are checked. One transaction
 * under the device's lock: two servers handling two reports of one device take turns, and a
 * report older than the track's latest point changes nothing.
 */
export async function onPosition(
  deps: Pick<Deps, 'db' | 'invalidation' | 'geoEnabled'>,
  device: { id: number; sn: string; accountId: number },
  pos: Omit<Position, 'locatedAt'>,
  at: Date,
): Promise<void> {
  if (!(await geoEnabled(deps, device.accountId))) return;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${POSITION_LOCK}, ${device.id})`);
    const last = await repo.lastTrackPoint(tx, device.id);
    if (last && last.lastAt > at) return;
    const within = Math.max(TRACK_MIN_MOVE_M, Math.min(pos.accuracy ?? 0, STAY_ACCURACY_MAX_M));
    if (last && distanceM(last, pos) < within) await repo.stayLonger(tx, last.id, at);
    else await repo.addTrackPoint(tx, { deviceId: device.id, ...pos, at });
    await checkFences(tx, device, pos, at);
  });
}

// ── the map ──────────────────────────────────────────────────────────────

/** The account a map call covers: an account user's own, which must have the service. */
async function mapScope(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const scope = listAccount(auth, accountId);
  if (auth.side === 'ac') await requireGeoService(deps, scope!);
  return scope;
}

export async function mapConfig(deps: Deps, auth: AuthContext): Promise<MapConfig> {
  return {
    tileUrl: deps.config.map.tileUrl ?? null,
    attribution: deps.config.map.attribution ?? null,
    geoEnabled: auth.side === 'op' || (auth.accountId !== null && (await geoEnabled(deps, auth.accountId))),
  };
}

const toMapDevice = (r: repo.MapRow): MapDevice => ({
  id: r.id,
  sn: r.sn,
  name: r.name,
  accountId: r.accountId,
  accountName: r.accountName,
  modelName: r.modelName,
  online: r.online,
  position: positionOfRow(r),
});

export async function mapPage(deps: Deps, auth: AuthContext, q: MapDeviceQuery): Promise<Page<MapDevice>> {
  const { rows, total } = await repo.mapPage(deps.db, {
    ...q,
    accountId: await mapScope(deps, auth, q.accountId),
    owner: dataOwner(auth),
    keyword: q.keyword || undefined,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toMapDevice), total, page: q.page, pageSize: q.pageSize };
}

export async function mapMarkers(deps: Deps, auth: AuthContext, q: MapMarkerQuery): Promise<MapMarkers> {
  const { rows, total } = await repo.mapMarkers(
    deps.db,
    {
      ...q,
      accountId: await mapScope(deps, auth, q.accountId),
      owner: dataOwner(auth),
      keyword: q.keyword || undefined,
    },
    MAP_MARKERS_MAX,
  );
  return { list: rows, total };
}

const LOCATION_PERMISSIONS = ['herald.device.map.query', 'herald.device.physical.list.location.query'];

/**
 * A device's position, its track between `from` and `to` (the last 24 hours unless said, never
 * before the 7 days kept) and the fences watching it. The map's or the location permission shows
 * any device in scope; a fence reader (a fence's location page) sees the devices its fences watch.
 */
export async function deviceLocation(
  deps: Deps,
  auth: AuthContext,
  id: number,
  q: DeviceLocationQuery,
): Promise<DeviceLocation> {
  const locator = LOCATION_PERMISSIONS.some((p) => auth.permissions.has(p));
  if (!locator && !auth.permissions.has('herald.geo.fence.query')) throw forbidden('error.noLocationPermission');
  const row = await repo.mapDevice(deps.db, id);
  if (!row || !inScope(auth, row.accountId)) throw notFound();
  await mustOwnDevice(deps.db, auth, id);
  const fences = await fencesOfDevice(deps.db, id);
  if (!locator && fences.length === 0) throw forbidden('error.noLocationPermission');
  await requireGeoService(deps, row.accountId);
  const now = Date.now();
  const to = rangeEnd(q.to) ?? new Date(now);
  const from = new Date(
    Math.max(rangeStart(q.from)?.getTime() ?? to.getTime() - DAY_MS, now - TRACK_RETENTION_DAYS * DAY_MS),
  );
  const track = await repo.trackOf(deps.db, id, from, to, TRACK_POINTS_MAX);
  return {
    device: { ...toMapDevice(row), lastSeenAt: isoOrNull(row.lastSeenAt) },
    position: positionOfRow(row),
    track: track.reverse().map((p) => ({
      lat: p.lat,
      lng: p.lng,
      accuracy: p.accuracy,
      source: p.source as LocationSource,
      firstAt: iso(p.firstAt),
      lastAt: iso(p.lastAt),
    })),
    fences: fences.map((f) => ({
      id: f.id,
      name: f.name,
      lat: f.lat,
      lng: f.lng,
      radius: f.radius,
      enabled: f.enabled,
      inside: f.inside,
    })),
  };
}

// ── the cell table ───────────────────────────────────────────────────────

export async function cellStats(deps: Deps): Promise<CellStats> {
  const s = await repo.cellStats(deps.db);
  // max() of a timestamptz comes back as text from some drivers
  return { count: s.count, updatedAt: s.updatedAt === null ? null : new Date(s.updatedAt).toISOString() };
}

/** A slice of the cell table: one statement (a cell named twice in it keeps its last row). */
export async function importCells(deps: Deps, auth: AuthContext, body: CellImportBody): Promise<CellImportResult> {
  const byKey = new Map(body.cells.map((c) => [`${c.mcc}:${c.mnc}:${c.lac}:${c.cid}`, c]));
  await deps.db.transaction(async (tx) => {
    await repo.upsertCells(tx, [...byKey.values()], new Date());
    await audit(tx, auth, {
      module: 'device',
      type: 'import',
      description: { key: 'log.cells.import', params: { count: byKey.size } },
    });
  });
  return { imported: byKey.size };
}
