import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ApiClient, startHerald, type Herald } from './harness';
import {
  byId,
  fill,
  openMenu,
  pickFromDropdown,
  poll,
  sessionItem,
  signIn,
  trackRequests,
  visible,
  waitForPath,
  WAIT,
} from './ui';

/**
 * Session handling in the console: what session storage holds, sign-out, a broken or revoked
 * token, the interface language and the lock screen. The operator's initial password and a
 * second operator user are set up through the API; everything asserted happens in the browser.
 */

const ADMIN_PASSWORD = 'Operator@2024';
const CLERK = { username: 'clerk', email: 'clerk@herald.test', password: 'Clerk_2024' };
const SESSION_KEYS = ['Token', 'Refresh-Token', 'Current-Timestamp', 'Expires-Timestamp', 'Auth-Code', 'Auth-Count'];

let herald: Herald;
let operator: ApiClient;
let clerkId: number;

function ok(res: { status: number; body: Record<string, unknown> }, what: string) {
  expect(res.body.code, `${what}: ${JSON.stringify(res.body)}`).toBe(20000);
  return res.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  herald = await startHerald();
  const first = await herald.api().login('admin', herald.adminPassword);
  ok(
    await first.post('/users/current/password', {
      oldPassword: herald.adminPassword,
      newPassword: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
    }),
    'change the initial password',
  );
  operator = await herald.api().login('admin', ADMIN_PASSWORD);

  // an operator user who may read the operation log, activated through the outbox link
  const role = ok(
    await operator.post('/v1/roles', { name: 'Auditors', permissions: ['herald.oper.log', 'herald.oper.log.query'] }),
    'create a role',
  );
  const clerk = ok(
    await operator.post('/v1/users', { username: CLERK.username, email: CLERK.email, roleIds: [role.id] }),
    'create a user',
  );
  clerkId = clerk.id as number;
  const link = (await operator.latestMail(CLERK.email)).link!;
  const token = new URL(link).searchParams.get('token');
  ok(
    await herald.api().post('/users/active/user', { token, password: CLERK.password, confirmPassword: CLERK.password }),
    'activate the user',
  );
});
afterAll(async () => {
  await herald?.stop();
});

const storage = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, sessionStorage.getItem(k)])), SESSION_KEYS);

/** The 'Login timeout' dialog shows on the next request; its button goes back to sign-in. */
async function expectLoginTimeoutDialog(page: Page) {
  const relogin = await visible(page, 'relogin');
  const dialog = page.locator('.ant-modal-confirm', { has: page.locator('[data-testid="relogin"]') });
  await poll(() => dialog.textContent()).toContain('Login timeout, please log in again');
  await relogin.click();
  await waitForPath(page, '/login');
  await visible(page, 'login-form');
  await poll(() => sessionItem(page, 'Token')).toBeNull();
  await poll(() => sessionItem(page, 'Refresh-Token')).toBeNull();
}

