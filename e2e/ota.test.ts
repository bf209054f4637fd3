import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VirtualDevice } from '@herald/device-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { fillGroupTask, uploadFirmware } from './ota-steps';
import { ok, operatorAndAccount } from './story';
import {
  byId,
  chooseOption,
  drawnPng,
  fill,
  openMenu,
  pickFromDropdown,
  poll,
  signIn,
  visible,
  waitForPath,
  WAIT,
} from './ui';
import { simDevice } from './sim';

/**
 * Issue 5's end-to-end story, in Chromium: an account admin uploads a firmware zip, makes an
 * upgrade task for a group of three simulated printers (one of which can never verify a
 * download), watches the progress chart and the counts move while the simulator upgrades, and
 * opens the failed device to read why.
 */

const OWNER = { username: 'otaowner', email: 'owner@ota.test', password: 'OtaOwner#1' };
const MODEL = { name: 'Kitchen printer', code: 'OTA80' };
const GROUP = 'Kitchen';
const FROM = '1.00.00.01';
const TO = '1.00.00.02';
const FIRMWARE = 'Kitchen firmware';
const TASK = 'Kitchen rollout';
const GOOD = ['OTAK0001', 'OTAK0002'];
const BAD = 'OTAK0003';
/** Long enough for a slow shared machine: download, verify, install, reboot, reconnect. */
const UPGRADE_WAIT = 120_000;

let herald: Herald;
let mqttPort: number;
const devices = new Map<string, VirtualDevice>();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ota-e2e-'));

beforeAll(async () => {
  herald = await startHerald({ env: { OTA_TICK_MS: '300' } });
  mqttPort = herald.mqttPort;
});

