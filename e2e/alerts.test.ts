import type { VirtualDevice } from '@herald/device-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { byId, chooseOption, fill, poll, signIn, visible, WAIT } from './ui';
import { startedDevice } from './sim';

/**
 * Alerts that reach people, in Chromium: the account's administrator chooses in the message
 * settings to get "out of paper" by e-mail; a simulated printer that reports its state only in its
 * telemetry (no state events) runs out of paper; the alert arrives by e-mail in the outbox, once,
 * and the operator sees it in the outbox view; when the paper is back, a recovery mail follows.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'alertowner', email: 'owner@alerts.test', password: 'AlertOwner#1' };
const PRINTER_MODEL = { name: 'Alert printer', code: 'ALERTP58', type: 'printer' } as const;
const PRINTER_SN = 'ALERTP0001';
const SUBJECT = `[Herald alert] Printer ${PRINTER_SN} is out of paper`;

let herald: Herald;
let printer: VirtualDevice | undefined;
let op: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  const mqttPort = herald.mqttPort;
  const made = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Alert Bakery',
    models: [PRINTER_MODEL],
  });
  op = made.op;
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(
    owner.post('/v1/devices', { sn: PRINTER_SN, modelId: made.modelIds[PRINTER_MODEL.code] }),
    'add the printer',
  )) as { id: number; secret: string };
  printer = startedDevice(mqttPort, {
    sn: PRINTER_SN,
    secret: created.secret,
    kind: 'printer',
    stateEvents: false,
    telemetryIntervalMs: 500,
  });
  await printer.waitOnline();
});

afterAll(async () => {
  await printer?.stop();
  await herald?.stop();
});

const alertMails = async () =>
  (await op.mails({ to: OWNER.email })).list.filter((m) => m.subject.startsWith('[Herald alert]'));

test('an out-of-paper printer raises an alert that arrives by e-mail in the outbox, once', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password, '/msg/list');
  await visible(page, 'msg-list');
  await byId(page, 'msg-settings').click();
  await visible(page, 'msg-settings-drawer');
  const channels = await visible(page, 'msg-settings-channels');
  await poll(() => byId(page, 'msg-channels-digest').innerText()).toContain('more than 3 alerts of one kind');
  await channels.scrollIntoViewIfNeeded();
  await chooseOption(page, `msg-channels-email-${OWNER.username}`, 'Out of paper');
  // and to hear of a printer offline for a quarter of an hour
  await fill(page, 'msg-channels-offline-minutes', '15');
  await byId(page, 'msg-settings-channels-save').click();
  await poll(async () => {
    const saved = (await ok(
      (await herald.api().login(OWNER.username, OWNER.password)).get('/v1/account/queryAlertChannels'),
      'channels',
    )) as { receivers: { emailKinds: string[] }[]; offlineAlertMinutes: number };
    return [saved.receivers[0]?.emailKinds, saved.offlineAlertMinutes];
  }).toEqual([['outOfPaper'], 15]);
  expect(await alertMails()).toEqual([]);

  printer!.injectFault('paper-out');
  await poll(async () => (await alertMails()).map((m) => m.subject)).toEqual([SUBJECT]);
  // more telemetry saying the same raises nothing more
  await new Promise((r) => setTimeout(r, 2000));
  expect((await alertMails()).map((m) => m.subject)).toEqual([SUBJECT]);
  const [mail] = await alertMails();
  expect(mail!.body).toContain(`Device: ${PRINTER_SN}`);

  // the operator reads it in the outbox view
  const opPage = await herald.newPage();
  await signIn(opPage, 'admin', OP_PASSWORD, '/oper-log/list');
  await (await visible(opPage, 'tab-mail-outbox')).click();
  const table = await visible(opPage, 'mail-table');
  await table.locator('tr', { hasText: SUBJECT }).first().waitFor({ timeout: WAIT });

  // the paper is back: a recovery follows by the same way
  printer!.clearFault('paper-out');
  await poll(async () => (await alertMails()).map((m) => m.subject)).toEqual([
    `[Herald alert] Printer ${PRINTER_SN} has paper again`,
    SUBJECT,
  ]);

  // the settings speak Chinese too
  await page.keyboard.press('Escape');
  await byId(page, 'language-switch').hover();
  await (await visible(page, 'lang-zh_CN')).click();
  await byId(page, 'msg-settings').click();
  await poll(() => byId(page, 'msg-channels-digest').innerText()).toContain('合并为一条汇总');
  await poll(() => byId(page, 'msg-settings-channels').innerText()).toContain('邮件');
});
