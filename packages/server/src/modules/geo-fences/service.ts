import {
  ALERT_KINDS,
  FENCE_DEVICE_OPTIONS_MAX,
  FENCE_EVENT_RETENTION_DAYS,
  distanceM,
  formatMessage,
  type CreateFenceBody,
  type Fence,
  type FenceDetail,
  type FenceEvent,
  type FenceEventKind,
  type FenceEventQuery,
  type FenceListQuery,
  type Page,
  type Position,
  type UpdateFenceBody,
} from '@herald/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { duplicateAs, invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { listAccount, targetAccount } from '../../lib/scope';
import { alertTarget, deliverAlert } from '../messages/repo';
import { audit } from '../oper-log/audit';
import { requireGeoService } from '../geo-common/geo-enabled';
import { positionOfRow } from '../geo-common/position-of-row';
import { insideNow } from './crossing';
import * as repo from './repo';
import { dataOwner } from '../../lib/data-scope';

const toFence = (r: repo.FenceRow): Fence => ({
  id: r.fence.id,
  accountId: r.fence.accountId,
  accountName: r.accountName,
  name: r.fence.name,
  description: r.fence.description,
  lat: r.fence.lat,
  lng: r.fence.lng,
  radius: r.fence.radius,
  enabled: r.fence.enabled,
  deviceCount: r.deviceCount,
  alarmCount: r.alarmCount,
  createdAt: iso(r.fence.createdAt),
  updatedAt: iso(r.fence.updatedAt),
});

export async function listFences(deps: Deps, auth: AuthContext, q: FenceListQuery): Promise<Page<Fence>> {
  const { rows, total } = await repo.listFences(deps.db, {
    accountId: listAccount(auth, q.accountId),
    owner: dataOwner(auth),
    name: q.name || undefined,
    enabled: q.enabled,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toFence), total, page: q.page, pageSize: q.pageSize };
}

async function fenceOf(deps: Deps, auth: AuthContext, id: number): Promise<repo.FenceRow> {
  // an operator reads any account's fence (herald.op.geo.fence); changing one stays the account's
  const row = await repo.findFence(deps.db, auth.side === 'op' ? undefined : targetAccount(auth, undefined), id);
  if (!row) throw notFound();
  return row;
}

export async function getFence(deps: Deps, auth: AuthContext, id: number): Promise<FenceDetail> {
  const row = await fenceOf(deps, auth, id);
  const owner = dataOwner(auth);
  const watched = await repo.watchedDevices(deps.db, id, owner);
  return {
    ...toFence(row),
    // an "own data only" user counts only their devices too: the totals would tell of the others'
    ...(owner === undefined
      ? {}
      : { deviceCount: watched.length, alarmCount: watched.filter((d) => d.inside === false).length }),
    devices: watched.map((d) => {
      const position = positionOfRow(d);
      return {
        id: d.id,
        sn: d.sn,
        name: d.name,
        online: d.online,
        position,
        inside: d.inside,
        since: isoOrNull(d.since),
        distanceM: position ? Math.round(distanceM(row.fence, position)) : null,
      };
    }),
  };
}

/** The chosen devices, all of them the account's own (else nothing is written). */
async function chosenDevices(deps: Deps, accountId: number, ids: number[]) {
  const found = await repo.accountDevices(deps.db, accountId, ids);
  if (found.length !== ids.length) throw invalid('error.fenceDeviceInvalid', 'deviceIds');
  return found;
}

type Circle = { lat: number; lng: number; radius: number };
/** Where a device stands against a fence by its stored position, as a first placement (no event). */
const placement = (c: Circle, d: { lat: number | null; lng: number | null; accuracy: number | null }, now: Date) => {
  const inside =
    d.lat === null || d.lng === null
      ? null
      : insideNow(null, distanceM(c, { lat: d.lat, lng: d.lng }), c.radius, d.accuracy);
  return { inside, since: inside === null ? null : now };
};

const named = <T>(run: () => Promise<T>) => duplicateAs('geo_fences_name_uq', 'error.fenceNameExists', 'name', run);

export async function createFence(deps: Deps, auth: AuthContext, body: CreateFenceBody): Promise<FenceDetail> {
  const accountId = targetAccount(auth, undefined);
  await requireGeoService(deps, accountId);
  const chosen = await chosenDevices(deps, accountId, body.deviceIds);
  const now = new Date();
  const id = await named(() =>
    deps.db.transaction(async (tx) => {
      const f = await repo.insertFence(tx, {
        accountId,
        name: body.name,
        description: body.description || null,
        lat: body.lat,
        lng: body.lng,
        radius: body.radius,
        enabled: body.enabled,
        createdBy: auth.userId,
      });
      await repo.setWatched(
        tx,
        f.id,
        chosen.map((d) => ({ deviceId: d.id, ...placement(f, d, now) })),
      );
      await audit(tx, auth, {
        module: 'geoFence',
        type: 'add',
        description: { key: 'log.fence.add', params: { name: f.name, id: f.id } },
      });
      return f.id;
    }),
  );
  return getFence(deps, auth, id);
}

