import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_COLUMNS } from '@herald/contract';
import { Fleet, snOf, type VirtualDevice } from '@herald/device-sim';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { operatorAndAccount } from './story';
import { byId, openMenu, poll, signIn, visible, waitForPath, WAIT } from './ui';

/**
 * Issue 3's end-to-end story, in Chromium: an account admin batch-imports 20 devices from an
 * xlsx file, the simulator starts them, the console shows them online, the admin mutes one
 * (the device itself is muted) and restarts one (the command dialog shows the acknowledgement).
 *
 * Setup (operator password, account, model) goes through the API; the story goes through the UI.
 *
 * The test plays the factory too: it provisions a secret into each device and lists it in the
 * sheet's optional Secret column, as a one-device-one-secret fleet is delivered.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'fleetowner', email: 'owner@fleet.test', password: 'FleetOwner#1' };
const MODEL_CODE = 'FLT58';
const SN_PREFIX = 'FLT';
const COUNT = 20;
const SNS = Array.from({ length: COUNT }, (_, i) => snOf(SN_PREFIX, i + 1));

/** The factory's secrets, one per device. */
const SECRETS: Record<string, string> = Object.fromEntries(SNS.map((sn) => [sn, randomBytes(16).toString('hex')]));
let herald: Herald;
let mqttPort: number;
let fleet: Fleet | undefined;
let tmpDir: string;

beforeAll(async () => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-fleet-e2e-'));
  herald = await startHerald();
  mqttPort = herald.mqttPort;
});

afterAll(async () => {
  await fleet?.stop();
  await herald?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

/** Operator: initial password replaced, a printer model, an account whose admin is activated. */
async function setUp(): Promise<ApiClient> {
  const { op } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Fleet Bakery',
    models: [{ name: 'Receipt printer 58', code: MODEL_CODE, type: 'printer' }],
  });
  return op;
}

