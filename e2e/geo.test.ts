import type { VirtualDevice } from '@herald/device-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { byId, chooseOption, fill, openMenu, pickFromDropdown, poll, signIn, visible, waitForPath } from './ui';
import { simDevice } from './sim';

/**
 * The geolocation service in Chromium: before the platform turns it on, the account's map says
 * 'Not enabled yet'; then two simulated printers (the real device protocol) appear on the map
 * and in its list; the location page shows a device's position and track; the admin draws a fence
 * around the shop (a radius of 0 is refused), a printer carried out of it is an exit event and an
 * alert in the inbox; the operator sees the account's devices on the map.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'geoowner', email: 'owner@geo.test', password: 'GeoOwner#1' };
const PRINTER_MODEL = { name: 'Geo printer', code: 'GEOPRN', type: 'printer' } as const;
const SHOP = { lat: 22.543, lng: 114.057 };
const east = (km: number) => ({ lat: SHOP.lat, lng: SHOP.lng + 0.00975 * km });

let herald: Herald;
let op: ApiClient;
let owner: ApiClient;
let accountId = 0;
const printers: { sn: string; id: number; sim: VirtualDevice }[] = [];

beforeAll(async () => {
  herald = await startHerald();
  const mqttPort = herald.mqttPort;
  const setup = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Geo Tea House',
    models: [PRINTER_MODEL],
  });
  op = setup.op;
  owner = await herald.api().login(OWNER.username, OWNER.password);
  accountId = ((await ok(owner.get('/v1/common/accountSummary'), 'account')) as { account: { id: number } }).account.id;
  for (const [i, at] of [SHOP, east(1)].entries()) {
    const sn = `GEOPRN000${i + 1}`;
    const created = (await ok(
      owner.post('/v1/devices', { sn, modelId: setup.modelIds[PRINTER_MODEL.code] }),
      'add a printer',
    )) as { id: number; secret: string };
    const sim = simDevice(mqttPort, { sn, secret: created.secret, kind: 'printer' });
    sim.state.location = { ...at };
    printers.push({ sn, id: created.id, sim });
  }
});

afterAll(async () => {
  await Promise.all(printers.map((p) => p.sim.stop()));
  await herald?.stop();
});

test('the account maps its printers, fences its shop and hears when a printer leaves it', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  // ---- not enabled yet
  await openMenu(page, 'deviceMap', '/device-map/list', 'deviceRoot');
  await poll(() => byId(page, 'geo-not-enabled').innerText()).toContain('Not enabled yet');

  // ---- the platform turns the service on; the printers connect and report where they are
  await ok(op.post(`/v1/accounts/${accountId}/geo-service`, { enabled: true }), 'turn the service on');
  for (const p of printers) {
    p.sim.start();
    await p.sim.waitOnline();
  }
  await page.reload();
  await visible(page, 'device-map');
  for (const p of printers) {
    await visible(page, `map-marker-${p.sn}`);
    await poll(() => byId(page, `map-device-row-${p.sn}`).getAttribute('data-located')).toBe('true');
  }
  await poll(() => byId(page, 'device-map-count').getAttribute('data-total')).toBe('2');

  // ---- the first printer's location page: GNSS, its track
  await byId(page, `map-device-location-${printers[0]!.sn}`).click();
  await waitForPath(page, '/device-map/list/detail-ac');
  await visible(page, 'location-map');
  await poll(() => byId(page, 'location-position').getAttribute('data-source')).toBe('gnss');
  await poll(() => byId(page, 'location-sn').innerText()).toContain(printers[0]!.sn);
  await visible(page, 'track-row-0');

  // ---- a fence around the shop: a radius of 0 is refused, then 500 m watching the first printer
  await openMenu(page, 'geoFence', '/geo-fence/list');
  await (await visible(page, 'fence-add')).click();
  await waitForPath(page, '/geo-fence/list/add');
  await fill(page, 'fence-name', 'Tea house');
  await fill(page, 'fence-lat', String(SHOP.lat));
  await fill(page, 'fence-lng', String(SHOP.lng));
  await fill(page, 'fence-radius', '0');
  await byId(page, 'fence-save').click();
  await poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('Must be greater than 0');
  await fill(page, 'fence-radius', '500');
  await chooseOption(page, 'fence-devices', printers[0]!.sn);
  await byId(page, 'fence-save').click();
  await waitForPath(page, '/geo-fence/list/detail');
  await poll(() => byId(page, `fence-device-state-${printers[0]!.sn}`).getAttribute('data-state')).toBe('inside');
  await poll(() => byId(page, 'fence-detail-alarm-count').innerText()).toContain('0');

  // ---- the printer is carried 2 km away: an exit, an alarm device, an alert in the inbox
  await printers[0]!.sim.moveTo(east(2).lat, east(2).lng);
  await poll(async () => {
    await page.reload();
    await visible(page, 'fence-detail');
    return byId(page, `fence-device-state-${printers[0]!.sn}`).getAttribute('data-state');
  }).toBe('outside');
  await poll(() => byId(page, 'fence-detail-alarm-count').innerText()).toContain('1');
  await openMenu(page, 'geoFence', '/geo-fence/list');
  await (await visible(page, 'fence-tab-events')).click();
  const kind = page.locator('[data-testid^="fence-event-kind-"]').first();
  await poll(() => kind.getAttribute('data-kind')).toBe('exit');
  await page.goto(`${herald.url}/msg/list`);
  await poll(() => page.locator('body').innerText()).toContain(`Device ${printers[0]!.sn} left the fence "Tea house"`);

  // ---- the owner signs out; the operator signs in in the same tab (no reload): the operator's
  // console, not the owner's remembered one (the cell table is the operator's)
  await pickFromDropdown(page, 'user-menu', 'user-menu-logout');
  await waitForPath(page, '/login');
  await signIn(page, 'admin', OP_PASSWORD);
  await poll(() => byId(page, 'user-menu').innerText()).toContain('admin');
  await openMenu(page, 'deviceMap', '/device-map/list', 'deviceRoot');
  await visible(page, 'cell-table-open');

  // ---- the operator sees the account's printers on the map, with the account named
  const opPage = await herald.newPage();
  await signIn(opPage, 'admin', OP_PASSWORD);
  await openMenu(opPage, 'deviceMap', '/device-map/list', 'deviceRoot');
  for (const p of printers) await visible(opPage, `map-device-row-${p.sn}`);
  await expect(byId(opPage, `map-device-row-${printers[1]!.sn}`).innerText()).resolves.toContain('Geo Tea House');

  // ---- the operator loads cells into the cell table from an OpenCellID-style file; a bad line is skipped
  await (await visible(opPage, 'cell-table-open')).click();
  await visible(opPage, 'cell-table-drawer');
  await poll(() => byId(opPage, 'cell-table-count').getAttribute('data-count')).toBe('0');
  const csv = [
    'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
    `LTE,460,0,9501,11001,0,${SHOP.lng},${SHOP.lat},800,12,1,1500000000,1700000000,0`,
    `LTE,460,0,9501,11002,0,${east(1).lng},${east(1).lat},0,3,1,1500000000,1700000000,0`,
    'LTE,460,0,9501,oops,0,1,1,100,1,1,1,1,0',
  ].join('\n');
  await byId(opPage, 'cell-table-file').setInputFiles({
    name: 'cells.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await poll(() => byId(opPage, 'cell-table-result').getAttribute('data-outcome')).toBe('done');
  await poll(() => byId(opPage, 'cell-table-count').getAttribute('data-count')).toBe('2');
  await expect(byId(opPage, 'cell-table-skipped').getAttribute('data-count')).resolves.toBe('1');
  // the second printer loses its GNSS fix and hears those cells: it is placed between them, by the cells
  await printers[1]!.sim.hearCells([
    { mcc: 460, mnc: 0, lac: 9501, cid: 11001, rssi: -70 },
    { mcc: 460, mnc: 0, lac: 9501, cid: 11002, rssi: -70 },
  ]);
  await poll(async () => {
    const d = (await ok(owner.get(`/v1/device-map/deviceLocationMapDetail/${printers[1]!.id}`), 'location')) as {
      position: { source: string } | null;
    };
    return d.position?.source;
  }).toBe('cell');
});
