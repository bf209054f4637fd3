import { afterAll, beforeAll, expect, test } from 'vitest';
import { OPERATOR, openShop, signedInPage, type Lang } from './fixtures-shop';
import type { ApiClient, Herald } from './harness';
import { ok } from './story';
import { byId, fill, pickFromDropdown, poll, visible, waitForPath } from './ui';

/**
 * The fit-and-finish list of issue 29, walked in Chromium at 1440×900 by an operator and an
 * account administrator: detail headers, tabs, the dashboard's range, the role editor, small
 * confirmations and the operators' screens.
 */

const OWNER = { username: 'finishowner', email: 'owner@finish.test', password: 'FinishOwner#1' };
const PRINTER_NAME = 'Front counter receipt printer by the entrance';

let herald: Herald;
let owner: ApiClient;
let printerId: number;

beforeAll(async () => {
  let modelIds: Record<string, number>;
  ({ herald, owner, modelIds } = await openShop({
    owner: OWNER,
    accountName: 'Finish Shop',
    models: [
      { name: 'Finish printer', code: 'FN80', type: 'printer' },
      { name: 'Finish speaker', code: 'FNS1', type: 'speaker' },
    ],
  }));
  const printer = (await ok(
    owner.post('/v1/devices', { sn: 'FINISHPRN0001', modelId: modelIds.FN80, name: PRINTER_NAME }),
    'add a printer',
  )) as { id: number };
  printerId = printer.id;
  await ok(owner.post('/v1/devices', { sn: 'FINISHSPK0001', modelId: modelIds.FNS1 }), 'add a speaker');
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

const ownerPage = (lang?: Lang) => signedInPage(herald, OWNER, lang);

test('a detail page names its entity under a breadcrumb; the device keeps its rarer actions under "More"', async () => {
  for (const [lang, trail] of [
    ['en_US', ['Devices', 'Device list', 'Detail']],
    ['zh_CN', ['设备', '设备列表', '详情']],
  ] as const) {
    const page = await ownerPage(lang);
    await page.goto(`/device/list/detail?id=${printerId}`);
    const title = await visible(page, 'detail-title');
    expect(await title.textContent()).toBe(PRINTER_NAME);
    // shown whole, not cut by the buttons beside it
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const crumbs = byId(page, 'detail-breadcrumb').locator('.ant-breadcrumb-link');
    expect((await crumbs.allTextContents()).slice(-3)).toEqual(trail);
    // the header's buttons stay on one row beside the title: primary ones and "More"
    const buttons = await page
      .locator('[data-testid="device-detail"] .ant-card-head-wrapper .ant-card-extra button:visible')
      .count();
    expect(buttons).toBeLessThanOrEqual(6);
    await pickFromDropdown(page, 'device-detail-more', 'device-detail-pause');
    // asks first, as the row action does
    await poll(() => page.locator('.ant-modal:visible').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    // the list is one click back up the trail
    await byId(page, 'detail-breadcrumb').locator('a', { hasText: trail[1] }).click();
    await waitForPath(page, '/device/list');
    await page.close();
  }
});

test('opened tabs survive a reload, lose a page the user may not open, and an "Add" tab closes once saved', async () => {
  const page = await ownerPage();
  const tab = (path: string) => page.locator(`[data-testid="opened-tabs"] [data-testid="tab-${path}"]`);
  await page.goto('/device/list');
  await visible(page, 'device-table');
  // a full page load in between: the first tab comes back from this user's storage
  await page.goto('/user/role-list');
  await visible(page, 'role-table');
  await poll(() => tab('/device/list').count()).toBe(1);
  await poll(() => tab('/user/role-list').count()).toBe(1);

  // a kept tab for a page this user may not open (the operators' accounts) is not shown
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('herald.tabs.'))!;
    const kept = JSON.parse(localStorage.getItem(key)!) as { key: string; url: string }[];
    localStorage.setItem(key, JSON.stringify([...kept, { key: '/account/list', url: '/account/list' }]));
  });
  await page.reload();
  await visible(page, 'role-table');
  await poll(() => tab('/device/list').count()).toBe(1);
  expect(await tab('/account/list').count()).toBe(0);

  // an "Add" page's tab closes once its form is saved
  await byId(page, 'role-add').click();
  await waitForPath(page, '/user/role-list/add');
  await poll(() => tab('/user/role-list/add').count()).toBe(1);
  await (await visible(page, 'role-name')).fill('Tab closer');
  const node = page.locator('[data-testid=perm-tree] .ant-tree-treenode:has([data-testid="perm-herald.oper.log"])');
  await node.first().locator('> .ant-tree-checkbox').click();
  await byId(page, 'role-submit').click();
  await waitForPath(page, '/user/role-list');
  await visible(page, 'role-row-Tab closer');
  await poll(() => tab('/user/role-list/add').count()).toBe(0);
  await page.reload();
  await visible(page, 'role-table');
  expect(await tab('/user/role-list/add').count()).toBe(0);
  expect(await tab('/device/list').count()).toBe(1);
  await page.close();
});

