import { ALERT_KINDS } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { startedDevice } from './sim';
import { ok, operatorAndAccount } from './story';
import { byId, chooseOption, fill, openGroup, openMenu, poll, signIn, visible, waitForPath, WAIT } from './ui';

/**
 * Notices and in-app messages in Chromium: the operator writes a notice for one account and
 * publishes it; the account's administrator sees the unread count in the header, reads it from
 * the bell and the count goes; a simulated printer of the account runs out of paper (the real
 * device protocol) and the alert arrives in the inbox, where it is found, marked and deleted. An
 * account user has no notices screen.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'noticeowner', email: 'owner@notice.test', password: 'NoticeOwner#1' };
const BAKERY = 'Notice Bakery';
const OTHER = 'Notice Other';
const PRINTER_MODEL = { name: 'Notice printer', code: 'NOTICEP58', type: 'printer' } as const;
const PRINTER_SN = 'NOTICEP0001';
const NOTICE = { title: 'Maintenance on Sunday', content: 'The platform rests\nfrom 02:00 to 03:00.' };

let herald: Herald;
let mqttPort: number;
let printer: VirtualDevice | undefined;
let op: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  mqttPort = herald.mqttPort;
  const made = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: BAKERY,
    models: [PRINTER_MODEL],
  });
  op = made.op;
  await ok(
    op.post('/v1/accounts', {
      name: OTHER,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '03',
      subjectType: 'business',
      subjectName: `${OTHER} Ltd`,
      adminEmail: 'other@notice.test',
      adminUsername: 'noticeother',
    }),
    'create the other account',
  );
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(
    owner.post('/v1/devices', { sn: PRINTER_SN, modelId: made.modelIds[PRINTER_MODEL.code] }),
    'add the printer',
  )) as { id: number; secret: string };
  printer = startedDevice(mqttPort, { sn: PRINTER_SN, secret: created.secret, kind: 'printer' });
  await printer.waitOnline();
});

afterAll(async () => {
  await printer?.stop();
  await herald?.stop();
});

const unread = (page: Page) => poll(() => byId(page, 'header-messages').getAttribute('data-unread'));

test('the operator writes and publishes a notice; the account admin reads it from the bell', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  await openMenu(page, 'notice', '/notice/list', 'messageRoot');
  await (await visible(page, 'notice-add')).click();
  await waitForPath(page, '/notice/list/add');

  // nothing chosen: the form says what is missing and nothing is saved
  await fill(page, 'notice-title', NOTICE.title);
  await fill(page, 'notice-content', NOTICE.content);
  await byId(page, 'notice-save-draft').click();
  await page.getByText('Choose at least one target account').first().waitFor({ timeout: WAIT });
  expect(((await ok(op.get('/v1/notices'), 'notices')) as { total: number }).total).toBe(0);

  await chooseOption(page, 'notice-accounts', BAKERY);
  await byId(page, 'notice-save-publish').click();
  // asked first, naming how far it goes
  const confirm = await visible(page, 'notice-publish-ok');
  await poll(() => page.locator('.ant-modal-content:visible').first().innerText()).toContain(
    'Publish this notice to 1 account(s)?',
  );
  await confirm.click();
  await visible(page, 'notice-detail');
  await poll(() => byId(page, 'notice-status').textContent()).toContain('Published');
  await poll(() => byId(page, 'notice-detail-recipients').textContent()).toBe('0/1');
  await poll(() => byId(page, 'notice-detail-targets').textContent()).toContain(BAKERY);
  // published: no more editing
  expect(await byId(page, 'notice-edit').count()).toBe(0);

  // ---- the account's administrator
  const owner = await herald.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await unread(owner).toBe('1');
  await byId(owner, 'header-messages').click();
  await visible(owner, 'header-messages-panel');
  const item = owner.locator('[data-testid^="header-messages-item-"]', { hasText: NOTICE.title }).first();
  await item.waitFor({ timeout: WAIT });
  await item.click();
  await waitForPath(owner, '/msg/list/detail-sys');
  await poll(() => byId(owner, 'msg-detail-content').innerText()).toBe(NOTICE.content);
  await unread(owner).toBe('0');

  // the other account's administrator has nothing: an empty bell and inbox
  const mail = await op.latestMail('other@notice.test');
  const token = new URL(mail.link!).searchParams.get('token');
  await ok(
    herald.api().post('/users/active/user', { token, password: 'NoticeOther#1', confirmPassword: 'NoticeOther#1' }),
    'activate the other admin',
  );
  const stranger = await herald.newPage();
  await signIn(stranger, 'noticeother', 'NoticeOther#1');
  await unread(stranger).toBe('0');
  await stranger.goto('/msg/list');
  await visible(stranger, 'msg-table-all');
  await poll(() => byId(stranger, 'msg-table-all').locator('.ant-empty').count()).toBe(1);
  expect(await byId(stranger, 'msg-table-all').innerText()).not.toContain(NOTICE.title);

  // the operator sees it read once
  await page.reload();
  await poll(() => byId(page, 'notice-detail-recipients').textContent()).toBe('1/1');
});

test('a printer out of paper reaches the inbox as an alert, which the admin finds, reads and deletes', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password, '/msg/list');
  await visible(page, 'msg-list');

  printer!.injectFault('paper-out');
  // the bell asks every 30 s; here the page is reloaded once the server has the alert
  const api = await herald.api().login(OWNER.username, OWNER.password);
  await poll(
    async () =>
      ((await ok(api.get('/v1/account-user-notice-msg/queryUnreadStat'), 'unread')) as { alert: number }).alert,
  ).toBe(1);
  await page.reload();
  await visible(page, 'msg-list');
  await unread(page).toBe('1');
  await byId(page, 'msg-tab-alert').click();
  const table = await visible(page, 'msg-table-alert');
  const row = table.locator('tr', { hasText: `Printer ${PRINTER_SN} is out of paper` }).first();
  await row.waitFor({ timeout: WAIT });

  // marked read from the list: the count goes
  await row.locator('input[type="checkbox"]').check();
  await byId(page, 'msg-mark-read').click();
  await unread(page).toBe('0');

  // deleted after a confirmation
  await row.locator('input[type="checkbox"]').check();
  await byId(page, 'msg-delete').click();
  await (await visible(page, 'msg-delete-ok')).click();
  await poll(() => table.locator('tr', { hasText: PRINTER_SN }).count()).toBe(0);

  // the settings: until the account chooses, its super-administrators receive
  await byId(page, 'msg-settings').click();
  await visible(page, 'msg-settings-drawer');
  await visible(page, 'msg-settings-receivers-hint');
  await poll(() =>
    page.locator('[data-testid="msg-settings-alert-kinds"] input[type="checkbox"]:checked').count(),
  ).toBe(ALERT_KINDS.length);
});

test('an account user has no notices screen; the inbox speaks both languages', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  // the sidebar is drawn (its messages group is there), without the notices
  await openGroup(page, 'menu-group-messageRoot');
  await visible(page, 'menu-publish');
  expect(await byId(page, 'menu-notice').count()).toBe(0);
  await page.goto('/notice/list');
  await visible(page, 'no-permission');

  await page.goto('/msg/list');
  await visible(page, 'msg-list');
  await poll(() => byId(page, 'msg-tab-system').textContent()).toContain('System');
  await byId(page, 'language-switch').hover();
  await (await visible(page, 'lang-zh_CN')).click();
  await poll(() => byId(page, 'msg-tab-system').textContent()).toContain('系统');
});
