import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPER_MODULES, OPER_TYPES } from '@herald/contract';
import { accounts, roles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
let shopA: Awaited<ReturnType<typeof seedAccount>>;
let shopB: Awaited<ReturnType<typeof seedAccount>>;
let staffA: Awaited<ReturnType<typeof seedRoleUser>>;
let deletedA: number;

const ENDPOINTS = ['operModuleList', 'operTypeList', 'accountListQuery', 'accountUserListQuery', 'accountSummary'].map(
  (p) => `/v1/common/${p}`,
);

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
  shopA = await seedAccount(server);
  shopB = await seedAccount(server);
  // a staff user with no permissions at all: lookups need none
  staffA = await seedRoleUser(server, { side: 'ac', accountId: shopA.accountId, permissions: [] });
  const [gone] = await server.deps.db
    .insert(users)
    .values({
      side: 'ac',
      accountId: shopA.accountId,
      username: `gone${Date.now()}`,
      email: `gone${Date.now()}@example.com`,
      status: -1,
    })
    .returning();
  deletedA = gone!.id;
});
afterAll(async () => server?.close());

describe('operation-log lookups', () => {
  it('list the modules and types for operators and account users', async () => {
    for (const c of [admin, shopA.client, staffA.client]) {
      expect(expectOk(await c.get('/v1/common/operModuleList'))).toEqual(OPER_MODULES.map((value) => ({ value })));
      expect(expectOk(await c.get('/v1/common/operTypeList'))).toEqual(OPER_TYPES.map((value) => ({ value })));
    }
    expect(OPER_MODULES).toContain('account');
    expect(OPER_TYPES).toContain('changeAdmin');
  });
});

describe('GET /v1/common/accountListQuery', () => {
  it('gives operators every account', async () => {
    const list = expectOk(await admin.get('/v1/common/accountListQuery'));
    const ids = list.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([shopA.accountId, shopB.accountId]));
    const [{ n }] = (await server.deps.db.select({ n: count() }).from(accounts)) as [{ n: number }];
    expect(list).toHaveLength(n);
    expect(list.find((a: { id: number }) => a.id === shopA.accountId)).toEqual({
      id: shopA.accountId,
      name: expect.any(String),
      status: 1,
    });
  });

  it('gives account users only their own account', async () => {
    for (const c of [shopA.client, staffA.client]) {
      const list = expectOk(await c.get('/v1/common/accountListQuery'));
      expect(list.map((a: { id: number }) => a.id)).toEqual([shopA.accountId]);
    }
    expect(expectOk(await shopB.client.get('/v1/common/accountListQuery')).map((a: { id: number }) => a.id)).toEqual([
      shopB.accountId,
    ]);
  });
});

describe('GET /v1/common/accountUserListQuery', () => {
  it("gives operators the named account's users, without deleted ones", async () => {
    const list = expectOk(await admin.get(`/v1/common/accountUserListQuery?accountId=${shopA.accountId}`));
    const ids = list.map((u: { id: number }) => u.id).sort();
    expect(ids).toEqual([shopA.adminId, staffA.userId].sort());
    expect(ids).not.toContain(deletedA);
    expect(list.find((u: { id: number }) => u.id === shopA.adminId)).toEqual({
      id: shopA.adminId,
      username: shopA.username,
      name: null,
    });
    expectError(await admin.get('/v1/common/accountUserListQuery?accountId=999999'), 40004);
  });

  it('requires operators to choose an account, in both languages, and validates the id', async () => {
    const en = await admin.get('/v1/common/accountUserListQuery');
    expect(en.status).toBe(400);
    expectError(en, 40010, 'Please select an application or account first');
    expectError(await admin.withLang('zh_CN').get('/v1/common/accountUserListQuery'), 40010, '请先选择应用或账户');
    expectError(await admin.get('/v1/common/accountUserListQuery?accountId=abc'), 40010, 'Incorrect format');
    expectError(
      await admin.withLang('zh_CN').get('/v1/common/accountUserListQuery?accountId=-3'),
      40010,
      '必须是正整数',
    );
  });

  it('gives account users their own account and refuses any other', async () => {
    const own = expectOk(await staffA.client.get('/v1/common/accountUserListQuery'));
    expect(own.map((u: { id: number }) => u.id).sort()).toEqual([shopA.adminId, staffA.userId].sort());
    expect(
      expectOk(await shopA.client.get(`/v1/common/accountUserListQuery?accountId=${shopA.accountId}`)),
    ).toHaveLength(2);
    const cross = await shopA.client.get(`/v1/common/accountUserListQuery?accountId=${shopB.accountId}`);
    expect(cross.status).toBe(403);
    expectError(cross, 40003, 'Unauthorized, Access Denied');
    expectError(
      await staffA.client.withLang('zh_CN').get(`/v1/common/accountUserListQuery?accountId=${shopB.accountId}`),
      40003,
      '未授权，拒绝访问',
    );
  });
});