test('sign-in keeps the tokens in session storage; sign-out clears them, revokes the session and goes to /login', async () => {
  const page = await herald.newPage();
  const before = Date.now();
  await signIn(page, 'admin', ADMIN_PASSWORD);

  const held = await storage(page);
  expect(held.Token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
  expect(held['Refresh-Token']).toBeTruthy();
  expect(held['Refresh-Token']).not.toBe(held.Token);
  expect(Number(held['Current-Timestamp'])).toBeGreaterThanOrEqual(before);
  // counted as expired five minutes before the server's lifetime (ACCESS_TOKEN_TTL, 3600 s) ends
  expect(Number(held['Expires-Timestamp']) - Number(held['Current-Timestamp'])).toBe(
    Number(process.env.ACCESS_TOKEN_TTL ?? 3600) * 1000 - 5 * 60 * 1000,
  );
  // the one-time code was spent
  expect(held['Auth-Code']).toBeNull();

  // the stored token is the live session
  const api = herald.api();
  api.token = held.Token!;
  expect((await api.get('/users/current')).body.code).toBe(20000);

  await pickFromDropdown(page, 'user-menu', 'user-menu-logout');
  await waitForPath(page, '/login');
  await visible(page, 'login-form');
  const after = await storage(page);
  for (const key of SESSION_KEYS) expect(after[key], key).toBeNull();
  // and the server no longer accepts it
  expect((await api.get('/users/current')).body.code).toBe(40001);

  // back is no way in: the console sends the visitor to sign-in again
  await page.goto('/home');
  await waitForPath(page, '/login');
  await visible(page, 'login-form');
  await page.close();
});

test('an access token at its expiry time is refreshed, and the console carries on with the new pair', async () => {
  const page = await herald.newPage();
  const requests = trackRequests(page);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await requests.settled();
  const old = await storage(page);

  // the stored expiry is reached: the console refreshes on its own (here at start-up)
  await page.evaluate(() => sessionStorage.setItem('Expires-Timestamp', String(Date.now() - 1000)));
  await page.reload();
  await poll(() => sessionItem(page, 'Token')).not.toBe(old.Token);
  const renewed = await storage(page);
  expect(renewed.Token).toBeTruthy();
  expect(renewed['Refresh-Token']).toBeTruthy();
  expect(renewed['Refresh-Token']).not.toBe(old['Refresh-Token']); // rotated
  expect(Number(renewed['Expires-Timestamp'])).toBeGreaterThan(Date.now());

  // the new token is a live session, and the console goes on working with it
  const api = herald.api();
  api.token = renewed.Token!;
  expect((await api.get('/users/current')).body.code).toBe(20000);
  await openMenu(page, 'account', '/account/list');
  await visible(page, 'account-table');
  expect(await page.locator('[data-testid="relogin"]').count()).toBe(0);
  await page.close();
});

/** Signed in on the home page with its requests answered; the session storage it holds. */
async function signedInAtHome(page: Page) {
  const requests = trackRequests(page);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await visible(page, 'home-op');
  await requests.settled();
  return storage(page);
}

/** The renewed pair is stored, differs from the old one and is a live session. */
async function expectRenewed(page: Page, old: Record<string, string | null>) {
  await poll(() => sessionItem(page, 'Token')).not.toBe(old.Token);
  const renewed = await storage(page);
  expect(renewed['Refresh-Token']).toBeTruthy();
  expect(renewed['Refresh-Token']).not.toBe(old['Refresh-Token']);
  const api = herald.api();
  api.token = renewed.Token!;
  expect((await api.get('/users/current')).body.code).toBe(20000);
}

const REFRESH_CALL = '**/oauth/refresh_token/**';
const expireStoredToken = (page: Page) =>
  page.evaluate(() => sessionStorage.setItem('Expires-Timestamp', String(Date.now() - 1000)));

test('a refresh whose answer is lost is sent again, and the console carries on', async () => {
  const page = await herald.newPage();
  const old = await signedInAtHome(page);
  // the server rotates the pair, but its answer never reaches the console (a dropped connection)
  let lost = 0;
  await page.route(
    REFRESH_CALL,
    async (route) => {
      await route.fetch();
      lost += 1;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await expireStoredToken(page);
  await openMenu(page, 'account', '/account/list');
  // the table's frame shows before its rows: the data waits for the refresh and its retry
  await poll(() => lost).toBe(1);
  await expectRenewed(page, old);
  await page
    .locator('[data-testid="account-table"] :is(.ant-table-row, .ant-empty)')
    .first()
    .waitFor({ state: 'visible', timeout: WAIT });
  expect(await page.locator('[data-testid="relogin"]').count()).toBe(0);
  await page.close();
});

test('a reload while a refresh is under way keeps the session', async () => {
  const page = await herald.newPage();
  const old = await signedInAtHome(page);
  // the refresh reaches the server, then the page reloads before its answer arrives
  let reached!: () => void;
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    REFRESH_CALL,
    async (route) => {
      await route.fetch();
      reached();
      await released;
      await route.abort().catch(() => undefined); // the reload took the request away
    },
    { times: 1 },
  );
  await expireStoredToken(page);
  await byId(page, 'menu-account').click();
  await atServer;
  await page.reload();
  release();
  await expectRenewed(page, old);
  await visible(page, 'console-layout');
  expect(await page.locator('[data-testid="relogin"]').count()).toBe(0);
  await page.close();
});

test('a garbage token in session storage leads back to the sign-in page', async () => {
  const page = await herald.newPage();
  await page.goto('/login');
  await visible(page, 'login-form');
  await page.evaluate(() => {
    sessionStorage.setItem('Token', 'not-a-token');
    sessionStorage.setItem('Refresh-Token', 'not-a-refresh-token');
    sessionStorage.setItem('Expires-Timestamp', String(Date.now() + 3_600_000));
  });
  await page.goto('/oper-log/list');
  await waitForPath(page, '/login');
  await visible(page, 'login-form');
  await poll(() => sessionItem(page, 'Token')).toBeNull();
  expect(await page.locator('[data-testid="console-layout"]').count()).toBe(0);
  await page.close();
});

test('a session signed out elsewhere shows the login-timeout dialog on the next request', async () => {
  const page = await herald.newPage();
  const requests = trackRequests(page);
  await signIn(page, CLERK.username, CLERK.password);
  await waitForPath(page, '/home');
  // the home page's own requests are answered first: the "next request" is the click below
  await visible(page, 'home-op');
  await requests.settled();

  // the same session is signed out through the API, with the token the console holds
  const api = herald.api();
  api.token = (await sessionItem(page, 'Token'))!;
  expect((await api.get('/oauth/logout')).body.code).toBe(20000);

  // the next request of the console: opening the operation log
  await byId(page, 'menu-operLog').click();
  await expectLoginTimeoutDialog(page);
  await page.close();
});

test('a user disabled by the operator is cut off at the next request with the login-timeout dialog', async () => {
  const page = await herald.newPage();
  const requests = trackRequests(page);
  await signIn(page, CLERK.username, CLERK.password);
  await openMenu(page, 'operLog', '/oper-log/list');
  await page
    .locator('[data-testid="oper-log-table"] :is(.ant-table-row, .ant-empty)')
    .first()
    .waitFor({ state: 'visible', timeout: WAIT });
  // let the pages finish loading first: a reload that aborts a response mid-body makes the
  // console treat it as a bare 401 and drop the session without the dialog (see http.ts)
  await requests.settled();
  ok(await operator.post(`/v1/users/${clerkId}/status`, { status: 1 }), 'disable the user');
  try {
    // the next request: reloading the page asks for the current user again
    await page.reload();
    await expectLoginTimeoutDialog(page);
    // and signing in again is refused while disabled
    await fill(page, 'login-username', CLERK.username);
    await fill(page, 'login-password', CLERK.password);
    await byId(page, 'login-submit').click();
    const toast = page.locator('.herald-toast-error').first();
    await toast.waitFor({ state: 'visible', timeout: WAIT });
    expect(await toast.textContent()).toContain('This user is disabled');
    expect(new URL(page.url()).pathname).toBe('/login');
  } finally {
    ok(await operator.post(`/v1/users/${clerkId}/status`, { status: 2 }), 'enable the user again');
  }
  await page.close();
});

test('the language switch turns the console into Chinese and keeps the choice in the locale cookie', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', ADMIN_PASSWORD);
  const home = await visible(page, 'menu-home');
  await poll(() => home.textContent()).toBe('Home');
  await poll(() => byId(page, 'menu-account').textContent()).toBe('Accounts');

  await pickFromDropdown(page, 'language-switch', 'lang-zh_CN');
  await poll(() => home.textContent()).toBe('首页');
  await poll(() => byId(page, 'menu-account').textContent()).toBe('账户管理');
  await poll(() => byId(page, 'menu-operLog').textContent()).toBe('操作日志');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('zh_CN');

  // the choice outlives a reload, and server messages follow it
  await page.reload();
  await poll(() => byId(page, 'menu-home').textContent()).toBe('首页');
  await page.goto('/user/list/no-such-page');
  await visible(page, 'not-found');
  await poll(() => byId(page, 'not-found').textContent()).toContain('抱歉，您访问的页面不存在。');

  // and back to English
  await page.goto('/home');
  await pickFromDropdown(page, 'language-switch', 'lang-en_US');
  await poll(() => byId(page, 'menu-home').textContent()).toBe('Home');
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('en_US');
  await page.close();
});

test('/login?lang=zh_CN shows the sign-in form in Chinese', async () => {
  const page = await herald.newPage();
  await page.goto('/login?lang=zh_CN');
  const form = await visible(page, 'login-form');
  await poll(() => page.locator('h3').first().textContent()).toBe('登录 Herald');
  expect(await byId(page, 'login-username').getAttribute('placeholder')).toBe('用户名');
  expect(await byId(page, 'login-password').getAttribute('placeholder')).toBe('密码');
  await poll(() => byId(page, 'login-submit').textContent()).toMatch(/^登\s*录$/);
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('zh_CN');

  // a wrong password is answered in Chinese too (the request carries lang=zh_CN)
  await fill(page, 'login-username', 'admin');
  await fill(page, 'login-password', 'Wrong@12345');
  await byId(page, 'login-submit').click();
  const toast = page.locator('.herald-toast-error').first();
  await toast.waitFor({ state: 'visible', timeout: WAIT });
  expect(await toast.textContent()).toContain('用户名或密码错误');
  expect(await form.isVisible()).toBe(true);

  // a fresh visitor without lang gets English
  const other = await herald.newPage();
  await other.goto('/login');
  await visible(other, 'login-form');
  await poll(() => other.locator('h3').first().textContent()).toBe('Sign in to Herald');
  await page.close();
  await other.close();
});

test('the locked screen covers the console until the login password is entered', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await pickFromDropdown(page, 'user-menu', 'user-menu-lock');
  const lock = await visible(page, 'lock-screen');

  // the console underneath cannot be reached while locked: the lock screen is on top of the menu
  const onTop = () =>
    byId(page, 'menu-account').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return Boolean(hit?.closest('[data-testid="lock-screen"]'));
    });
  expect(await onTop()).toBe(true);

  // an empty and a wrong password keep it locked
  await byId(page, 'lock-submit').click();
  await lock.getByText('Password is required').first().waitFor({ state: 'visible', timeout: WAIT });
  await fill(page, 'lock-password', 'Wrong@12345');
  await byId(page, 'lock-submit').click();
  await lock.getByText('Password mismatch').first().waitFor({ state: 'visible', timeout: WAIT });
  expect(await lock.isVisible()).toBe(true);

  await fill(page, 'lock-password', ADMIN_PASSWORD);
  await byId(page, 'lock-submit').click();
  await lock.waitFor({ state: 'detached', timeout: WAIT });
  await visible(page, 'console-layout');
  // still signed in
  expect(await sessionItem(page, 'Token')).toBeTruthy();
  await openMenu(page, 'account', '/account/list');
  await page.close();
});
