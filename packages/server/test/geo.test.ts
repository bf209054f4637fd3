import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceM, TRACK_RETENTION_DAYS } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { devices, deviceTrack, fenceEvents } from '../src/db/schema';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { forgetGeoEnabled, geoEnabled } from '../src/modules/geo-common/geo-enabled';
import { onPosition } from '../src/modules/locations/service';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { onlineInDb, simDevice } from './open-api-fixture';
import { auditLines, expectInvalid } from './people';

/**
 * The geolocation service end to end: simulated devices (the real protocol on the embedded broker)
 * report GNSS fixes or the cells they hear; the platform turns the service on per account; the
 * account's map, a device's track, and its geofences, whose crossings raise alert messages.
 */

type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Account;
let B: Account;
const sims: VirtualDevice[] = [];

// a shop in Shenzhen and points 1 km and 2 km east of it (0.00975° of longitude ≈ 1 km at 22.5°N)
const SHOP = { lat: 22.543, lng: 114.057 };
const east = (km: number) => ({ lat: SHOP.lat, lng: SHOP.lng + 0.00975 * km });

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close();
});

async function startSim(accountId: number, at = SHOP) {
  const model = await seedModel(server);
  const d = await seedDevice(server, accountId, model.id);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, d);
  sim.state.location = { ...at };
  sim.start();
  await onlineInDb(server, d.id);
  return { d, sim };
}

const positionOf = async (id: number) =>
  eventually(async () => {
    const [row] = await server.deps.db.select().from(devices).where(eq(devices.id, id));
    return row?.locatedAt ? row : undefined;
  }, `device ${id} located`);

const trackOf = (id: number) =>
  server.deps.db.select().from(deviceTrack).where(eq(deviceTrack.deviceId, id)).orderBy(deviceTrack.id);

const location = async (c: Client, id: number, q = '') =>
  expectOk(await c.get(`/v1/device-map/deviceLocationMapDetail/${id}${q}`)) as {
    device: { sn: string; online: boolean };
    position: { lat: number; lng: number; source: string; accuracy: number | null } | null;
    track: { lat: number; lng: number; firstAt: string; lastAt: string }[];
    fences: { id: number; name: string; inside: boolean | null }[];
  };

const fenceInbox = async (c: Client) =>
  (
    expectOk(await c.get('/v1/account-user-notice-msg/pageQuery?category=alert&pageSize=100')).list as {
      title: string;
      alert: { kind: string };
    }[]
  )
    .filter((m) => m.alert.kind === 'fence')
    .map((m) => m.title);

describe('the geolocation service', () => {
  it('is off until the platform turns it on: the map and location answer "Not enabled yet"', async () => {
    expect(expectOk(await A.client.get('/v1/device-map/mapConfig'))).toEqual({
      tileUrl: null,
      attribution: null,
      geoEnabled: false,
    });
    const refused = await A.client.get('/v1/device-map/pageQueryMapDevice');
    expectError(refused, 40003);
    expect(refused.body.message).toBe('Not enabled yet, contact platform');
    expect((await A.client.withLang('zh_CN').get('/v1/device-map/listQueryDeviceLocation')).body.message).toBe(
      '尚未开通，请联系平台',
    );
    expectError(await A.client.post('/v1/geo-fences', { name: 'Shop', ...SHOP, radius: 100 }), 40003);

    // a device of an account without the service: its position is stored, but no track
    const { d, sim } = await startSim(A.accountId);
    await positionOf(d.id);
    await sim.moveTo(east(1).lat, east(1).lng);
    await eventually(async () => (await positionOf(d.id)).lng === east(1).lng, 'the move stored');
    expect(await trackOf(d.id)).toHaveLength(0);
    expectError(await A.client.get(`/v1/device-map/deviceLocationMapDetail/${d.id}`), 40003);

    expect(expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true })).geoEnabled).toBe(true);
    expect(expectOk(await A.client.get('/v1/device-map/mapConfig')).geoEnabled).toBe(true);
    expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: false }));
    expect(expectOk(await A.client.get('/v1/device-map/mapConfig')).geoEnabled).toBe(false);
    expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true }));
  });
});

