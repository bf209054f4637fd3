import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import {
  byId,
  fill,
  openMenu,
  pickFromDropdown,
  poll,
  sessionItem,
  signIn,
  submitSignIn,
  visible,
  waitForPath,
  WAIT,
  drawnPng,
} from './ui';

/**
 * The console shell around the pages: the sign-in entry's URL parameters, the authorisation-code
 * retries, the first page by role, opened-page tabs, the lock screen across reloads, a token
 * refreshed before a late request, one toast at a time, the external-link warning and the
 * browser language. (The language of every menu page is read by the tours, tours.test.ts.)
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'shellowner', email: 'owner@shell.test', password: 'ShellOwner#1' };
const SN = 'SHELL0001';

let herald: Herald;

beforeAll(async () => {
  herald = await startHerald();
  const ground = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Shell Shop',
    models: [{ name: 'Shell printer', code: 'SP1', type: 'printer' }],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  await ok(owner.post('/v1/devices', { sn: SN, modelId: ground.modelIds.SP1 }), 'add a device');
});
afterAll(async () => {
  await herald?.stop();
});

/** The visible copy of a page kept alive by the tabs (hidden copies stay in the DOM). */
const shown = (page: Page, id: string) => page.locator(`[data-testid="${id}"]:visible`).first();

test('an authorisation code that cannot be exchanged is tried three times, then /401', async () => {
  const page = await herald.newPage();
  await page.goto('/login');
  await visible(page, 'login-form');
  const exchanges: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/oauth/token/') exchanges.push(r.method());
  });
  await page.evaluate(() => sessionStorage.setItem('Auth-Code', 'not-a-code'));
  await page.goto('/home');
  await waitForPath(page, '/401');
  await visible(page, 'unauthorized');
  expect(exchanges).toEqual(['POST', 'POST', 'POST']);
  expect(await sessionItem(page, 'Auth-Code')).toBeNull();
  expect(await sessionItem(page, 'Token')).toBeNull();
  // its button leads back to sign-in
  await byId(page, 'unauthorized').getByRole('button').click();
  await waitForPath(page, '/login');
  await page.close();
});

test('the first page follows the role: the device QR page for its holders, else the home page of the side', async () => {
  const owner = await herald.newPage();
  await signIn(owner, OWNER.username, OWNER.password); // an account admin holds herald.device.qrcode
  await waitForPath(owner, '/device/device-code');
  const operator = await herald.newPage();
  await signIn(operator, 'admin', OP_PASSWORD);
  await waitForPath(operator, '/home');
  await visible(operator, 'home-op');
  // `/` always lands there too
  await operator.goto('/');
  await waitForPath(operator, '/home');
  await owner.close();
  await operator.close();
});

test('an alert link (needJump, sn, eventId, alertTotal) opens that device after sign-in', async () => {
  const page = await herald.newPage();
  await page.goto(`/login?needJump=1&sn=${SN}&eventId=ev-42&alertTotal=3`);
  // the toast lasts two seconds from the jump: looked for from the start, not after the detail shows
  const warned = page
    .locator('.herald-toast-warning', { hasText: `Device ${SN} raised 3 alert(s)` })
    .waitFor({ timeout: WAIT });
  await submitSignIn(page, OWNER.username, OWNER.password);
  await waitForPath(page, '/device/list/detail');
  const url = new URL(page.url());
  expect(url.searchParams.get('eventId')).toBe('ev-42');
  expect(url.searchParams.get('alertTotal')).toBe('3');
  expect(Number(url.searchParams.get('id'))).toBeGreaterThan(0);
  await poll(() => byId(page, 'device-detail').textContent()).toContain(SN);
  await warned;

  // an S/N the user cannot see: the spec's message, then the usual first page
  const refused = page.locator('.herald-toast-error', { hasText: 'Incorrect Device S/N' }).waitFor({ timeout: WAIT });
  await page.goto('/login?needJump=1&sn=NOSUCH0001&alertTotal=1');
  await refused;
  await waitForPath(page, '/device/device-code');
  await page.close();
});

