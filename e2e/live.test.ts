import type { VirtualDevice } from '@herald/device-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { startedDevice } from './sim';
import { ok, operatorAndAccount } from './story';
import { byId, poll, signIn, visible, waitForPath } from './ui';

/**
 * The live console, in Chromium: the device list is open when a simulated printer connects, and
 * its row turns "Online" without a reload or a click; when it disconnects, "Offline" again. The
 * header's dot says the console is live. A list left open on a tab in the background asks the
 * server nothing while it is hidden, and shows what changed when its tab is shown again.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'liveowner', email: 'owner@live.test', password: 'LiveOwner#1' };
const PRINTER_MODEL = { name: 'Live printer', code: 'LIVEP58', type: 'printer' } as const;
const SN = 'LIVEP0001';

let herald: Herald;
let mqttPort: number;
let printer: VirtualDevice | undefined;
let secret = '';

beforeAll(async () => {
  herald = await startHerald();
  mqttPort = herald.mqttPort;
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Live Bakery',
    models: [PRINTER_MODEL],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(
    owner.post('/v1/devices', { sn: SN, modelId: modelIds[PRINTER_MODEL.code], name: 'Front till' }),
    `add ${SN}`,
  )) as { secret: string };
  secret = created.secret;
});

/** The account's printer connects (the simulator, the real protocol) and is online at the broker. */
async function connectPrinter(): Promise<void> {
  printer = startedDevice(mqttPort, { sn: SN, secret, kind: 'printer' });
  await printer.waitOnline();
}

async function disconnectPrinter(): Promise<void> {
  await printer?.stop();
  printer = undefined;
}

/** The owner's device list, the printer's row offline, the console live. */
async function openLiveList() {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password, '/device/list');
  const row = page.locator('tr', { has: byId(page, `device-row-${SN}`) });
  await poll(async () => (await row.count()) > 0 && (await row.innerText())).toContain('Offline');
  await poll(async () => (await visible(page, 'live-indicator')).getAttribute('data-state')).toBe('live');
  return { page, row };
}

afterAll(async () => {
  await disconnectPrinter();
  await herald?.stop();
});

test('the device list turns a printer online as it connects, without a reload', async () => {
  const { page, row } = await openLiveList();
  // a mark in the page's own memory: a reload or a navigation would lose it
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
  let loads = 0;
  page.on('load', () => loads++);

  await connectPrinter();
  await poll(() => row.innerText()).toContain('Online');

  await disconnectPrinter();
  await poll(() => row.innerText()).toContain('Offline');

  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
  expect(loads).toBe(0);
});

test('a list on a background tab asks nothing while hidden; shown again, it shows what changed', async () => {
  const { page, row } = await openLiveList();

  // the home tab in front: the list stays open (kept alive) behind it
  await byId(page, 'tab-/home').click();
  await waitForPath(page, '/home');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/v1/devices') asked.push(r.url());
  });

  await connectPrinter();
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  await poll(async () => {
    const res = await owner.get(`/v1/devices?sn=${SN}&online=true`);
    return res.body.data?.total;
  }).toBe(1);
  // the live event reached the console (its throttle is a second): a shown list would have asked by now
  await page.waitForTimeout(2_500);
  expect(asked).toEqual([]);

  await byId(page, 'tab-/device/list').click();
  await waitForPath(page, '/device/list');
  await poll(() => row.innerText()).toContain('Online');
  expect(asked.length).toBeGreaterThan(0);
  await disconnectPrinter();
});