describe('whether an account has the service', () => {
  it('is read once for the positions of one moment, and anew for those after a change', async () => {
    let reads = 0;
    const db = new Proxy(server.deps.db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? (...args: Parameters<typeof target.execute>) => (reads++, target.execute(...args))
          : Reflect.get(target, key, receiver),
    });
    const deps = { ...server.deps, db };
    forgetGeoEnabled(deps, B.accountId);
    // a fleet reconnecting at once: every report asks before the first answer is back
    const first = await Promise.all(Array.from({ length: 100 }, () => geoEnabled(deps, B.accountId)));
    expect(first.every((x) => x === false)).toBe(true);
    expect(reads).toBe(1);

    // a change heard of while a read is under way (forgetGeoEnabled, as the invalidation bus calls it): that
    // read may carry the old answer, so those who ask after the change read again
    reads = 0;
    forgetGeoEnabled(deps, B.accountId);
    const before = Array.from({ length: 20 }, () => geoEnabled(deps, B.accountId));
    forgetGeoEnabled(deps, B.accountId);
    const after = Array.from({ length: 20 }, () => geoEnabled(deps, B.accountId));
    await Promise.all([...before, ...after]);
    expect(reads).toBe(2);
  });
});

describe('the map and a device’s track', () => {
  it('shows the account its own located devices, keeps a track of stays, and nothing of another account', async () => {
    const { d, sim } = await startSim(A.accountId);
    const first = await positionOf(d.id);
    expect(first).toMatchObject({ lat: SHOP.lat, lng: SHOP.lng, locationSource: 'gnss', locationAccuracy: 10 });
    await eventually(async () => (await trackOf(d.id)).length === 1, 'the first track point');

    // a few metres (under the 30 m a stay allows): the same point, whose last time moves on
    await sim.moveTo(SHOP.lat + 0.0001, SHOP.lng);
    await eventually(async () => {
      const t = await trackOf(d.id);
      return t.length === 1 && t[0]!.lastAt > t[0]!.firstAt;
    }, 'the stay lengthened');
    // 1 km east, then 2 km: new points
    await sim.moveTo(east(1).lat, east(1).lng);
    await sim.moveTo(east(2).lat, east(2).lng);
    await eventually(async () => (await trackOf(d.id)).length === 3, 'three stays');
    // a coarse cell fix of the same place stays on the point; a wild accuracy counts as at most 1 km,
    // so a device 1.5 km on is somewhere else; a report older than the track's latest changes nothing
    const ref = { id: d.id, sn: d.sn, accountId: A.accountId };
    await onPosition(server.deps, ref, { ...east(2.01), accuracy: 800, source: 'cell' }, new Date());
    expect(await trackOf(d.id)).toHaveLength(3);
    await onPosition(server.deps, ref, { ...east(3.5), accuracy: 90_000, source: 'gnss' }, new Date());
    expect(await trackOf(d.id)).toHaveLength(4);
    await onPosition(server.deps, ref, { ...east(9), accuracy: 5, source: 'gnss' }, new Date(Date.now() - 60_000));
    expect(await trackOf(d.id)).toHaveLength(4);
    await sim.moveTo(east(2).lat, east(2).lng);
    await eventually(async () => (await trackOf(d.id)).length === 5, 'back 1.5 km');

    const loc = await location(A.client, d.id);
    expect(loc.device).toMatchObject({ sn: d.sn, online: true });
    expect(loc.position).toMatchObject({ ...east(2), source: 'gnss', accuracy: 10 });
    expect(loc.track.map((p) => Math.round(distanceM(SHOP, p) / 100) / 10)).toEqual([0, 1, 2, 3.5, 2]);
    // a range before the device moved shows the first stay only; a range past 7 days is cut to 7 days
    const firstAt = new Date(loc.track[0]!.lastAt).getTime();
    const early = await location(A.client, d.id, `?to=${new Date(firstAt).toISOString()}`);
    expect(early.track).toHaveLength(1);
    const long = await location(A.client, d.id, `?from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`);
    expect(long.track).toHaveLength(5);
    await expectInvalid(
      (c) => c.get(`/v1/device-map/deviceLocationMapDetail/${d.id}?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`),
      A.client,
      'The starting value cannot be greater than the ending value',
      '起始值不能大于结束值',
    );

    // the list and the markers
    const page = expectOk(await A.client.get(`/v1/device-map/pageQueryMapDevice?keyword=${d.sn}`));
    expect(page.list).toMatchObject([{ id: d.id, sn: d.sn, online: true, position: { source: 'gnss' } }]);
    const markers = expectOk(await A.client.get('/v1/device-map/listQueryDeviceLocation'));
    expect(markers.list.map((m: { sn: string }) => m.sn)).toContain(d.sn);
    expect(markers.total).toBe(markers.list.length);
    const unlocated = await seedDevice(server, A.accountId, (await seedModel(server)).id);
    const none = expectOk(await A.client.get('/v1/device-map/pageQueryMapDevice?located=false&pageSize=200'));
    expect(none.list.map((x: { sn: string }) => x.sn)).toContain(unlocated.sn);
    expect(none.list.every((x: { position: unknown }) => x.position === null)).toBe(true);
    await expectInvalid(
      (c) => c.get('/v1/device-map/pageQueryMapDevice?online=maybe'),
      A.client,
      'Incorrect format',
      '格式不正确',
    );

    // another account (with the service too) sees none of it; the operator sees it
    expectOk(await op.post(`/v1/accounts/${B.accountId}/geo-service`, { enabled: true }));
    const theirs = expectOk(await B.client.get('/v1/device-map/listQueryDeviceLocation'));
    expect(theirs.list.map((m: { sn: string }) => m.sn)).not.toContain(d.sn);
    expectError(await B.client.get(`/v1/device-map/pageQueryMapDevice?accountId=${A.accountId}`), 40003);
    expectError(await B.client.get(`/v1/device-map/deviceLocationMapDetail/${d.id}`), 40004);
    const opPage = expectOk(await op.get(`/v1/device-map/pageQueryMapDevice?accountId=${A.accountId}&pageSize=200`));
    expect(opPage.list.map((x: { sn: string }) => x.sn)).toContain(d.sn);
    expect((await location(op, d.id)).position).toMatchObject(east(2));
    // the operator's map holds the fleets of accounts with the service only
    const C = await seedAccount(server);
    const { d: withoutService } = await startSim(C.accountId);
    await positionOf(withoutService.id);
    const all = expectOk(await op.get(`/v1/device-map/listQueryDeviceLocation?keyword=${withoutService.sn}`));
    expect(all.total).toBe(0);
    expectError(await op.get(`/v1/device-map/deviceLocationMapDetail/${withoutService.id}`), 40003);

    // the location page needs its permission: the device list alone is not enough
    const lister = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.physical.list', 'herald.device.physical.list.query'],
    });
    const denied = await lister.client.get(`/v1/device-map/deviceLocationMapDetail/${d.id}`);
    expectError(denied, 40003);
    expect(denied.body.message).toBe('No device location permission');
    expectError(await lister.client.get('/v1/device-map/pageQueryMapDevice'), 40003);
    const locator = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: [
        'herald.device.physical.list',
        'herald.device.physical.list.query',
        'herald.device.physical.list.location',
        'herald.device.physical.list.location.query',
      ],
    });
    expect((await location(locator.client, d.id)).position).toMatchObject(east(2));
  });

  it('positions a device that hears only cells by the cell table the operator imports', async () => {
    const cells = [
      { mcc: 460, mnc: 0, lac: 9501, cid: 11001, ...east(0), range: 800 },
      { mcc: 460, mnc: 0, lac: 9501, cid: 11002, ...east(1), range: 1200 },
    ];
    // the cell table is the operators': bad rows change nothing
    expectError(await A.client.post('/v1/device-map/cells', { cells }), 40003);
    const before = expectOk(await op.get('/v1/device-map/cells')).count;
    await expectInvalid(
      (c) => c.post('/v1/device-map/cells', { cells: [...cells, { ...cells[0]!, cid: 11003, lat: 91 }] }),
      op,
      'Incorrect format',
      '格式不正确',
    );
    await expectInvalid(
      (c) => c.post('/v1/device-map/cells', { cells: [] }),
      op,
      'Please select at least one record',
      '请至少选择一条记录',
    );
    expect(expectOk(await op.get('/v1/device-map/cells')).count).toBe(before);
    expect(expectOk(await op.post('/v1/device-map/cells', { cells }))).toEqual({ imported: 2 });
    expect(expectOk(await op.get('/v1/device-map/cells')).count).toBe(before + 2);
    // a cell sent again replaces the stored one
    expect(expectOk(await op.post('/v1/device-map/cells', { cells: [{ ...cells[1]!, range: 1000 }] }))).toEqual({
      imported: 1,
    });
    expect(expectOk(await op.get('/v1/device-map/cells')).count).toBe(before + 2);
    expect(await auditLines(server, 'device', 'import', 'cell(s) into the cell table')).toHaveLength(2);

    const { d, sim } = await startSim(A.accountId, east(5));
    await positionOf(d.id);
    // the same strength from both: halfway; an unknown cell counts for nothing
    await sim.hearCells([
      { mcc: 460, mnc: 0, lac: 9501, cid: 11001, rssi: -80 },
      { mcc: 460, mnc: 0, lac: 9501, cid: 11002, rssi: -80 },
      { mcc: 460, mnc: 0, lac: 9501, cid: 99999, rssi: -50 },
    ]);
    const row = await eventually(async () => {
      const r = await positionOf(d.id);
      return r.locationSource === 'cell' ? r : undefined;
    }, 'positioned by cells');
    expect(distanceM(row as { lat: number; lng: number }, east(0.5))).toBeLessThan(1);
    expect(row.locationAccuracy).toBe(900);
    // 20 dB stronger from the first: ten times its weight, so much nearer to it
    await sim.hearCells([
      { mcc: 460, mnc: 0, lac: 9501, cid: 11001, rssi: -60 },
      { mcc: 460, mnc: 0, lac: 9501, cid: 11002, rssi: -80 },
    ]);
    await eventually(async () => {
      const r = await positionOf(d.id);
      return Math.abs(distanceM(SHOP, r as { lat: number; lng: number }) - 1000 / 11) < 1;
    }, 'the stronger cell weighs more');
    // a signal no radio reports (a raw index, 'unknown'): dropped, not the report; the cell counts at the default
    await sim.hearCells([{ mcc: 460, mnc: 0, lac: 9501, cid: 11002, rssi: 2_147_483_647 }]);
    const dropped = await eventually(async () => {
      const r = await positionOf(d.id);
      return distanceM(r as { lat: number; lng: number }, east(1)) < 1 ? r : undefined;
    }, 'placed by the one cell');
    expect(dropped.locationAccuracy).toBe(1000);
    // only unknown cells: the position stays where it was
    const kept = await positionOf(d.id);
    await sim.hearCells([{ mcc: 460, mnc: 1, lac: 1, cid: 1 }]);
    await sim.moveTo(kept.lat!, kept.lng!); // a later report to wait for
    await eventually(async () => (await positionOf(d.id)).locationSource === 'gnss', 'the GNSS report after');
    expect((await location(A.client, d.id)).track.some((p) => distanceM(p, east(5)) < 1)).toBe(true);
  });
});

