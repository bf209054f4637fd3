import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import {
  activate,
  activationLink,
  byId,
  fill,
  openMenu,
  sidebarEntries,
  signIn,
  submitSignIn,
  poll,
  visible,
  waitForPath,
  WAIT,
} from './ui';

/**
 * The story, through the console only (the API client just reads the mail outbox):
 * operator → account → account admin → role with two menus → user who sees exactly those.
 */

const ADMIN_NEW_PASSWORD = 'Operator@2024';
const ACCOUNT = { name: 'Acme Retail', subject: 'Acme Retail Ltd', email: 'owner@acme.test', admin: 'acmeowner' };
const ACCOUNT_ADMIN_PASSWORD = 'AcmeOwner#1';
const ROLE = { name: 'Log keepers', description: 'operation log and device groups only' };
const ROLE_MENUS = ['herald.oper.log', 'herald.device.group'];
const USER = { username: 'logkeeper', email: 'keeper@acme.test' };
const USER_PASSWORD = 'Keeper_2024';

let herald: Herald;
beforeAll(async () => {
  herald = await startHerald();
});
afterAll(async () => {
  await herald?.stop();
});

/** The outbox, read as the operator super-admin with the password it has after the first step. */
async function outboxLink(to: string): Promise<string> {
  const api = await herald.api().login('admin', ADMIN_NEW_PASSWORD);
  const mail = await api.latestMail(to);
  expect(mail.kind).toBe('activation');
  return activationLink(mail.link, herald.url);
}

