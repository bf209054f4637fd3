import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, operLogs, users } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';

/**
 * POST /v1/accounts/:id/unlock-admin: an account's super-administrator locked by wrong passwords
 * is unlocked by an operator (account users cannot unlock their own super-administrator).
 */
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;

const LOCKED_EN = 'This user is locked after too many wrong passwords; ask an administrator to unlock it';

async function lockByWrongPasswords(username: string) {
  const c = new Client(server);
  for (let i = 0; i < 5; i++) await c.post('/user/login', { username, password: 'Wrong@12345' });
  expectError(await c.post('/user/login', { username, password: 'Shop@12345' }), 40012, LOCKED_EN);
}

async function lastLog(type: string) {
  const [row] = await server.deps.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.module, 'account'), eq(operLogs.type, type)))
    .orderBy(desc(operLogs.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
});
afterAll(async () => server?.close());

describe('POST /v1/accounts/:id/unlock-admin', () => {
  it('shows the locked administrator to operators, unlocks it, logs it, and the administrator can sign in again', async () => {
    const shop = await seedAccount(server);
    const unlocked = expectOk(await admin.get(`/v1/accounts/${shop.accountId}`));
    expect(unlocked.adminLocked).toBe(false);

    await lockByWrongPasswords(shop.username);
    expect(expectOk(await admin.get(`/v1/accounts/${shop.accountId}`)).adminLocked).toBe(true);
    const page = expectOk(await admin.get(`/v1/accounts?name=${encodeURIComponent(unlocked.name)}`));
    expect(page.list.find((a: { id: number }) => a.id === shop.accountId)?.adminLocked).toBe(true);

    const after = expectOk(await admin.post(`/v1/accounts/${shop.accountId}/unlock-admin`));
    expect(after).toMatchObject({ id: shop.accountId, adminUserId: shop.adminId, adminLocked: false });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, shop.adminId));
    expect(row).toMatchObject({ locked: false, failedLogins: 0, isSuperAdmin: true, status: 2 });
    expect(expectOk(await admin.get(`/v1/accounts/${shop.accountId}`)).adminLocked).toBe(false);

    const log = await lastLog('unlockAdmin');
    expect(log).toMatchObject({ username: 'admin', accountId: null });
    expect(log?.description).toContain(shop.username);
    expect(log?.description).toContain(unlocked.name);

    // the same password works again, and the failed count started over (4 wrong ones do not lock)
    await new Client(server).login(shop.username, 'Shop@12345');
    const c = new Client(server);
    for (let i = 0; i < 4; i++)
      expectError(await c.post('/user/login', { username: shop.username, password: 'x' }), 40011);
    await new Client(server).login(shop.username, 'Shop@12345');
  });

  it('succeeds on an administrator who is not locked (idempotent), and the lock type has an operation-log type', async () => {
    const shop = await seedAccount(server);
    const res = expectOk(await admin.call('POST', `/v1/accounts/${shop.accountId}/unlock-admin`));
    expect(res.adminLocked).toBe(false);
    expect(expectOk(await admin.post(`/v1/accounts/${shop.accountId}/unlock-admin`)).adminLocked).toBe(false);
    await new Client(server).login(shop.username, 'Shop@12345');
    const types = expectOk(await admin.get('/v1/common/operTypeList')).map((t: { value: string }) => t.value);
    expect(types).toContain('unlockAdmin');
  });

  it('refuses an account without an administrator clearly, in both languages, and changes nothing', async () => {
    const shop = await seedAccount(server);
    await server.deps.db.update(accounts).set({ adminUserId: null }).where(eq(accounts.id, shop.accountId));
    const before = await lastLog('unlockAdmin');
    expectError(
      await admin.post(`/v1/accounts/${shop.accountId}/unlock-admin`),
      40010,
      'This account has no administrator; use Change admin to add one',
    );
    expectError(
      await admin.withLang('zh_CN').post(`/v1/accounts/${shop.accountId}/unlock-admin`),
      40010,
      '该账户没有管理员，请先通过更换管理员添加',
    );
    expect((await lastLog('unlockAdmin'))?.id).toBe(before?.id);
    expect(expectOk(await admin.get(`/v1/accounts/${shop.accountId}`)).adminLocked).toBe(false);
  });

  it('answers 40004 for an unknown account and 40010 for a malformed id', async () => {
    expectError(await admin.post('/v1/accounts/987654321/unlock-admin'), 40004);
    expectError(await admin.post('/v1/accounts/abc/unlock-admin'), 40010);
  });

  it('is for signed-in operators holding herald.op.account.unlockAdmin only', async () => {
    const shop = await seedAccount(server);
    await lockByWrongPasswords(shop.username);
    const url = `/v1/accounts/${shop.accountId}/unlock-admin`;

    const anonymous = await new Client(server).post(url);
    expect(anonymous.status).toBe(401);
    expectError(anonymous, 40002);

    const opNoUnlock = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.account', 'herald.op.account.query', 'herald.op.account.changeAdmin'],
    });
    expectError(await opNoUnlock.client.post(url), 40003);

    // an account user, even one holding every account-side permission, cannot reach the operator route
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: shop.accountId,
      permissions: ['herald.admin.ac.user', 'herald.admin.ac.user.unlock'],
    });
    expectError(await staff.client.post(url), 40003);
    const other = await seedAccount(server);
    expectError(await other.client.post(url), 40003);

    // still locked after every refusal
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, shop.adminId));
    expect(row?.locked).toBe(true);

    // an operator role holding the new button permission may
    const opUnlock = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.account', 'herald.op.account.unlockAdmin'],
    });
    expect(expectOk(await opUnlock.client.post(url)).adminLocked).toBe(false);
    await new Client(server).login(shop.username, 'Shop@12345');
  });

  it('the operator super-administrator holds the new permission (it is in the operator catalogue)', async () => {
    const me = expectOk(await admin.get('/users/current'));
    expect(me.permission).toContain('herald.op.account.unlockAdmin');
    const tree = expectOk(await admin.get('/v1/roles/permission-tree'));
    const account = tree.find((n: { key: string }) => n.key === 'herald.op.account');
    expect(account.children).toContainEqual({
      key: 'herald.op.account.unlockAdmin',
      titleKey: 'perm.action.unlockAdmin',
    });
  });
});
