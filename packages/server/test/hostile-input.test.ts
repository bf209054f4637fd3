import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, operLogs, roles, users } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, startServer, type Res } from './harness';

/**
 * Malformed, oversized and hostile input to the accounts, users, roles, personal-centre and
 * operation-log endpoints: always a localized 4xx envelope, never a 500, and nothing written.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
let acAdmin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
  acAdmin = (await seedAccount(server)).client;
});
afterAll(async () => server?.close());

const account = (over: Record<string, unknown> = {}) => ({
  name: 'Hostile',
  country: 'CN',
  timeZone: 'Asia/Shanghai',
  industry: '03',
  subjectType: 'business',
  subjectName: 'Hostile Ltd',
  adminEmail: 'hostile@example.com',
  ...over,
});

async function rowCounts() {
  const db = server.deps.db;
  const n = async (t: typeof accounts | typeof users | typeof roles | typeof operLogs) =>
    (await db.select({ n: count() }).from(t))[0]!.n;
  return { accounts: await n(accounts), users: await n(users), roles: await n(roles), logs: await n(operLogs) };
}

async function raw(method: string, url: string, payload: string, contentType = 'application/json'): Promise<Res> {
  const res = await server.app.inject({
    method: method as 'POST',
    url: `${url}?lang=zh_CN`,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${admin.token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

/** A refusal in the envelope (Chinese asked for), with the field when given. */
function expectRefused(res: Res, status: number, message: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(40010);
  expect(res.body.message).toBe(message);
  if (field !== undefined) expect(res.body.data.errors.map((e: { field: string }) => e.field)).toContain(field);
}

describe('hostile input', () => {
  it('refuses bodies that are not a JSON object, too large or unparseable, writing nothing', async () => {
    const before = await rowCounts();
    expectRefused(await raw('POST', '/v1/accounts', '{"name":'), 400, '格式不正确');
    for (const body of ['[1,2]', 'null', '"text"', '42']) {
      expectRefused(await raw('POST', '/v1/accounts', body), 400, '格式不正确');
    }
    expectRefused(
      await raw('POST', '/v1/users', 'username=a', 'application/x-www-form-urlencoded'),
      415,
      '不支持的内容类型（请使用 application/json）',
    );
    expectRefused(
      await raw(
        'POST',
        '/v1/roles',
        JSON.stringify({ name: 'big', permissions: [], description: 'x'.repeat(2_000_000) }),
      ),
      413,
      '请求内容过大',
    );
    expectRefused(
      await raw('POST', '/v1/roles', `{"name":"deep","permissions":${'['.repeat(5000)}${']'.repeat(5000)}}`),
      400,
      '格式不正确',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a NUL character in any field, body or query, with the field named, writing nothing', async () => {
    const before = await rowCounts();
    const nul = 'a\u0000b';
    const zh = admin.withLang('zh_CN');
    expectRefused(await zh.post('/v1/accounts', account({ name: nul })), 400, '格式不正确', 'name');
    expectRefused(await zh.post('/v1/accounts', account({ remark: nul })), 400, '格式不正确', 'remark');
    expectRefused(
      await zh.post('/v1/users', { username: 'nul1', email: 'nul1@example.com', name: nul }),
      400,
      '格式不正确',
      'name',
    );
    expectRefused(
      await zh.post('/v1/roles', { name: 'nul', description: nul, permissions: [] }),
      400,
      '格式不正确',
      'description',
    );
    expectRefused(await zh.put('/v1/personal/profile', { nickname: nul }), 400, '格式不正确', 'nickname');
    expectRefused(
      await acAdmin.withLang('zh_CN').post('/v1/roles', { name: nul, permissions: [] }),
      400,
      '格式不正确',
      'name',
    );
    expectRefused(await zh.get('/v1/users?username=%00'), 400, '格式不正确', 'username');
    expectRefused(await zh.get('/v1/accounts?name=x%00'), 400, '格式不正确', 'name');
    expectRefused(await zh.get('/v1/oper-logs?username=%00'), 400, '格式不正确', 'username');
    expectRefused(await zh.get('/v1/file/recordDownloadOperLog?module=%00'), 400, '格式不正确', 'module');
    // English too
    expectRefused(await admin.post('/v1/roles', { name: nul, permissions: [] }), 400, 'Incorrect format', 'name');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses ids beyond what the database holds and impossible dates as bad format', async () => {
    const before = await rowCounts();
    const zh = admin.withLang('zh_CN');
    expectRefused(await zh.get('/v1/users/99999999999'), 400, '格式不正确', 'id');
    expectRefused(await zh.get('/v1/accounts/2147483648'), 400, '格式不正确', 'id');
    expectRefused(await zh.put('/v1/roles/2147483648', { name: 'x' }), 400, '格式不正确', 'id');
    expectRefused(
      await zh.post('/v1/users', { username: 'bigrole', email: 'bigrole@example.com', roleIds: [2147483648] }),
      400,
      '格式不正确',
      'roleIds.0',
    );
    expectRefused(await zh.get('/v1/users?roleId=99999999999'), 400, '格式不正确', 'roleId');
    expectRefused(await zh.get('/v1/oper-logs?accountId=99999999999'), 400, '格式不正确', 'accountId');
    expectRefused(
      await zh.post('/v1/users', { username: 'bday', email: 'bday@example.com', birthday: '2020-13-45' }),
      400,
      '格式不正确',
      'birthday',
    );
    expectRefused(await zh.put('/v1/personal/profile', { birthday: '2023-02-29' }), 400, '格式不正确', 'birthday');
    // a page number the database cannot offset by
    for (const url of [
      '/v1/users?page=1e300',
      '/v1/roles?page=1e300',
      '/v1/accounts?page=1e300',
      '/v1/oper-logs?page=1e300',
    ]) {
      const res = await zh.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe('格式不正确');
    }
    // a date the filter reads but the database cannot hold
    const far = await zh.get('/v1/oper-logs?from=99999-01-01');
    expect(far.status).toBe(400);
    expect(far.body.code).toBe(40010);
    expect(await rowCounts()).toEqual(before);
  });

  it('ignores fields a client may not set (status, permissions, id, prototype keys)', async () => {
    const res = await raw(
      'POST',
      '/v1/accounts',
      JSON.stringify({
        ...account({ name: 'Sneaky', adminEmail: 'sneaky@example.com' }),
        id: 999999,
        status: 0,
        permissions: ['herald.op.account'],
        isSuperAdmin: false,
      }).replace('{', '{"__proto__":{"polluted":true},'),
    );
    // a __proto__ key is refused by the JSON parser outright
    expectRefused(res, 400, '格式不正确');
    const ok = await admin.post('/v1/accounts', {
      ...account({ name: 'Sneaky', adminEmail: 'sneaky@example.com' }),
      id: 999999,
      status: 0,
      permissions: ['herald.op.account'],
    });
    expect(ok.body.code).toBe(20000);
    expect(ok.body.data.id).not.toBe(999999);
    expect(ok.body.data.status).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('who asks comes before what is asked', () => {
  it('no token: 401, and a user without the permission: 403, whatever the body', async () => {
    const noAccess = await seedRoleUser(server, { side: 'op', permissions: ['herald.oper.log'] });
    for (const payload of ['{"name":', JSON.stringify(account({ country: 'nowhere' }))]) {
      const anon = await server.app.inject({
        method: 'POST',
        url: '/v1/accounts',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(anon.statusCode).toBe(401);
      const denied = await server.app.inject({
        method: 'POST',
        url: '/v1/accounts',
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${noAccess.client.token}` },
      });
      expect(denied.json().code).toBe(40003);
    }
  });
});