test('opened pages become tabs: unique, titled, cached unless no-cache; the fixed home tab survives closing', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  const tabs = () =>
    page
      .locator('[data-testid="opened-tabs"] [data-testid^="tab-/"]')
      .evaluateAll((els) => els.map((e) => e.textContent));
  await poll(tabs).toEqual(['Home']);

  // (a page counts as opened once it shows: one left while still loading never was)
  await openMenu(page, 'operLog', '/oper-log/list');
  await shown(page, 'oper-log-table').waitFor({ timeout: WAIT });
  await openMenu(page, 'account', '/account/list');
  await shown(page, 'account-table').waitFor({ timeout: WAIT });
  await openMenu(page, 'operLog', '/oper-log/list'); // again: no second tab
  await poll(tabs).toEqual(['Home', 'Operation log', 'Accounts']);

  // a cached page keeps its DOM (and so its state) while another tab is shown
  await shown(page, 'oper-log-table').evaluate((el) => el.setAttribute('data-kept', 'yes'));
  await byId(page, 'tab-/account/list').click();
  await waitForPath(page, '/account/list');
  await shown(page, 'account-table').waitFor({ timeout: WAIT });
  await byId(page, 'tab-/oper-log/list').click();
  await waitForPath(page, '/oper-log/list');
  expect(await shown(page, 'oper-log-table').getAttribute('data-kept')).toBe('yes');

  // an add page is no-cache: it is rendered afresh when its tab is shown again
  await byId(page, 'tab-/account/list').click();
  await waitForPath(page, '/account/list');
  await shown(page, 'account-add').click();
  await waitForPath(page, '/account/list/add');
  await poll(tabs).toEqual(['Home', 'Operation log', 'Accounts', 'Accounts · Add']);
  // the sidebar marks the list the page belongs to (first two path segments)
  const selected = page.locator('[data-testid="side-menu"] li.ant-menu-item-selected [data-testid^="menu-"]');
  await poll(() => selected.getAttribute('data-testid')).toBe('menu-account');
  await shown(page, 'account-add-form').evaluate((el) => el.setAttribute('data-kept', 'yes'));
  await byId(page, 'tab-/oper-log/list').click();
  await waitForPath(page, '/oper-log/list');
  await byId(page, 'tab-/account/list/add').click();
  await waitForPath(page, '/account/list/add');
  expect(await shown(page, 'account-add-form').getAttribute('data-kept')).toBeNull();

  // close others (from the current tab): home is fixed and stays
  await pickFromDropdown(page, 'tab-actions', 'tab-close-others');
  await poll(tabs).toEqual(['Home', 'Accounts · Add']);
  // close all: only home is left, and it is shown
  await pickFromDropdown(page, 'tab-actions', 'tab-close-all');
  await poll(tabs).toEqual(['Home']);
  await waitForPath(page, '/home');
  // the fixed tab cannot be closed
  expect(await page.locator('[data-testid="opened-tabs"] .ant-tabs-tab-remove').count()).toBe(0);
  await page.close();
});

test('a locked console stays locked across a reload; unlocking or signing out ends the lock', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  await pickFromDropdown(page, 'user-menu', 'user-menu-lock');
  await visible(page, 'lock-screen');
  await page.reload();
  await visible(page, 'lock-screen');
  await fill(page, 'lock-password', OP_PASSWORD);
  await byId(page, 'lock-submit').click();
  await byId(page, 'lock-screen').waitFor({ state: 'detached', timeout: WAIT });
  await page.reload();
  await visible(page, 'console-layout');
  expect(await page.locator('[data-testid="lock-screen"]').count()).toBe(0);

  // locked, then "sign in as another user": the next sign-in is not locked
  await pickFromDropdown(page, 'user-menu', 'user-menu-lock');
  await visible(page, 'lock-screen');
  await byId(page, 'lock-screen').getByRole('button', { name: 'Sign in as another user' }).click();
  await waitForPath(page, '/login');
  await signIn(page, 'admin', OP_PASSWORD);
  expect(await page.locator('[data-testid="lock-screen"]').count()).toBe(0);
  await page.close();
});

test('a request made after the token is due refreshes first instead of failing', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  await waitForPath(page, '/home');
  const old = await sessionItem(page, 'Refresh-Token');
  // the refresh timer has not fired (a sleeping laptop): the stored token is due and, here, useless
  await page.evaluate(() => {
    sessionStorage.setItem('Expires-Timestamp', String(Date.now() - 1000));
    sessionStorage.setItem('Token', 'expired.token.value');
  });
  await openMenu(page, 'operLog', '/oper-log/list');
  await shown(page, 'oper-log-table').waitFor({ timeout: WAIT });
  await shown(page, 'oper-log-table')
    .locator(':is(.ant-table-row, .ant-empty)')
    .first()
    .waitFor({ state: 'visible', timeout: WAIT });
  expect(await sessionItem(page, 'Token')).not.toBe('expired.token.value');
  expect(await sessionItem(page, 'Refresh-Token')).not.toBe(old);
  expect(Number(await sessionItem(page, 'Expires-Timestamp'))).toBeGreaterThan(Date.now());
  expect(new URL(page.url()).pathname).toBe('/oper-log/list');
  expect(await page.locator('[data-testid="relogin"]').count()).toBe(0);
  await page.close();
});

test('only one message toast shows at a time', async () => {
  const page = await herald.newPage();
  await page.goto('/login');
  await fill(page, 'login-username', 'nobody');
  await fill(page, 'login-password', 'Wrong@12345');
  await byId(page, 'login-submit').click();
  await page.locator('.herald-toast-error', { hasText: 'Incorrect username or password' }).waitFor({ timeout: WAIT });
  // a second, different message replaces the first
  await pickFromDropdown(page, 'language-switch', 'lang-zh_CN');
  await byId(page, 'login-submit').click();
  await page.locator('.herald-toast-error', { hasText: '用户名或密码错误' }).waitFor({ timeout: WAIT });
  // the replaced one may still be fading out, but only one is showing
  expect(await page.locator('.ant-message-notice-wrapper:not(.ant-message-move-up-leave)').count()).toBe(1);
  await page.close();
});