describe('geofences', () => {
  it('are checked, listed and refused in both languages when wrong', async () => {
    const { d } = await startSim(A.accountId);
    await positionOf(d.id);
    const post = (body: unknown) => (c: Client) => c.post('/v1/geo-fences', body);
    await expectInvalid(
      post({ name: 'Zero', ...SHOP, radius: 0 }),
      A.client,
      'Must be greater than 0',
      '必须大于 0',
      'radius',
    );
    await expectInvalid(post({ name: '', ...SHOP, radius: 100 }), A.client, 'Please input', '请输入', 'name');
    await expectInvalid(
      post({ name: 'Far', lat: 95, lng: 0, radius: 100 }),
      A.client,
      'Incorrect format',
      '格式不正确',
    );
    // a device of another account, or a deleted one, is not a device of this account
    const other = await seedDevice(server, B.accountId, (await seedModel(server)).id);
    await expectInvalid(
      post({ name: 'Theirs', ...SHOP, radius: 100, deviceIds: [other.id] }),
      A.client,
      'A chosen device is not a device of this account',
      '所选设备不属于本账户',
      'deviceIds',
    );
    expect(expectOk(await A.client.get('/v1/geo-fences?name=Theirs')).total).toBe(0);

    const f = expectOk(
      await A.client.post('/v1/geo-fences', { name: 'Checked', ...SHOP, radius: 500, deviceIds: [d.id] }),
    );
    expect(f).toMatchObject({ name: 'Checked', deviceCount: 1, alarmCount: 0, enabled: true });
    expect(f.devices).toMatchObject([{ id: d.id, inside: true }]);
    const dup = await A.client.post('/v1/geo-fences', { name: 'Checked', ...SHOP, radius: 100 });
    expectError(dup, 40009);
    expect(dup.body.message).toBe('Fence name already exists');
    expect(await auditLines(server, 'geoFence', 'add', '"Checked"')).toHaveLength(1);

    // another account and a user without the permission: none of it; the operator reads it only
    expectError(await B.client.get(`/v1/geo-fences/${f.id}`), 40004);
    expectError(await B.client.put(`/v1/geo-fences/${f.id}`, { radius: 10 }), 40004);
    expectError(await B.client.delete(`/v1/geo-fences/${f.id}`), 40004);
    expect(expectOk(await B.client.get('/v1/geo-fences')).list.map((x: { id: number }) => x.id)).not.toContain(f.id);
    expect(expectOk(await op.get('/v1/geo-fences')).list.map((x: { id: number }) => x.id)).toContain(f.id);
    expectError(await op.put(`/v1/geo-fences/${f.id}`, { radius: 10 }), 40003);
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.geo.fence', 'herald.geo.fence.query'],
    });
    expect(expectOk(await reader.client.get(`/v1/geo-fences/${f.id}`)).name).toBe('Checked');
    expectError(await reader.client.get('/v1/geo-fences/device-options'), 40003);
    const editor = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.geo.fence', 'herald.geo.fence.query', 'herald.geo.fence.edit'],
    });
    expect(expectOk(await editor.client.get(`/v1/geo-fences/device-options?keyword=${d.sn}`))).toEqual([
      { id: d.id, sn: d.sn, name: null },
    ]);
    expect(expectOk(await B.client.get(`/v1/geo-fences/device-options?keyword=${d.sn}`))).toEqual([]);
    // a fence reader sees where the fences' devices are (a fence's location page), and no other device
    expect((await location(reader.client, d.id)).fences).toMatchObject([{ id: f.id, inside: true }]);
    const unwatched = await seedDevice(server, A.accountId, (await seedModel(server)).id);
    const refused = await reader.client.get(`/v1/device-map/deviceLocationMapDetail/${unwatched.id}`);
    expectError(refused, 40003);
    expect(refused.body.message).toBe('No device location permission');
    expectError(await reader.client.post(`/v1/geo-fences/${f.id}/status`, { enabled: false }), 40003);
    expectError(await reader.client.delete(`/v1/geo-fences/${f.id}`), 40003);

    // a device known only to within 5 km is not placed against a 500 m fence: unknown, not an alarm
    const coarse = await seedDevice(server, A.accountId, (await seedModel(server)).id);
    await server.deps.db
      .update(devices)
      .set({ ...east(1), locationAccuracy: 5_000, locationSource: 'cell', locatedAt: new Date() })
      .where(eq(devices.id, coarse.id));
    const unsure = expectOk(
      await A.client.post('/v1/geo-fences', { name: 'Unsure', ...SHOP, radius: 500, deviceIds: [coarse.id] }),
    );
    expect(unsure).toMatchObject({ alarmCount: 0, devices: [{ id: coarse.id, inside: null }] });

    // moved so that the device is outside: placed again without an event
    const moved = expectOk(await A.client.put(`/v1/geo-fences/${f.id}`, { ...east(3) }));
    expect(moved.devices).toMatchObject([{ id: d.id, inside: false }]);
    expect(moved.alarmCount).toBe(1);
    expect(expectOk(await A.client.get(`/v1/geo-fences/events?fenceId=${f.id}`)).total).toBe(0);
    // sorted and filtered lists
    const sorted = expectOk(await A.client.get('/v1/geo-fences?sortField=alarmCount&sortOrder=descend'));
    expect(sorted.list[0]).toMatchObject({ id: f.id, alarmCount: 1 });
    expectOk(await A.client.delete(`/v1/geo-fences/${f.id}`));
    expectError(await A.client.get(`/v1/geo-fences/${f.id}`), 40004);
  });

  it('raise an alert on each entry and exit while enabled, and keep the events', async () => {
    const { d, sim } = await startSim(A.accountId);
    await positionOf(d.id);
    const f = expectOk(
      await A.client.post('/v1/geo-fences', { name: 'Harbour shop', ...SHOP, radius: 500, deviceIds: [d.id] }),
    );
    const events = async () =>
      expectOk(await A.client.get(`/v1/geo-fences/events?fenceId=${f.id}`)).list as {
        kind: string;
        sn: string;
        alerted: boolean;
      }[];
    const before = (await fenceInbox(A.client)).length;

    await sim.moveTo(east(2).lat, east(2).lng);
    await eventually(async () => (await events()).length === 1, 'the exit');
    expect(await events()).toMatchObject([{ kind: 'exit', sn: d.sn, alerted: true }]);
    await eventually(async () => (await fenceInbox(A.client)).length === before + 1, 'the exit message');
    expect((await fenceInbox(A.client))[0]).toBe(`Device ${d.sn} left the fence "Harbour shop"`);
    expect(expectOk(await A.client.get(`/v1/geo-fences/${f.id}`)).alarmCount).toBe(1);
    expect((await location(A.client, d.id)).fences).toMatchObject([{ id: f.id, inside: false }]);

    // a report near where it was: no second exit
    await sim.moveTo(east(2.01).lat, east(2.01).lng);
    await sim.moveTo(SHOP.lat, SHOP.lng);
    await eventually(async () => (await events()).length === 2, 'the entry');
    expect((await events()).map((e) => e.kind)).toEqual(['enter', 'exit']);
    await eventually(async () => (await fenceInbox(A.client)).length === before + 2, 'the entry message');
    expect((await fenceInbox(A.client))[0]).toBe(`Device ${d.sn} entered the fence "Harbour shop"`);

    // disabled: the crossing is kept, without a message
    expectOk(await A.client.post(`/v1/geo-fences/${f.id}/status`, { enabled: false }));
    expect(await auditLines(server, 'geoFence', 'disable', '"Harbour shop"')).toHaveLength(1);
    await sim.moveTo(east(2).lat, east(2).lng);
    await eventually(async () => (await events()).length === 3, 'the exit while disabled');
    expect((await events())[0]).toMatchObject({ kind: 'exit', alerted: false });
    // enabled again, but the account turned fence alerts off
    expectOk(await A.client.post(`/v1/geo-fences/${f.id}/status`, { enabled: true }));
    expectOk(await A.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['fault'] }));
    await sim.moveTo(SHOP.lat, SHOP.lng);
    await eventually(async () => (await events()).length === 4, 'the entry, unwanted');
    expect((await events())[0]).toMatchObject({ kind: 'enter', alerted: false });
    expect(await fenceInbox(A.client)).toHaveLength(before + 2);
    expectOk(await A.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['fence'] }));

    // the other account's events list holds none of it
    expect(expectOk(await B.client.get('/v1/geo-fences/events')).list.some((e: { sn: string }) => e.sn === d.sn)).toBe(
      false,
    );

    // a deleted device leaves the fence's counts
    await server.deps.db.update(devices).set({ status: -1 }).where(eq(devices.id, d.id));
    expect(expectOk(await A.client.get(`/v1/geo-fences/${f.id}`))).toMatchObject({ deviceCount: 0, devices: [] });
  });

  it('and tracks are kept 7 days', async () => {
    const { d } = await startSim(A.accountId);
    await eventually(async () => (await trackOf(d.id)).length === 1, 'a track point');
    const f = expectOk(await A.client.post('/v1/geo-fences', { name: 'Old', ...SHOP, radius: 50, deviceIds: [d.id] }));
    const old = new Date(Date.now() - (TRACK_RETENTION_DAYS + 1) * 86_400_000);
    await server.deps.db.update(deviceTrack).set({ firstAt: old, lastAt: old }).where(eq(deviceTrack.deviceId, d.id));
    await server.deps.db.insert(fenceEvents).values({
      accountId: A.accountId,
      fenceId: f.id,
      deviceId: d.id,
      kind: 'exit',
      lat: 0,
      lng: 0,
      at: old,
      alerted: false,
    });
    await purgeExpiredRecords(server.deps.db);
    expect(await trackOf(d.id)).toHaveLength(0);
    const { rows } = await server.deps.db.execute(sql`select 1 from fence_events where fence_id = ${f.id}`);
    expect(rows).toHaveLength(0);
  });
});
