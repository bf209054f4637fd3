import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { poll, signIn, visible } from './ui';

/**
 * An account's super-administrator locked by wrong passwords is unlocked by the operator from the
 * account detail page (the API client sets the scene: account, activation, five wrong passwords).
 * On the same page the operator turns on the account's geolocation service.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'lockedowner', email: 'owner@locked.test', password: 'Owner#2024x' };

let herald: Herald;
beforeAll(async () => {
  herald = await startHerald();
});
afterAll(async () => {
  await herald?.stop();
});

test('the operator sees the locked administrator, unlocks it after a confirmation, and the admin signs in again', async () => {
  const api = await herald.api().login('admin', herald.adminPassword);
  const changed = await api.post('/users/current/password', {
    oldPassword: herald.adminPassword,
    newPassword: OP_PASSWORD,
    confirmPassword: OP_PASSWORD,
  });
  expect(changed.body.code, JSON.stringify(changed.body)).toBe(20000);
  await api.login('admin', OP_PASSWORD);

  const created = await api.post('/v1/accounts', {
    name: 'Locked Bakery',
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    industry: '02',
    subjectType: 'business',
    subjectName: 'Locked Bakery Ltd',
    adminEmail: OWNER.email,
    adminUsername: OWNER.username,
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(20000);
  const accountId = created.body.data.id as number;
  const token = new URL((await api.latestMail(OWNER.email)).link!).searchParams.get('token');
  const activated = await herald
    .api()
    .post('/users/active/user', { token, password: OWNER.password, confirmPassword: OWNER.password });
  expect(activated.body.code, JSON.stringify(activated.body)).toBe(20000);

  const owner = herald.api();
  for (let i = 0; i < 5; i++) await owner.post('/user/login', { username: OWNER.username, password: 'Wrong#2024x' });
  const refused = await owner.post('/user/login', { username: OWNER.username, password: OWNER.password });
  expect(refused.body.code).toBe(40012);

  const op = await herald.newPage();
  await signIn(op, 'admin', OP_PASSWORD, `/account/list/detail?id=${accountId}`);
  await visible(op, 'account-detail');
  await visible(op, 'account-admin-locked');
  await (await visible(op, 'account-unlock-admin')).click();
  await (await visible(op, 'confirm-ok')).click();
  await poll(() => op.locator('[data-testid="account-admin-locked"]').count()).toBe(0);
  await poll(() => op.locator('[data-testid="account-unlock-admin"]').count()).toBe(0);

  await herald.api().login(OWNER.username, OWNER.password);
  const logs = await api.get('/v1/oper-logs?type=unlockAdmin');
  expect(logs.body.code, JSON.stringify(logs.body)).toBe(20000);
  const line = (logs.body.data.list as { module: string; type: string; description: string }[])[0];
  expect(line).toMatchObject({ module: 'account', type: 'unlockAdmin' });
  expect(line?.description).toContain(OWNER.username);
  expect(line?.description).toContain('Locked Bakery');
});

test('the operator enables the geolocation service on the account detail; the account reads its secret', async () => {
  const op = await herald.newPage();
  await signIn(op, 'admin', OP_PASSWORD);
  const api = await herald.api().login('admin', OP_PASSWORD);
  const accountId = (await api.get('/v1/accounts?name=Locked%20Bakery')).body.data.list[0].id as number;
  await op.goto(`/account/list/detail?id=${accountId}`);
  await poll(() => op.locator('[data-testid="account-geo-state"]').getAttribute('data-enabled')).toBe('false');
  await (await visible(op, 'account-geo-toggle')).click();
  await (await visible(op, 'confirm-ok')).click();
  await poll(() => op.locator('[data-testid="account-geo-state"]').getAttribute('data-enabled')).toBe('true');

  const owner = await herald.newPage();
  await signIn(owner, OWNER.username, OWNER.password, '/system/api');
  await (await visible(owner, 'api-geo-show')).click();
  const secret = ((await (await visible(owner, 'api-geo-secret')).textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