test('an external link warns before leaving the console', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  // the server's API reference, linked from the help centre's open API article
  await page.goto('/help?topic=openApi');
  await byId(page, 'help-openapi-link').click();
  const warning = await visible(page, 'external-link-warning');
  expect(await warning.textContent()).toContain(`${herald.url}/docs`);
  const dialog = page.locator('.ant-modal-confirm', { has: warning });
  await poll(() => dialog.textContent()).toContain('You are leaving Herald');
  // cancel: nothing opens
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await warning.waitFor({ state: 'detached', timeout: WAIT });
  expect(page.context().pages()).toHaveLength(1);
  // continue: the page opens in a new tab
  await byId(page, 'help-openapi-link').click();
  await visible(page, 'external-link-warning');
  const [popup] = await Promise.all([
    page.context().waitForEvent('page', { timeout: WAIT }),
    page.locator('.ant-modal-confirm').getByRole('button', { name: 'Continue' }).click(),
  ]);
  await popup.waitForURL((u) => u.pathname.startsWith('/docs'), { timeout: WAIT });
  await page.close();
});

test('without lang in the URL the browser language decides; lang in the URL wins', async () => {
  const context = await herald.browser.newContext({ baseURL: herald.url, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await visible(page, 'login-form');
    await poll(() => page.locator('h3').first().textContent()).toBe('登录 Herald');
    await page.goto('/login?lang=en_US');
    await poll(() => page.locator('h3').first().textContent()).toBe('Sign in to Herald');
  } finally {
    await context.close();
  }
});

test('the personal centre: account info, email change, password change and message language', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await pickFromDropdown(page, 'user-menu', 'user-menu-center');
  await waitForPath(page, '/user-center/account-info');
  await poll(() => shown(page, 'personal-info').textContent()).toContain(OWNER.email);

  // the avatar: a 600×300 picture goes up cut to a 256 square, and the header shows it
  // (the picture is handed over as bytes: no file left behind)
  const picture = { name: 'me.png', mimeType: 'image/png', buffer: await drawnPng(page, 600, 300, '#2f54eb') };
  await page.locator('[data-testid="personal-avatar"] input[type="file"]').setInputFiles(picture);
  const headerPicture = page.locator('[data-testid="header-avatar"] img');
  await poll(() => headerPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth).catch(() => 0)).toBe(256);
  expect(await headerPicture.evaluate((img) => (img as HTMLImageElement).naturalHeight)).toBe(256);
  await shown(page, 'personal-avatar-remove').click();
  await shown(page, 'confirm-ok').click();
  await poll(() => headerPicture.count()).toBe(0);

  await shown(page, 'personal-tab-security').click();
  // the same email is refused in the form; a new one is saved and shown
  await fill(page, 'field-newEmail', OWNER.email);
  await fill(page, 'field-emailPassword', OWNER.password);
  await shown(page, 'change-email-submit').click();
  await shown(page, 'change-email-form')
    .getByText('The new email cannot be the same as the original email')
    .waitFor({ timeout: WAIT });
  await fill(page, 'field-newEmail', 'owner2@shell.test');
  await shown(page, 'change-email-submit').click();
  await poll(() => shown(page, 'personal-centre').textContent()).toContain('owner2@shell.test');

  // a wrong current password changes nothing; the right one does
  const NEW_PASSWORD = 'ShellOwner#2';
  await fill(page, 'field-oldPassword', 'Wrong@12345');
  await fill(page, 'field-newPassword', NEW_PASSWORD);
  await fill(page, 'field-confirmPassword', NEW_PASSWORD);
  await shown(page, 'change-password-submit').click();
  await page
    .locator('.herald-toast-error', { hasText: 'The original password is incorrect' })
    .waitFor({ timeout: WAIT });
  await fill(page, 'field-oldPassword', OWNER.password);
  await shown(page, 'change-password-submit').click();
  await page.locator('.herald-toast-success', { hasText: 'Password changed' }).waitFor({ timeout: WAIT });
  expect((await herald.api().post('/user/login', { username: OWNER.username, password: NEW_PASSWORD })).body.code).toBe(
    20000,
  );

  // the message language is kept
  await shown(page, 'personal-tab-language').click();
  const second = shown(page, 'message-language').locator('input[type="radio"]').nth(1);
  await second.check();
  await shown(page, 'message-language-save').click();
  await page.locator('.herald-toast-success').first().waitFor({ timeout: WAIT });
  await page.reload();
  await shown(page, 'personal-tab-language').click();
  await poll(() => shown(page, 'message-language').locator('input[type="radio"]').nth(1).isChecked()).toBe(true);
  await page.close();
});
