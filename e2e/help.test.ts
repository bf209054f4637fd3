import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { byId, fill, openMenu, pickFromDropdown, poll, signIn, visible, waitForPath, WAIT } from './ui';

/**
 * The help centre: the header's help button opens the article about the page the user is on,
 * the chosen article is in the URL (it survives a reload), the list is searched in the interface
 * language, the open API article links to the server's API reference behind the external-link
 * warning, and a user is shown only the articles about pages their roles reach.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'helpowner', email: 'owner@help.test', password: 'HelpOwner#1' };
/** an account user who may open print templates and nothing of the devices */
const CLERK = { username: 'helpclerk', email: 'clerk@help.test', password: 'HelpClerk#1' };

let herald: Herald;

beforeAll(async () => {
  herald = await startHerald();
  const { op } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Help Shop',
    models: [],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const role = await ok(
    owner.post('/v1/roles', {
      name: 'Template writers',
      permissions: ['herald.dev.template', 'herald.dev.template.query'],
    }),
    'add the template role',
  );
  await ok(
    owner.post('/v1/users', { username: CLERK.username, email: CLERK.email, roleIds: [role.id] }),
    'add the clerk',
  );
  const token = new URL((await op.latestMail(CLERK.email)).link!).searchParams.get('token');
  await ok(
    herald.api().post('/users/active/user', { token, password: CLERK.password, confirmPassword: CLERK.password }),
    'activate the clerk',
  );
});
afterAll(async () => {
  await herald?.stop();
});

/** The articles listed, by id. */
const listed = (page: Page) =>
  page
    .locator('[data-testid="help-article-list"] [data-testid^="help-topic-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('help-topic-', '')));

const article = (page: Page) => byId(page, 'help-article');

test("the header's help opens the page's article, which is searched in either language and links the API reference", async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  await openMenu(page, 'deviceList', '/device/list', 'deviceRoot');
  await byId(page, 'help-centre-link').click();
  await waitForPath(page, /^\/help\?topic=devices$/);
  await poll(() => article(page).getAttribute('data-topic')).toBe('devices');
  await poll(() => article(page).textContent()).toContain('-1 Deleted');

  // the article is in the URL: a reload keeps it, and its link goes back to the page it is about
  await page.reload();
  await poll(() => article(page).getAttribute('data-topic')).toBe('devices');
  await byId(page, 'help-go-to').click();
  await waitForPath(page, '/device/list');
  await page.goBack();
  await poll(() => article(page).getAttribute('data-topic')).toBe('devices');

  // search: every word, in titles and bodies; the chosen article stays shown
  await fill(page, 'help-search', 'geofence radius');
  await poll(() => listed(page)).toEqual(['deviceMap']);
  await fill(page, 'help-search', 'xyzzy');
  await visible(page, 'help-no-match');
  expect(await byId(page, 'help-no-match').textContent()).toContain('No matching article');
  expect(await article(page).getAttribute('data-topic')).toBe('devices');

  // in Chinese the Chinese words find it, the English ones no longer do
  await pickFromDropdown(page, 'language-switch', 'lang-zh_CN');
  await poll(() => article(page).locator('.ant-card-head-title').textContent()).toBe('设备');
  await fill(page, 'help-search', 'geofence');
  await poll(() => byId(page, 'help-no-match').textContent()).toContain('没有匹配的文章');
  await fill(page, 'help-search', '围栏 半径');
  await poll(() => listed(page)).toEqual(['deviceMap']);
  await pickFromDropdown(page, 'language-switch', 'lang-en_US');

  // the open API article: its button leaves the console only through the external-link warning
  await fill(page, 'help-search', 'signature');
  await byId(page, 'help-topic-openApi').getByRole('link').click();
  await waitForPath(page, /^\/help\?topic=openApi$/);
  await byId(page, 'help-openapi-link').click();
  const warning = await visible(page, 'external-link-warning');
  expect(await warning.textContent()).toContain(`${herald.url}/docs`);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
  await warning.waitFor({ state: 'detached', timeout: WAIT });
  await page.close();
});

test('an account user without device permissions is not shown the devices article', async () => {
  const page = await herald.newPage();
  await signIn(page, CLERK.username, CLERK.password);
  await openMenu(page, 'template', '/businessmgr/template', 'businessRoot');
  await byId(page, 'help-centre-link').click();
  await waitForPath(page, /^\/help\?topic=templates$/);
  await poll(() => article(page).getAttribute('data-topic')).toBe('templates');
  await poll(() => listed(page)).toEqual(['gettingStarted', 'templates', 'alarmsAndMessages', 'faq']);
  // nor when it is asked for by its link: the first article shows instead
  await page.goto('/help?topic=devices');
  await poll(() => article(page).getAttribute('data-topic')).toBe('gettingStarted');
  // the devices article speaks of restarting devices; of the clerk's, only the questions do
  await fill(page, 'help-search', 'restart');
  await poll(() => listed(page)).toEqual(['faq']);
  await page.close();
});

test('the help link reads the page from the address when clicked, even before the page has rendered', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD);
  await waitForPath(page, '/home');
  // the address is the device list's while the console still shows Home: what a click during a
  // navigation's render meets on a loaded machine (the router has not heard of this address yet)
  await page.evaluate(() => window.history.pushState(null, '', '/device/list'));
  await byId(page, 'help-centre-link').click();
  await waitForPath(page, /^\/help\?topic=devices$/);
  await poll(() => article(page).getAttribute('data-topic')).toBe('devices');
  await page.close();
});