describe('GET /v1/common/accountSummary', () => {
  it('counts accounts and users for operators', async () => {
    const db = server.deps.db;
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
    const s = expectOk(await admin.get('/v1/common/accountSummary'));
    expect(s).toEqual({
      side: 'op',
      accountCount: await n(db.select({ n: count() }).from(accounts)),
      enabledAccountCount: await n(db.select({ n: count() }).from(accounts).where(eq(accounts.status, 1))),
      userCount: await n(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.side, 'ac'), ne(users.status, -1))),
      ),
      opUserCount: await n(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.side, 'op'), ne(users.status, -1))),
      ),
    });
    expect(s.accountCount).toBeGreaterThanOrEqual(2);
    expect(s.userCount).toBeGreaterThanOrEqual(3);
  });

  it("counts only the caller's own account for account users", async () => {
    await server.deps.db
      .insert(roles)
      .values({ side: 'ac', accountId: shopB.accountId, name: 'cashier', permissions: [] });
    const a = expectOk(await shopA.client.get('/v1/common/accountSummary'));
    // staffA's role; the deleted user does not count
    expect(a).toEqual({
      side: 'ac',
      account: { id: shopA.accountId, name: expect.any(String) },
      userCount: 2,
      roleCount: 1,
    });
    const b = expectOk(await shopB.client.get('/v1/common/accountSummary'));
    expect(b).toEqual({
      side: 'ac',
      account: { id: shopB.accountId, name: expect.any(String) },
      userCount: 1,
      roleCount: 1,
    });
    expect(b.account.name).not.toBe(a.account.name);
  });
});

describe('access to the lookups', () => {
  it('answers 401 without a token or with a revoked one', async () => {
    for (const url of ENDPOINTS) {
      const res = await new Client(server).get(url);
      expect(res.status, url).toBe(401);
      expectError(res, 40002, 'Token invalid, please log in again');
    }
    const gone = await seedAccount(server);
    expectOk(await gone.client.get('/oauth/logout'));
    for (const url of ENDPOINTS) expectError(await gone.client.get(url), 40001, 'Login timeout, please log in again');
  });

  it('refuses users who still have to change their initial password', async () => {
    const db = server.deps.db;
    const username = `fresh${Date.now()}`;
    await db.insert(users).values({
      side: 'op',
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword('Fresh@12345'),
      status: 2,
      mustChangePassword: true,
    });
    const fresh = await new Client(server).login(username, 'Fresh@12345');
    for (const url of ENDPOINTS)
      expectError(
        await fresh.get(`${url}?accountId=${shopA.accountId}`),
        40015,
        'Please change the initial password first',
      );
  });

  it('stop working for the users of a disabled account', async () => {
    const shop = await seedAccount(server);
    expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 0 }));
    for (const url of ENDPOINTS) expectError(await shop.client.get(url), 40001);
  });
});