test('the operator, an account admin and a user with a two-menu role, through the console', async () => {
  // ---- the operator signs in and must replace the initial password
  const op = await herald.newPage();
  await submitSignIn(op, 'admin', herald.adminPassword);
  await visible(op, 'up-password-form');
  await waitForPath(op, '/up-password');
  // nothing else of the console is reachable before the change
  expect(await op.locator('[data-testid="console-layout"]').count()).toBe(0);
  await op.goto('/account/list');
  await waitForPath(op, '/up-password');
  await visible(op, 'up-password-form');

  await fill(op, 'field-oldPassword', herald.adminPassword);
  await fill(op, 'field-newPassword', 'Ab1~');
  await fill(op, 'field-confirmPassword', 'Ab1~');
  await byId(op, 'up-password-submit').click();
  await op.getByText('Minimum password length is 8 characters').first().waitFor({ state: 'visible', timeout: WAIT });
  // the form stays: nothing was accepted
  await visible(op, 'up-password-form');

  await fill(op, 'field-newPassword', ADMIN_NEW_PASSWORD);
  await fill(op, 'field-confirmPassword', ADMIN_NEW_PASSWORD);
  await byId(op, 'up-password-submit').click();
  await visible(op, 'console-layout');
  expect(new URL(op.url()).pathname).not.toBe('/up-password');
  await poll(() => op.locator('[data-testid="current-username"]').textContent()).toBe('admin');

  // ---- the operator creates an account through the add form
  await openMenu(op, 'account', '/account/list');
  await (await visible(op, 'account-add')).click();
  await visible(op, 'account-add-form');
  await fill(op, 'account-name', ACCOUNT.name);
  await fill(op, 'account-subject-name', ACCOUNT.subject);
  await fill(op, 'account-admin-email', ACCOUNT.email);
  await fill(op, 'account-admin-username', ACCOUNT.admin);
  await byId(op, 'account-submit').click();
  await waitForPath(op, '/account/list');
  await op
    .locator('[data-testid="account-table"]')
    .getByText(ACCOUNT.name, { exact: true })
    .first()
    .waitFor({ state: 'visible', timeout: WAIT });

  // ---- the account admin activates through the outbox link and signs in
  const accountLink = await outboxLink(ACCOUNT.email);
  const owner = await herald.newPage();
  await activate(owner, accountLink, ACCOUNT_ADMIN_PASSWORD);
  // the link is single-use
  await owner.goto(accountLink);
  await visible(owner, 'activation-invalid');

  await signIn(owner, ACCOUNT.admin, ACCOUNT_ADMIN_PASSWORD);
  await poll(() => owner.locator('[data-testid="current-username"]').textContent()).toBe(ACCOUNT.admin);
  await poll(() => owner.locator('[data-testid="header-side"]').textContent()).toBe(ACCOUNT.name);

  // ---- creates a role with exactly two menus
  await openMenu(owner, 'role', '/user/role-list', 'adminRoot');
  await (await visible(owner, 'role-add')).click();
  await fill(owner, 'role-name', ROLE.name);
  await fill(owner, 'role-description', ROLE.description);
  await visible(owner, 'perm-herald.oper.log');
  for (const code of ROLE_MENUS) {
    const node = owner.locator(`[data-testid=perm-tree] .ant-tree-treenode:has([data-testid="perm-${code}"])`).first();
    await node.locator('> .ant-tree-checkbox').click();
    await expect
      .poll(() => node.locator('> .ant-tree-checkbox').getAttribute('class'))
      .toContain('ant-tree-checkbox-checked');
  }
  // exactly those two menus are checked; every other menu is not
  const checkedMenus = await owner
    .locator('[data-testid=perm-tree] .ant-tree-treenode:has(> .ant-tree-checkbox-checked) [data-testid^="perm-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('perm-'.length)));
  const menusChecked = checkedMenus.filter((c) => !ROLE_MENUS.some((m) => c !== m && c.startsWith(`${m}.`)));
  expect(menusChecked.sort()).toEqual([...ROLE_MENUS].sort());
  await byId(owner, 'role-submit').click();
  await waitForPath(owner, '/user/role-list');
  await visible(owner, `role-row-${ROLE.name}`);

  // ---- creates a user holding the role
  await openMenu(owner, 'user', '/user/list', 'adminRoot');
  await (await visible(owner, 'user-add')).click();
  await visible(owner, 'user-add-form');
  await fill(owner, 'user-username', USER.username);
  await fill(owner, 'user-email', USER.email);
  await byId(owner, 'user-roles').click();
  await owner.keyboard.type(ROLE.name);
  await owner
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ROLE.name })
    .first()
    .waitFor({ state: 'visible', timeout: WAIT });
  await owner.keyboard.press('Enter');
  await owner.keyboard.press('Escape');
  await expect
    .poll(() => owner.locator('[data-testid="user-add-form"] .ant-select-selection-item').allTextContents())
    .toEqual([ROLE.name]);
  await byId(owner, 'user-submit').click();
  await waitForPath(owner, '/user/list');
  await visible(owner, `user-row-${USER.username}`);

  // ---- the user activates through the outbox link and signs in
  const userLink = await outboxLink(USER.email);
  const user = await herald.newPage();
  await activate(user, userLink, USER_PASSWORD);
  await signIn(user, USER.username, USER_PASSWORD);
  await waitForPath(user, '/home');
  // the selected role is the account side: the account variant of the home page
  await visible(user, 'home-ac');

  // ---- and sees exactly the two menus (besides Home)
  const { groups, leaves } = await sidebarEntries(user);
  expect(groups).toEqual(['menu-group-deviceRoot']);
  expect(leaves).toEqual(['menu-deviceGroup', 'menu-home', 'menu-operLog']);

  // both menus open their pages
  await openMenu(user, 'operLog', '/oper-log/list');
  expect(await user.locator('[data-testid="no-permission"]').count()).toBe(0);
  await openMenu(user, 'deviceGroup', '/device/device-group', 'deviceRoot');
  expect(await user.locator('[data-testid="no-permission"]').count()).toBe(0);

  // ---- a direct URL to any other page shows the no-permission page; an unknown one, not-found
  for (const path of ['/user/list', '/user/role-list', '/account/list']) {
    await user.goto(path);
    await visible(user, 'no-permission');
    await poll(() => byId(user, 'no-permission').textContent()).toContain('Unauthorized, Access Denied');
    expect(new URL(user.url()).pathname).toBe(path);
    // still signed in, inside the console
    await visible(user, 'console-layout');
  }
  await user.goto('/no-such-page/anywhere');
  await visible(user, 'not-found');

  // the same direct URL is fine for the account admin, who holds it
  await owner.goto('/user/list');
  await visible(owner, `user-row-${USER.username}`);
  expect(await owner.locator('[data-testid="no-permission"]').count()).toBe(0);
  // a user that cannot be loaded (an unknown id) says so and leads back to the user list
  await owner.goto('/user/list/details?id=999999');
  await visible(owner, 'detail-not-found');
  await byId(owner, 'detail-not-found-back').click();
  await waitForPath(owner, '/user/list');
  await visible(owner, `user-row-${USER.username}`);
  // the operator's account list is not for account admins
  await owner.goto('/account/list');
  await visible(owner, 'no-permission');
});