export async function updateFence(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateFenceBody,
): Promise<FenceDetail> {
  const before = (await fenceOf(deps, auth, id)).fence;
  await requireGeoService(deps, before.accountId);
  const chosen = body.deviceIds ? await chosenDevices(deps, before.accountId, body.deviceIds) : undefined;
  const circle = { lat: body.lat ?? before.lat, lng: body.lng ?? before.lng, radius: body.radius ?? before.radius };
  const moved = circle.lat !== before.lat || circle.lng !== before.lng || circle.radius !== before.radius;
  const now = new Date();
  await named(() =>
    deps.db.transaction(async (tx) => {
      const found = await repo.updateFence(tx, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...circle,
      });
      if (!found) throw notFound(); // deleted meanwhile
      if (chosen)
        await repo.setWatched(
          tx,
          id,
          chosen.map((d) => ({ deviceId: d.id, ...placement(circle, d, now) })),
        );
      // a moved or resized fence places its devices again where they stand now; nobody crossed an edge
      if (moved)
        for (const d of await repo.watchedDevices(tx, id)) {
          const p = placement(circle, d, now);
          if (p.inside !== d.inside) await repo.placeDevice(tx, id, d.id, p.inside, p.since);
        }
      await audit(tx, auth, {
        module: 'geoFence',
        type: 'edit',
        description: { key: 'log.fence.edit', params: { name: body.name ?? before.name, id } },
      });
    }),
  );
  return getFence(deps, auth, id);
}

export async function setFenceStatus(deps: Deps, auth: AuthContext, id: number, enabled: boolean): Promise<Fence> {
  const before = (await fenceOf(deps, auth, id)).fence;
  await requireGeoService(deps, before.accountId);
  if (before.enabled !== enabled)
    await deps.db.transaction(async (tx) => {
      if (!(await repo.updateFence(tx, id, { enabled }))) throw notFound();
      await audit(tx, auth, {
        module: 'geoFence',
        type: enabled ? 'enable' : 'disable',
        description: { key: enabled ? 'log.fence.enable' : 'log.fence.disable', params: { name: before.name, id } },
      });
    });
  return toFence(await fenceOf(deps, auth, id));
}

export async function deleteFence(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const accountId = targetAccount(auth, undefined);
  const before = await fenceOf(deps, auth, id);
  await requireGeoService(deps, accountId);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteFence(tx, accountId, id))) throw notFound();
    await audit(tx, auth, {
      module: 'geoFence',
      type: 'delete',
      description: { key: 'log.fence.delete', params: { name: before.fence.name, id } },
    });
  });
}

export const deviceOptions = (deps: Deps, auth: AuthContext, keyword: string | undefined) =>
  repo.deviceOptions(
    deps.db,
    targetAccount(auth, undefined),
    keyword || undefined,
    FENCE_DEVICE_OPTIONS_MAX,
    dataOwner(auth),
  );

export async function listEvents(deps: Deps, auth: AuthContext, q: FenceEventQuery): Promise<Page<FenceEvent>> {
  const { rows, total } = await repo.listEvents(deps.db, {
    accountId: listAccount(auth, q.accountId),
    owner: dataOwner(auth),
    fenceId: q.fenceId,
    sn: q.sn || undefined,
    kind: q.kind,
    since: new Date(Date.now() - FENCE_EVENT_RETENTION_DAYS * 86_400_000),
    from: rangeStart(q.from),
    to: rangeEnd(q.to),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return {
    list: rows.map((r) => ({
      id: r.event.id,
      fenceId: r.event.fenceId,
      fenceName: r.fenceName,
      deviceId: r.event.deviceId,
      sn: r.sn,
      deviceName: r.deviceName,
      kind: r.event.kind as FenceEventKind,
      lat: r.event.lat,
      lng: r.event.lng,
      at: iso(r.event.at),
      alerted: r.event.alerted,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ── a watched device moved ───────────────────────────────────────────────

const alertTitles = (kind: FenceEventKind, sn: string, fence: string) => {
  const key = kind === 'enter' ? 'alert.fenceEnter' : 'alert.fenceExit';
  return {
    zh_CN: formatMessage(key, 'zh_CN', { sn, detail: fence }),
    en_US: formatMessage(key, 'en_US', { sn, detail: fence }),
  };
};

/**
 * Checks a device's new position against the fences watching it, in the caller's transaction (the
 * device's position turn). Each fence is read as it is now and held still while the device is
 * checked (an edit of it waits, or is seen). A crossing moves the state only from what it was and
 * only forward in time, keeps the event, and an enabled fence of an account that wants 'fence'
 * alerts sends one to its receivers. Returns the crossings.
 */
export async function checkFences(
  tx: Db,
  device: { id: number; sn: string },
  pos: Omit<Position, 'locatedAt'>,
  at: Date,
): Promise<FenceEventKind[]> {
  const crossed: FenceEventKind[] = [];
  for (const f of await repo.fencesOfDevice(tx, device.id, { hold: true })) {
    const inside = insideNow(f.inside, distanceM(f, pos), f.radius, pos.accuracy);
    if (inside === null || inside === f.inside) continue;
    const before = f.inside;
    if (!(await repo.cross(tx, f.id, device.id, before, inside, at))) continue;
    if (before === null) continue; // the first placement: no event
    const kind: FenceEventKind = inside ? 'enter' : 'exit';
    const target = f.enabled ? await alertTarget(tx, device.id) : undefined;
    const wanted = !!target && ((target.alertKinds ?? ALERT_KINDS) as readonly string[]).includes('fence');
    const sent = wanted
      ? await deliverAlert(
          tx,
          { accountId: f.accountId, deviceId: device.id, sn: device.sn, kind: 'fence', detail: f.name },
          alertTitles(kind, device.sn, f.name),
          at,
        )
      : 0;
    await repo.insertEvent(tx, {
      accountId: f.accountId,
      fenceId: f.id,
      deviceId: device.id,
      kind,
      lat: pos.lat,
      lng: pos.lng,
      at,
      alerted: sent > 0,
    });
    crossed.push(kind);
  }
  return crossed;
}
