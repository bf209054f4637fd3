import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VirtualDevice } from '@herald/device-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { fillGroupTask, uploadFirmware } from './ota-steps';
import { ok, operatorAndAccount } from './story';
import { byId, chooseOption, fill, openMenu, poll, signIn, visible, waitForPath, WAIT } from './ui';
import { simDevice } from './sim';

/**
 * Issue 30's story in Chromium: an account admin makes a phased upgrade task with an abort
 * criterion for ten simulated printers (a canary phase of three, one of which can never verify
 * a download), watches phase 1, sees the task abort with its reason and the in-app alert, and
 * resumes it; phase 2 then runs after phase 1's soak. A task "minute" is MINUTE_MS here.
 */
const MINUTE_MS = 15_000;
const OWNER = { username: 'phaseowner', email: 'owner@phases.test', password: 'PhaseOwner#1' };
const MODEL = { name: 'Counter printer', code: 'PH80' };
const GROUP = 'Counters';
const FROM = '1.00.00.01';
const TO = '1.00.00.02';
const FIRMWARE = 'Counter firmware';
const TASK = 'Counter canary';
const SNS = Array.from({ length: 10 }, (_, i) => `PHSE${String(i + 1).padStart(4, '0')}`);
/** the first device (phase 1, by device order) fails every checksum */
const BAD = SNS[0]!;
const UPGRADE_WAIT = 120_000;
const COHORT = 'Counter canary cohort';
const CANARY = SNS[9]!;
const NEXT = '1.00.00.03';
const FIRMWARE_NEXT = 'Counter firmware next';
const TASK_NEXT = 'Counter cohort canary';

let herald: Herald;
let mqttPort: number;
const devices = new Map<string, VirtualDevice>();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-phases-e2e-'));

beforeAll(async () => {
  herald = await startHerald({
    env: { OTA_TICK_MS: '300', OTA_MINUTE_MS: String(MINUTE_MS) },
  });
  mqttPort = herald.mqttPort;
});