test('the dashboard offers today, 7 or 30 days, and ranks the platform’s devices for operators', async () => {
  const page = await signedInPage(herald, OPERATOR);
  await visible(page, 'home-op');
  const title = (id: string) => byId(page, id).locator('.ant-card-head-title').first().textContent();
  await poll(() => title('chart-business')).toBe('Jobs of the last 7 days');
  // the platform's devices are ranked beside its accounts, each with its account
  await poll(() => title('rank-devices')).toBe('Devices by jobs, last 7 days');
  expect(await byId(page, 'rank-devices').locator('thead th').allTextContents()).toContain('Account');

  const asked = page.waitForRequest(
    (r) => r.url().includes('/v1/dashboard/queryBusinessStat') && r.url().includes('range=30d'),
  );
  await byId(page, 'home-range-30d').click();
  await asked;
  await poll(() => title('chart-business')).toBe('Jobs of the last 30 days');
  await poll(() => title('rank-devices')).toBe('Devices by jobs, last 30 days');
  await poll(() => title('rank-accounts')).toBe('Accounts by jobs, last 30 days');
  await visible(page, 'stat-jobs-period');
  await byId(page, 'home-range-today').click();
  await poll(() => title('chart-sessions')).toBe('Device sessions of today');
  expect(await byId(page, 'stat-jobs-period').count()).toBe(0);
  await page.close();
});

test('the role editor searches its permission tree and selects a whole module at once', async () => {
  for (const [lang, search, selectAll, clearAll] of [
    ['en_US', 'Operation log', 'Select all', 'Clear all'],
    ['zh_CN', '操作日志', '全选', '清空'],
  ] as const) {
    const page = await ownerPage(lang);
    await page.goto('/user/role-list/add');
    await visible(page, 'perm-tree');
    const node = (code: string) =>
      page.locator(`[data-testid=perm-tree] .ant-tree-treenode:has([data-testid="perm-${code}"])`).first();
    await fill(page, 'perm-search', search);
    await poll(() => node('herald.oper.log').isVisible()).toBe(true);
    expect(await node('herald.device.group').isVisible()).toBe(false);
    await fill(page, 'perm-search', '');
    await poll(() => node('herald.device.group').isVisible()).toBe(true);

    // a module's "select all" checks it and everything under it; pressed again it clears them
    const toggle = page.locator('[data-testid^="select-module-"]').first();
    const module = (await toggle.getAttribute('data-testid'))!.slice('select-module-'.length);
    expect(await toggle.textContent()).toBe(selectAll);
    await toggle.click();
    await poll(() => node(module).locator('> .ant-tree-checkbox').getAttribute('class')).toContain(
      'ant-tree-checkbox-checked',
    );
    expect(await toggle.textContent()).toBe(clearAll);
    await toggle.click();
    await poll(() => node(module).locator('> .ant-tree-checkbox').getAttribute('class')).not.toContain(
      'ant-tree-checkbox-checked',
    );
    await page.close();
  }
});

test('a token the server no longer accepts sends the user to sign in with "Token invalid, please log in again"', async () => {
  for (const [lang, text] of [
    ['en_US', 'Token invalid, please log in again'],
    ['zh_CN', '令牌无效，请重新登录'],
  ] as const) {
    const page = await ownerPage(lang);
    await page.evaluate(() => sessionStorage.setItem('Token', 'not-a-token'));
    await page.goto('/device/list');
    await waitForPath(page, '/login');
    await poll(() => page.locator('.ant-message-notice').allTextContents()).toContain(text);
    await page.close();
  }
});
