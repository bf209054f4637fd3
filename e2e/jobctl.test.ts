import fs from 'node:fs';
import type { VirtualDevice } from '@herald/device-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { byId, escapeTracker, openMenu, pickFromDropdown, poll, signIn, visible, waitForPath } from './ui';
import { startedDevice } from './sim';

/**
 * Printing from the console (issue 29), in Chromium: a printer's test page sent from its row and
 * followed live to 3, its failure shown with the printer's reason, the device list exported with
 * its filters; a test page queued for an offline printer cancelled from the device's queue and
 * never printed when the printer comes back, and a finished job printed again from its record.
 */

const OWNER = { username: 'jobowner', email: 'owner@jobs.test', password: 'JobOwner#1' };
const PRINTER = { code: 'JOB80', sn: 'JOBP0001' };

let herald: Herald;
let mqttPort: number;
let owner: ApiClient;
let printer: VirtualDevice;
let printerId: number;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  herald = await startHerald();
  mqttPort = herald.mqttPort;
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: 'Operator@2024',
    owner: OWNER,
    accountName: 'Job Control Cafe',
    models: [{ name: 'Receipt printer 80', code: PRINTER.code, type: 'printer' }],
  });
  owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(owner.post('/v1/devices', { sn: PRINTER.sn, modelId: modelIds[PRINTER.code] }), 'add')) as {
    id: number;
    secret: string;
  };
  printerId = created.id;
  printer = startedDevice(mqttPort, { sn: PRINTER.sn, secret: created.secret });
  sims.push(printer);
  await printer.waitOnline();
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await herald?.stop();
});

const testPages = () => printer.printed.filter((p) => p.includes('Herald test page'));

/** The device row says online (the list is not live: reload until it does). */
async function onlineInList(page: Page, online: boolean) {
  await poll(async () => {
    await page.reload();
    return byId(page, `device-online-${printerId}`).getAttribute('data-online');
  }).toBe(String(online));
}

test('a test page from the device list reaches 3, a failing one shows the printer’s reason, and the list exports', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await openMenu(page, 'deviceList', '/device/list', 'deviceRoot');
  await visible(page, 'device-table');
  await onlineInList(page, true);

  // ---- from the row: sent at once, followed live to 3
  await pickFromDropdown(page, `device-more-${printerId}`, `device-action-testPrint-${printerId}`);
  await visible(page, 'test-print-tracker');
  await poll(() => byId(page, 'test-print-status').getAttribute('data-status')).toBe('3');
  expect(await byId(page, 'test-print-status').textContent()).toMatch(/^(Printed|已打印)$/);
  const [pageText] = testPages();
  expect(pageText).toContain(PRINTER.sn);
  expect(pageText).toContain('58 mm (32 chars)');
  await escapeTracker(page);

  // ---- from the detail page, with the printer out of paper: 4 with its reason
  printer.injectFault('paper-out');
  await byId(page, `device-detail-${printerId}`).click();
  await waitForPath(page, /\/device\/list\/detail\?id=\d+/);
  await (await visible(page, 'device-detail-testPrint')).click();
  await poll(() => byId(page, 'test-print-status').getAttribute('data-status')).toBe('4');
  expect(await byId(page, 'test-print-status').textContent()).toMatch(/(Out of paper|缺纸)/);
  printer.clearFault('paper-out');
  await escapeTracker(page);

  // ---- the device list as CSV, with the list's filters (an S/N that matches nothing: only the header)
  await openMenu(page, 'deviceList', '/device/list', 'deviceRoot');
  await visible(page, 'device-table');
  const exported = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pickFromDropdown(page, 'device-export', 'device-export-csv'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^devices-.*\.csv$/);
    return fs.readFileSync((await download.path())!, 'utf8');
  };
  expect(await exported()).toContain(`"${PRINTER.sn}"`);
  await page.locator('input#sn').fill('NOSUCHDEVICE');
  await page.getByRole('button', { name: /^(Query|查 ?询)$/ }).click();
  await poll(() => page.locator(`[data-testid="device-row-${PRINTER.sn}"]`).count()).toBe(0);
  const filtered = await exported();
  expect(filtered).not.toContain(PRINTER.sn);
  expect(filtered).toContain('"S/N"');
});

test('a test page queued for an offline printer is cancelled from its queue and never prints; a finished one prints again', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  const before = testPages().length;

  // ---- the printer goes away; a test page waits for it (0)
  await printer.stop();
  await page.goto(`/device/list/detail?id=${printerId}`);
  await visible(page, 'device-detail');
  await poll(() => byId(page, `device-online-${printerId}`).getAttribute('data-online')).toBe('false');
  await (await visible(page, 'device-detail-testPrint')).click();
  await poll(() => byId(page, 'test-print-status').getAttribute('data-status')).toBe('0');
  const sent = (await ok(owner.get(`/v1/devices/${printerId}/jobs`), 'queue')) as { jobId: number; msgId: string }[];
  expect(sent).toHaveLength(1);
  const { jobId, msgId } = sent[0]!;
  await escapeTracker(page);

  // ---- the queue shows it; cancelled there, it leaves the queue
  await visible(page, `queue-row-${jobId}`);
  await byId(page, `queue-cancel-${jobId}`).click();
  await (await visible(page, 'confirm-ok')).click();
  await poll(() => page.locator(`[data-testid="queue-row-${jobId}"]`).count()).toBe(0);

  // ---- the printer comes back: the cancelled page never reaches it; the next one prints
  printer.start();
  await printer.waitOnline();
  await poll(() => byId(page, `device-online-${printerId}`).getAttribute('data-online')).toBe('true');
  await (await visible(page, 'device-detail-testPrint')).click();
  await poll(() => byId(page, 'test-print-status').getAttribute('data-status')).toBe('3');
  await escapeTracker(page);
  expect(testPages()).toHaveLength(before + 1);
  expect(printer.received.some((r) => r.id === msgId)).toBe(false);

  // ---- in the print records: 4 with reason "Cancelled"; the finished one is printed again from its record
  await openMenu(page, 'printRecord', '/business-record/print', 'businessRoot');
  const row = page.locator('tr', { has: await visible(page, `record-row-${jobId}`) });
  await poll(() => row.textContent()).toMatch(/Cancelled|已取消/);
  expect(await row.locator(`[data-testid="record-cancel-${jobId}"]`).count()).toBe(0);
  await byId(page, `record-reprint-${jobId}`).click();
  await (await visible(page, 'confirm-ok')).click();
  await waitForPath(page, /\/business-record\/print\/detail\?id=\d+/);
  const newId = Number(new URL(page.url()).searchParams.get('id'));
  expect(newId).not.toBe(jobId);
  expect(await (await visible(page, 'record-reprint-of')).textContent()).toBe(String(jobId));
  await poll(async () => {
    const j = (await ok(owner.get(`/v1/records/print/${newId}`), 'reprint')) as { status: number };
    return j.status;
  }).toBe(3);
  expect(testPages()).toHaveLength(before + 2);
});