afterAll(async () => {
  await Promise.all([...devices.values()].map((d) => d.stop()));
  await herald?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Operator, model, account, group and its ten printers (online) through the API. */
async function setUp(): Promise<void> {
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: 'Operator@2024',
    owner: OWNER,
    accountName: 'Phase Counters',
    models: [{ ...MODEL, type: 'printer' }],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const group = (await ok(owner.post('/v1/groups', { name: GROUP }), 'create the group')) as { id: number };
  for (const sn of SNS) {
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
    if (sn === BAD) device.injectFault('ota-bad-checksum');
    devices.set(sn, device);
    device.start();
  }
  await Promise.all([...devices.values()].map((d) => d.waitOnline(WAIT)));
}

const upgraded = () => SNS.filter((sn) => devices.get(sn)!.state.firmware === TO);

test('a person creates a phased task with thresholds, watches phase 1, sees the abort and the alert, resumes', async () => {
  await setUp();
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  // ---- the firmware, uploaded through the console
  await uploadFirmware(page, tmp, { appName: 'counter-app', name: FIRMWARE, version: TO, model: MODEL.name });

  // ---- the task: two phases (30 % canary soaking one "minute", then the rest) and an abort criterion
  await fillGroupTask(page, { name: TASK, firmware: FIRMWARE, group: GROUP });
  await byId(page, 'phase-add').click();
  await byId(page, 'phase-add').click();
  await fill(page, 'phase-percent-0', '30');
  await fill(page, 'phase-soak-0', '1');
  await fill(page, 'phase-threshold-0', '60');
  await fill(page, 'phase-percent-1', '70');
  await fill(page, 'phase-soak-1', '0');
  await fill(page, 'phase-threshold-1', '90');
  // a first try with shares that do not add up is refused with the reason
  await fill(page, 'phase-percent-1', '60');
  await byId(page, 'criterion-add').click();
  await fill(page, 'criterion-percent-0', '30');
  await fill(page, 'criterion-min-0', '3');
  await byId(page, 'ota-task-submit').click();
  await poll(() => page.locator('[data-testid="ota-task-form"]').textContent()).toContain(
    'The phases must add up to 100%',
  );
  await fill(page, 'phase-percent-1', '70');
  await byId(page, 'ota-task-submit').click();
  await waitForPath(page, /^\/resource\/task\/detail\/\d+/);
  await visible(page, 'ota-task-phases');

  // ---- phase 1 runs (three devices), phase 2 waits; then one of three fails: the task aborts
  await poll(() => byId(page, 'phase-state-0').textContent()).toBe('Running');
  expect(await byId(page, 'phase-state-1').textContent()).toBe('Waiting');
  await expect
    .poll(() => byId(page, 'ota-task-halt').textContent(), { timeout: UPGRADE_WAIT, interval: 250 })
    .toContain('Aborted: 1 of 3 finished devices failed');
  await poll(() => byId(page, 'ota-status').textContent()).toBe('Aborted');
  expect(await byId(page, 'phase-waits-0').textContent()).toContain('Resume');
  expect(upgraded().length).toBe(2);

  // ---- the alert: in the bell, in the owner's inbox
  await page.reload();
  await byId(page, 'header-messages').click();
  await visible(page, 'header-messages-panel');
  await poll(() =>
    page.locator('[data-testid^="header-messages-item-"]', { hasText: `Upgrade task "${TASK}" was aborted` }).count(),
  ).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // ---- resume, after a confirmation: phase 1 meets its threshold (2 of 3) after its soak, phase 2 runs
  await byId(page, 'ota-task-resume').click();
  await byId(page, 'ota-task-resume-ok').click();
  await poll(() => byId(page, 'ota-task-halt').count()).toBe(0);
  await expect
    .poll(() => byId(page, 'phase-state-1').textContent(), { timeout: UPGRADE_WAIT, interval: 250 })
    .toBe('Running');
  await expect.poll(() => upgraded().length, { timeout: UPGRADE_WAIT, interval: 250 }).toBe(9);
  expect(upgraded()).not.toContain(BAD);
  await poll(() => byId(page, 'phase-state-0').textContent()).toBe('Promoted');

  // the log says who did what
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const logs = (await ok(owner.get('/v1/oper-logs?page=1&pageSize=50'), 'logs')) as {
    list: { description: string }[];
  };
  const lines = logs.list.map((l) => l.description).join('\n');
  expect(lines).toContain(`Upgrade task "${TASK}"`);
  expect(lines).toContain(`Resumed upgrade task "${TASK}"`);
});

test('a cohort made from a device-list filter is the canary phase: its device upgrades first, the rest wait for the approval', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  // ---- the cohort: the filter "S/N contains" picks the last printer, which a share phase would take last
  await openMenu(page, 'cohort', '/resource/cohort', 'resourceRoot');
  await (await visible(page, 'cohort-add')).click();
  await waitForPath(page, '/resource/cohort/add');
  await fill(page, 'cohort-name', COHORT);
  await fill(page, 'cohort-filter-sn', CANARY);
  await byId(page, 'cohort-submit').click();
  await waitForPath(page, /^\/resource\/cohort\/detail\/\d+/);
  await poll(() => byId(page, 'cohort-size').textContent()).toBe('1');
  await poll(() => byId(page, 'cohort-members').textContent()).toContain(CANARY);

  // ---- the next firmware, and a task whose first phase is the cohort
  await uploadFirmware(page, tmp, { appName: 'counter-app', name: FIRMWARE_NEXT, version: NEXT, model: MODEL.name });
  await fillGroupTask(page, { name: TASK_NEXT, firmware: FIRMWARE_NEXT, group: GROUP });
  await byId(page, 'phase-add').click();
  await byId(page, 'phase-add').click();
  await chooseOption(page, 'phase-cohort-0', COHORT);
  await fill(page, 'phase-soak-0', '0');
  await fill(page, 'phase-threshold-0', '100');
  await fill(page, 'phase-percent-1', '100');
  await byId(page, 'phase-approval-1').check();
  await byId(page, 'ota-task-submit').click();
  await waitForPath(page, /^\/resource\/task\/detail\/\d+/);
  await visible(page, 'ota-task-phases');
  expect(await byId(page, 'phase-row-0').textContent()).toContain('Cohort #');

  // ---- the canary upgrades; phase 2 waits for a person, and nobody else was offered the firmware
  await expect.poll(() => devices.get(CANARY)!.state.firmware, { timeout: UPGRADE_WAIT, interval: 250 }).toBe(NEXT);
  await expect
    .poll(() => byId(page, 'phase-waits-0').textContent(), { timeout: UPGRADE_WAIT, interval: 250 })
    .toContain('Approval');
  expect(await byId(page, 'phase-state-1').textContent()).toBe('Waiting');
  expect(SNS.filter((sn) => devices.get(sn)!.state.firmware === NEXT)).toEqual([CANARY]);
});