/** The import file: the template's columns, 20 printers in the default group (group name left empty), with their secrets. */
async function importFile(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([...IMPORT_COLUMNS]);
  SNS.forEach((sn, i) => ws.addRow([sn, `Till ${i + 1}`, MODEL_CODE, '', SECRETS[sn]]));
  const file = path.join(tmpDir, 'fleet.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

/** S/N → device id, read from the rows' detail links. */
async function deviceIds(page: Page): Promise<Record<string, number>> {
  const links = await page
    .locator('[data-testid="device-table"] a[data-testid^="device-row-"]')
    .evaluateAll((els) => els.map((e) => [e.textContent ?? '', e.getAttribute('href') ?? ''] as const));
  return Object.fromEntries(
    links.map(([sn, href]) => [sn.trim(), Number(new URL(href, 'http://x').searchParams.get('id'))]),
  );
}

/** The online flags of the listed devices, after a fresh load of the list (it does not poll). */
async function onlineFlags(page: Page, ids: number[]): Promise<string[]> {
  await page.reload();
  await visible(page, `device-online-${ids[0]}`);
  return Promise.all(ids.map((id) => byId(page, `device-online-${id}`).getAttribute('data-online').then(String)));
}

/** Opens a row's "more" menu (antd dropdowns open on hover), clicks the action, confirms it. */
async function rowAction(page: Page, key: string, id: number): Promise<void> {
  const item = page.locator(`[data-testid="device-action-${key}-${id}"]`);
  await expect
    .poll(
      async () => {
        await byId(page, `device-more-${id}`).hover();
        return item.isVisible();
      },
      { timeout: WAIT, interval: 500 },
    )
    .toBe(true);
  await item.click();
  const confirm = await visible(page, 'confirm-ok');
  await confirm.click();
}

/** The command-result dialog shows the device's acknowledgement; then it is closed. */
async function acknowledged(page: Page, id: number): Promise<void> {
  await visible(page, 'command-result');
  const status = byId(page, `command-status-${id}`);
  await poll(() => status.getAttribute('data-status')).toBe('acked');
  expect(await status.textContent()).toMatch(/^Acknowledged, round trip \d+ ms$/);
  await byId(page, 'command-result-close').click();
  await byId(page, 'command-result').waitFor({ state: 'hidden', timeout: WAIT });
}

const deviceOf = (sn: string): VirtualDevice => fleet!.devices.find((d) => d.sn === sn)!;

test('an account admin imports 20 devices, sees them online, mutes one and restarts one', async () => {
  await setUp();
  const file = await importFile();

  // ---- the account admin signs in and opens the device list through the sidebar
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await openMenu(page, 'deviceList', '/device/list', 'deviceRoot');
  await visible(page, 'device-table');

  // ---- batch add: upload the xlsx, watch the job finish, 20 created and none failed
  await (await visible(page, 'device-batch-add')).click();
  await waitForPath(page, '/device/list/batchAdd');
  await visible(page, 'device-import-template');
  await page.locator('[data-testid="device-import-upload"] input[type="file"]').setInputFiles(file);
  await poll(() => byId(page, 'device-import-progress').getAttribute('data-status')).toBe('done');
  const result = await visible(page, 'device-import-result');
  expect(await result.getAttribute('data-created')).toBe(String(COUNT));
  expect(await result.getAttribute('data-failed')).toBe('0');
  await byId(page, 'device-import-done').click();
  await waitForPath(page, '/device/list');

  // ---- all 20 are listed (one page of 20), offline
  for (const sn of SNS) await visible(page, `device-row-${sn}`);
  const ids = await deviceIds(page);
  expect(Object.keys(ids).sort()).toEqual([...SNS].sort());
  const allIds = SNS.map((sn) => ids[sn]!);
  expect(await onlineFlags(page, allIds)).toEqual(allIds.map(() => 'false'));

  // ---- the simulator starts the 20 devices against the embedded broker
  fleet = new Fleet({
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    httpUrl: herald.url,
    count: COUNT,
    modelCode: MODEL_CODE,
    snPrefix: SN_PREFIX,
    secrets: SECRETS,
    device: { restartDelayMs: 200, backoffMinMs: 200, backoffMaxMs: 1000 },
  });
  await fleet.start();
  expect(fleet.failed).toEqual([]);
  await poll(() => fleet!.stats().online).toBe(COUNT);

  // ---- the console shows them online
  await poll(() => onlineFlags(page, allIds)).toEqual(allIds.map(() => 'true'));

  // ---- mute one through its row action: the console shows it muted, and so is the device
  const mutedSn = SNS[3]!;
  const mutedId = ids[mutedSn]!;
  expect(deviceOf(mutedSn).state.muted).toBe(false);
  await rowAction(page, 'mute', mutedId);
  // the mute goes to the online device as a command: the dialog shows its acknowledgement
  await acknowledged(page, mutedId);
  await poll(() => deviceOf(mutedSn).state.muted).toBe(true);
  // the list was refreshed after the action
  await visible(page, `device-muted-${mutedId}`);
  // only that one
  expect(await page.locator('[data-testid^="device-muted-"]').count()).toBe(1);
  expect(fleet.devices.filter((d) => d.state.muted).map((d) => d.sn)).toEqual([mutedSn]);

  // ---- restart another: the dialog shows the device's acknowledgement
  const restartSn = SNS[10]!;
  const restartId = ids[restartSn]!;
  const connectsBefore = deviceOf(restartSn).connects;
  await rowAction(page, 'restart', restartId);
  await acknowledged(page, restartId);
  expect(deviceOf(restartSn).received.some((r) => r.cmd === 'restart' && r.outcome === 'executed')).toBe(true);

  // the restarted device comes back, and the fleet is all online again in the console
  await poll(() => deviceOf(restartSn).connects).toBeGreaterThan(connectsBefore);
  await poll(() => deviceOf(restartSn).online).toBe(true);
  await poll(() => onlineFlags(page, allIds)).toEqual(allIds.map(() => 'true'));
});