afterAll(async () => {
  await Promise.all([...devices.values()].map((d) => d.stop()));
  await herald?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Operator, model and account through the API; the owner makes the group and its three devices,
 * which connect once (so Herald knows the version they run) and then go away: the task is made
 * while they are offline, and the upgrade starts when they come back, in front of the console.
 */
async function setUp(): Promise<void> {
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: 'Operator@2024',
    owner: OWNER,
    accountName: 'Ota Kitchens',
    models: [{ ...MODEL, type: 'printer' }],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const group = (await ok(owner.post('/v1/groups', { name: GROUP }), 'create the group')) as { id: number };
  for (const sn of [...GOOD, BAD]) {
    const created = (await ok(
      owner.post('/v1/devices', { sn, modelId: modelIds[MODEL.code], groupId: group.id }),
      `add ${sn}`,
    )) as { secret: string };
    const device = simDevice(mqttPort, {
      sn,
      secret: created.secret,
      kind: 'printer',
      firmware: FROM,
      otaInstallMs: 300,
      otaRebootMs: 500,
    });
    // a permanent fault: every download of this device fails its checksum
    if (sn === BAD) device.injectFault('ota-bad-checksum');
    devices.set(sn, device);
    device.start();
    await device.waitOnline();
  }
  // Herald has their versions now; offline until the task is watched
  await Promise.all([...devices.values()].map((d) => d.stop()));
  await poll(async () => {
    const res = await owner.get(`/v1/devices?groupId=${group.id}&online=true`);
    return res.body.data?.total;
  }).toBe(0);
}

/** The number a statistic card shows (the upgrade task's, or the push task's). */
const countOf = (page: Page, state: string, card: 'ota' | 'push' = 'ota') =>
  byId(page, `${card}-count-${state}`)
    .locator('.ant-statistic-content-value')
    .textContent()
    .then((t) => Number((t ?? '').replace(/\D/g, '')));

/** The chart's drawn areas (one path per series once there is data). */
const chartPaths = (page: Page) =>
  page
    .locator('[data-testid="ota-progress-chart"] path.recharts-area-area')
    .evaluateAll((els) => els.map((e) => e.getAttribute('d') ?? '').join('|'));

test('an account admin uploads firmware, upgrades a group and reads why one device failed', async () => {
  await setUp();
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  // ---- the firmware: a real zip, uploaded through the console
  await uploadFirmware(page, tmp, { appName: 'kitchen-app', name: FIRMWARE, version: TO, model: MODEL.name });

  // ---- the task: the group, no retries, starting now
  await fillGroupTask(page, { name: TASK, firmware: FIRMWARE, group: GROUP });
  await byId(page, 'ota-task-submit').click();
  await waitForPath(page, /^\/resource\/task\/detail\/\d+/);
  await visible(page, 'ota-task-detail');

  // all three wait for their devices, which are offline
  await poll(() => countOf(page, 'queued')).toBe(3);
  const before = await chartPaths(page);

  // ---- the devices come back: two upgrade, one fails its checksum; the page follows by itself
  for (const d of devices.values()) d.start();
  await expect.poll(() => countOf(page, 'succeeded'), { timeout: UPGRADE_WAIT, interval: 250 }).toBe(2);
  await expect.poll(() => countOf(page, 'failed'), { timeout: UPGRADE_WAIT, interval: 250 }).toBe(1);
  await poll(() => countOf(page, 'queued')).toBe(0);
  // the chart drew the course: areas exist and differ from what was drawn before the start
  await poll(async () => {
    const now = await chartPaths(page);
    return now.length > 0 && now !== before;
  }).toBe(true);
  for (const sn of GOOD) expect(devices.get(sn)!.state.firmware).toBe(TO);
  expect(devices.get(BAD)!.state.firmware).toBe(FROM);

  // ---- the failed device: its reason in the table and in its history
  await poll(() => byId(page, `ota-exec-reason-${BAD}`).textContent()).toContain('Checksum mismatch');
  await byId(page, `ota-exec-${BAD}`).click();
  await visible(page, 'ota-exec-drawer');
  await poll(() => byId(page, 'ota-exec-drawer-reason').textContent()).toContain('Checksum mismatch');
  await poll(() => page.locator('[data-testid="ota-exec-drawer"] .ant-timeline-item').count()).toBeGreaterThan(1);

  await page.keyboard.press('Escape');
  await byId(page, 'ota-exec-drawer').waitFor({ state: 'hidden', timeout: WAIT });

  // ---- the list: the task is among the ended ones, with its row progress
  await openMenu(page, 'task', '/resource/task', 'resourceRoot');
  await page.locator('[data-testid="ota-task-schedule"] .ant-segmented-item', { hasText: 'Ended' }).click();
  const row = await visible(page, `ota-task-row-${TASK}`);
  expect(await row.textContent()).toBe(TASK);
  await poll(() =>
    page.locator('[data-testid="ota-task-table"] .ant-progress-text', { hasText: '2/3' }).count(),
  ).toBeGreaterThan(0);
});

test('the account admin pushes a message to the group and sees every device take it', async () => {
  // the devices of the upgrade story (set up here when that test was left out)
  if (devices.size === 0) await setUp();
  for (const d of devices.values()) d.start(); // no-op for a running device
  await Promise.all([...devices.values()].map((d) => d.waitOnline(WAIT)));
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  const text = 'Kitchen closes at 22:00';

  await openMenu(page, 'pushTask', '/push/task', 'resourceRoot');
  await (await visible(page, 'push-task-add')).click();
  await waitForPath(page, '/push/task/add');
  await fill(page, 'push-name', 'Closing time');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Message' }).click();
  await fill(page, 'push-message', text);
  await page.locator('.ant-radio-button-wrapper', { hasText: 'By group' }).click();
  await chooseOption(page, 'task-groups', GROUP);
  await byId(page, 'push-task-submit').click();
  await waitForPath(page, /^\/push\/task\/detail\/\d+/);
  await visible(page, 'push-task-detail');

  await expect.poll(() => countOf(page, 'succeeded', 'push'), { timeout: UPGRADE_WAIT, interval: 250 }).toBe(3);
  for (const d of devices.values()) expect(d.messages.map((m) => m.text)).toContain(text);
  await poll(() => byId(page, 'push-status').textContent()).toBe('Success');
  await poll(() => page.locator('[data-testid="push-result-table"] tbody tr.ant-table-row').count()).toBe(3);
});

test('the account admin pushes a startup logo: the BMP is previewed, the printers keep it, the one that cannot verify fails', async () => {
  if (devices.size === 0) await setUp();
  for (const d of devices.values()) d.start();
  await Promise.all([...devices.values()].map((d) => d.waitOnline(WAIT)));
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  await page.goto('/push/task/add');
  await fill(page, 'push-name', 'New logo');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Startup logo' }).click();
  // a wrong file is named before anything is sent
  fs.writeFileSync(path.join(tmp, 'logo.png'), Buffer.from('not a bmp'));
  await page
    .locator('[data-testid="push-logo"] input[type="file"][accept=".bmp"]')
    .setInputFiles(path.join(tmp, 'logo.png'));
  await poll(() => page.locator('[data-testid="push-logo"]').textContent()).toContain('File format error');
  // the shop has its logo as a PNG: the console makes the monochrome BMP from it, fitted to a 58 mm head
  const picture = path.join(tmp, 'kitchen-logo.png');
  fs.writeFileSync(picture, await drawnPng(page, 800, 200, '#fff', { x: 40, y: 40, w: 720, h: 120, colour: '#333' }));
  await page.locator('[data-testid="push-logo"] input[type="file"][accept="image/*"]').setInputFiles(picture);
  await visible(page, 'logo-maker-preview');
  expect(await byId(page, 'logo-maker-size').textContent()).toContain('384 × 96');
  await byId(page, 'logo-maker-ok').click();
  await visible(page, 'push-logo-result');
  expect(await byId(page, 'push-logo-result').textContent()).toContain('kitchen-logo.bmp');
  await visible(page, 'push-logo-preview');
  await poll(() => byId(page, 'push-logo-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(384);
  await page.locator('.ant-radio-button-wrapper', { hasText: 'By group' }).click();
  await chooseOption(page, 'task-groups', GROUP);
  await byId(page, 'push-task-submit').click();
  await waitForPath(page, /^\/push\/task\/detail\/\d+/);

  await expect.poll(() => countOf(page, 'succeeded', 'push'), { timeout: UPGRADE_WAIT, interval: 250 }).toBe(2);
  for (const sn of GOOD) expect(devices.get(sn)!.state.startupLogo).toMatchObject({ width: 384, height: 96 });
  expect(devices.get(BAD)!.state.startupLogo).toBeNull();
  await poll(() => byId(page, 'push-status').textContent()).toBe('Failed');
  await poll(() => page.locator('[data-testid="push-result-table"]').textContent()).toContain('checksumMismatch');
  // the detail shows what was sent
  expect(await byId(page, 'push-detail-logo-name').textContent()).toContain('kitchen-logo.bmp');
  await poll(() => byId(page, 'push-detail-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(384);
  // a printer that took it says so on its detail page (from its telemetry)
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const { list } = (await ok(owner.get(`/v1/devices?sn=${GOOD[0]}`), 'find the printer')) as { list: { id: number }[] };
  await page.goto(`/device/list/detail?id=${list[0]!.id}`);
  await poll(() => byId(page, 'device-state-logo').textContent()).toBe('Startup logo 384 × 96 dots');
  // and its page leads (under "More") to a logo push for it alone
  await pickFromDropdown(page, 'device-detail-more', 'device-detail-logo');
  await waitForPath(page, '/push/task/add');
  await visible(page, 'push-logo');
  expect(await byId(page, 'task-sns').inputValue()).toBe(GOOD[0]);
});
