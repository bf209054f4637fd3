import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mails, operLogs, sessions, users } from '../src/db/schema';
import { activateFromMail, lastMailTo, seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
let other: Awaited<ReturnType<typeof seedAccount>>;
let opNoAccounts: Client;
let opQueryOnly: Client;

let n = 0;
const uniq = () => `${Date.now().toString(36)}x${++n}`;
const newAccount = (over: Record<string, unknown> = {}) => {
  const u = uniq();
  return {
    name: `Bakery ${u}`,
    country: 'CN',
    timeZone: 'Asia/Shanghai',
    industry: '03',
    subjectType: 'business',
    subjectName: `Bakery ${u} Ltd`,
    adminEmail: `owner.${u}@example.com`,
    ...over,
  };
};

async function lastLog(module: string, type: string) {
  const [row] = await server.deps.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.module, module), eq(operLogs.type, type)))
    .orderBy(desc(operLogs.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
  other = await seedAccount(server);
  opNoAccounts = (await seedRoleUser(server, { side: 'op', permissions: ['herald.oper.log', 'herald.oper.log.query'] }))
    .client;
  opQueryOnly = (
    await seedRoleUser(server, { side: 'op', permissions: ['herald.op.account', 'herald.op.account.query'] })
  ).client;
});
afterAll(async () => server?.close());

describe('POST /v1/accounts', () => {
  it('creates the account and its not-yet-enabled super-administrator, mails the activation link, and the admin can activate and sign in', async () => {
    const body = newAccount({ remark: 'first shop' });
    const acc = expectOk(await admin.post('/v1/accounts', body));
    expect(acc).toMatchObject({
      name: body.name,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '03',
      subjectType: 'business',
      remark: 'first shop',
      status: 1,
      adminEmail: body.adminEmail,
      adminUsername: body.adminEmail.split('@')[0],
      userCount: 1,
    });
    const [user] = await server.deps.db.select().from(users).where(eq(users.id, acc.adminUserId));
    expect(user).toMatchObject({ side: 'ac', accountId: acc.id, status: 0, isSuperAdmin: true });

    const mail = await lastMailTo(server, body.adminEmail);
    expect(mail?.kind).toBe('activation');
    expect(mail?.link).toMatch(/^http:\/\/localhost:8080\/activation\?token=/);
    expect(mail?.body).toContain(body.name);

    // not activated yet: it has no password, so it cannot sign in, and is told why
    expectError(
      await new Client(server).post('/user/login', { username: acc.adminUsername, password: 'Owner@12345' }),
      40013,
      'This user is not activated yet',
    );
    await activateFromMail(server, body.adminEmail, 'Owner@12345');
    const owner = await new Client(server).login(acc.adminUsername, 'Owner@12345');
    const me = expectOk(await owner.get('/users/current'));
    expect(me.selectedRole).toBe('herald.ac');
    expect(me.account).toMatchObject({ id: acc.id, name: body.name });
    expect(me.user.isSuperAdmin).toBe(true);
    expect(me.permission).toContain('herald.admin.ac.user');

    const log = await lastLog('account', 'add');
    expect(log?.username).toBe('admin');
    expect(log?.description).toContain(body.name);
  });

  it('uses the given admin username, or derives a free one from the email', async () => {
    const local = `boss${uniq()}`;
    const a = expectOk(await admin.post('/v1/accounts', newAccount({ adminEmail: `${local}@one.example` })));
    const b = expectOk(await admin.post('/v1/accounts', newAccount({ adminEmail: `${local}@two.example` })));
    expect(a.adminUsername).toBe(local);
    expect(b.adminUsername).toBe(`${local}1`);
    const c = expectOk(await admin.post('/v1/accounts', newAccount({ adminUsername: `chosen${uniq()}` })));
    expect(c.adminUsername).toMatch(/^chosen/);
  });

  it('validates with the spec messages in both languages', async () => {
    const { name: _n, ...noName } = newAccount();
    const en = await admin.post('/v1/accounts', noName);
    expect(en.status).toBe(400);
    expectError(en, 40010, 'Please input');
    expect(en.body.data.errors[0].field).toBe('name');
    expectError(await admin.withLang('zh_CN').post('/v1/accounts', noName), 40010, '请输入');

    const badEmail = newAccount({ adminEmail: 'not-an-email' });
    expectError(await admin.post('/v1/accounts', badEmail), 40010, 'Incorrect email format');
    expectError(await admin.withLang('zh_CN').post('/v1/accounts', badEmail), 40010, '邮箱格式不正确');

    expectError(await admin.post('/v1/accounts', newAccount({ country: 'XX' })), 40010, 'Incorrect format');
    expectError(await admin.post('/v1/accounts', newAccount({ industry: '19' })), 40010, 'Incorrect format');
    expectError(
      await admin.post('/v1/accounts', newAccount({ adminUsername: '店主' })),
      40010,
      'Cannot contain Chinese',
    );
  });

  it('refuses duplicates with the spec messages and leaves nothing half-created', async () => {
    const first = newAccount();
    const acc = expectOk(await admin.post('/v1/accounts', first));
    const before = (await server.deps.db.select().from(accounts)).length;
    const usersBefore = (await server.deps.db.select().from(users)).length;

    const dupName = await admin.post('/v1/accounts', newAccount({ name: first.name.toUpperCase() }));
    expect(dupName.status).toBe(409);
    expectError(dupName, 40009, 'Account name already exists');
    expectError(
      await admin.withLang('zh_CN').post('/v1/accounts', newAccount({ name: first.name })),
      40009,
      '账户名称已存在',
    );

    // the email of another account's user
    const otherEmail = `${other.username}@example.com`;
    expectError(
      await admin.post('/v1/accounts', newAccount({ adminEmail: otherEmail.toUpperCase() })),
      40009,
      'Email already used by another account',
    );
    // the email of an operator user
    expectError(
      await admin.post('/v1/accounts', newAccount({ adminEmail: 'admin@herald.local' })),
      40009,
      'Email already exists',
    );
    expectError(
      await admin.post('/v1/accounts', newAccount({ adminUsername: acc.adminUsername })),
      40009,
      'Username already exists',
    );
    expectError(
      await admin.withLang('zh_CN').post('/v1/accounts', newAccount({ adminUsername: 'admin' })),
      40009,
      '用户名已存在',
    );

    expect((await server.deps.db.select().from(accounts)).length).toBe(before);
    expect((await server.deps.db.select().from(users)).length).toBe(usersBefore);
  });

  it('gives the duplicate message, never a 500, when the same name is submitted concurrently', async () => {
    const name = `Race ${uniq()}`;
    const results = await Promise.all([1, 2, 3, 4].map(() => admin.post('/v1/accounts', newAccount({ name }))));
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([20000, 40009, 40009, 40009]);
    for (const r of results.filter((x) => x.body.code !== 20000))
      expect(r.body.message).toBe('Account name already exists');
    const rows = await server.deps.db.select().from(accounts).where(eq(accounts.name, name));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /v1/accounts', () => {
  const tag = `Filter${Date.now().toString(36)}`;
  let ids: Record<string, number> = {};
  beforeAll(async () => {
    const mk = async (key: string, over: Record<string, unknown>) => {
      ids[key] = expectOk(await admin.post('/v1/accounts', newAccount({ name: `${tag} ${key}`, ...over }))).id;
    };
    ids = {};
    await mk('alpha', { country: 'US', industry: '05', subjectType: 'personal', timeZone: 'America/New_York' });
    await mk('beta_1', { country: 'CN', industry: '05' });
    await mk('gamma%', { country: 'CN', industry: '07' });
    expectOk(await admin.post(`/v1/accounts/${ids['gamma%']}/status`, { status: 0 }));
  });

  const names = (page: Record<string, unknown>) =>
    (page.list as { name: string }[]).map((a) => a.name.replace(`${tag} `, ''));

  it('filters by name (part, any case), status, country, industry and subject type', async () => {
    const all = expectOk(await admin.get(`/v1/accounts?name=${tag.toLowerCase()}&pageSize=50`));
    expect(all.total).toBe(3);
    expect(names(all).sort()).toEqual(['alpha', 'beta_1', 'gamma%']);
    // % and _ are literal characters, not patterns
    expect(names(expectOk(await admin.get(`/v1/accounts?name=${encodeURIComponent(`${tag} gamma%`)}`)))).toEqual([
      'gamma%',
    ]);
    expect(expectOk(await admin.get(`/v1/accounts?name=${encodeURIComponent(`${tag} %`)}`)).total).toBe(0);
    expect(expectOk(await admin.get(`/v1/accounts?name=${encodeURIComponent(`${tag} _eta`)}`)).total).toBe(0);
    expect(names(expectOk(await admin.get(`/v1/accounts?name=${tag}&status=0`)))).toEqual(['gamma%']);
    expect(names(expectOk(await admin.get(`/v1/accounts?name=${tag}&status=1&country=CN`)))).toEqual(['beta_1']);
    expect(
      names(expectOk(await admin.get(`/v1/accounts?name=${tag}&industry=05&sortField=name&sortOrder=ascend`))),
    ).toEqual(['alpha', 'beta_1']);
    expect(names(expectOk(await admin.get(`/v1/accounts?name=${tag}&subjectType=personal`)))).toEqual(['alpha']);
    // an empty filter means "any", not status 0
    expect(expectOk(await admin.get(`/v1/accounts?name=${tag}&status=&country=`)).total).toBe(3);
  });

  it('sorts, paginates and filters by creation time', async () => {
    const desc1 = expectOk(
      await admin.get(`/v1/accounts?name=${tag}&sortField=name&sortOrder=descend&page=1&pageSize=2`),
    );
    expect(desc1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(names(desc1)).toEqual(['gamma%', 'beta_1']);
    expect(
      names(expectOk(await admin.get(`/v1/accounts?name=${tag}&sortField=name&sortOrder=descend&page=2&pageSize=2`))),
    ).toEqual(['alpha']);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      expectOk(await admin.get(`/v1/accounts?name=${tag}&createdFrom=${yesterday}&createdTo=${tomorrow}`)).total,
    ).toBe(3);
    expect(expectOk(await admin.get(`/v1/accounts?name=${tag}&createdFrom=${tomorrow}`)).total).toBe(0);
    expect(expectOk(await admin.get(`/v1/accounts?name=${tag}&createdTo=${yesterday}`)).total).toBe(0);
    // a bare date as the end covers that whole day
    const today = new Date().toISOString().slice(0, 10);
    expect(expectOk(await admin.get(`/v1/accounts?name=${tag}&createdFrom=${today}&createdTo=${today}`)).total).toBe(3);
  });

  it('lists with the admin email and user count', async () => {
    const page = expectOk(await admin.get(`/v1/accounts?name=${encodeURIComponent(`${tag} alpha`)}`));
    expect(page.list[0]).toMatchObject({ id: ids.alpha, userCount: 1, status: 1 });
    expect(page.list[0].adminEmail).toMatch(/@example\.com$/);
  });

  it('validates the range and formats in both languages', async () => {
    const bad = '/v1/accounts?createdFrom=2025-02-01&createdTo=2025-01-01';
    const en = await admin.get(bad);
    expectError(en, 40010, 'The starting value cannot be greater than the ending value');
    expect(en.body.data.errors[0].field).toBe('createdTo');
    expectError(await admin.withLang('zh_CN').get(bad), 40010, '起始值不能大于结束值');
    expectError(await admin.get('/v1/accounts?createdFrom=yesterday'), 40010, 'Incorrect format');
    expectError(await admin.withLang('zh_CN').get('/v1/accounts?status=7'), 40010, '格式不正确');
    expectError(await admin.get('/v1/accounts?status=abc'), 40010, 'Must be a number');
  });
});

describe('GET and PUT /v1/accounts/:id', () => {
  it('shows the detail with the admin user and user count, 404 for an unknown id', async () => {
    const d = expectOk(await admin.get(`/v1/accounts/${other.accountId}`));
    expect(d).toMatchObject({
      id: other.accountId,
      adminUserId: other.adminId,
      adminUsername: other.username,
      adminEmail: `${other.username}@example.com`,
      userCount: 1,
    });
    const missing = await admin.get('/v1/accounts/999999');
    expect(missing.status).toBe(404);
    expectError(missing, 40004, 'The requested record does not exist');
    expectError(await admin.get('/v1/accounts/abc'), 40010, 'Incorrect format');
  });

  it('edits the fields, keeps names unique and logs the change', async () => {
    const a = expectOk(await admin.post('/v1/accounts', newAccount()));
    const b = expectOk(await admin.post('/v1/accounts', newAccount()));
    const edited = expectOk(
      await admin.put(`/v1/accounts/${a.id}`, {
        name: `${a.name} renamed`,
        timeZone: 'Europe/Paris',
        country: 'FR',
        remark: 'moved',
      }),
    );
    expect(edited).toMatchObject({
      name: `${a.name} renamed`,
      timeZone: 'Europe/Paris',
      country: 'FR',
      remark: 'moved',
      industry: '03',
    });
    expect(expectOk(await admin.get(`/v1/accounts/${a.id}`)).name).toBe(`${a.name} renamed`);
    expect((await lastLog('account', 'edit'))?.description).toContain(String(a.id));
    // keeping its own name is fine, taking another's is not
    expectOk(await admin.put(`/v1/accounts/${a.id}`, { name: `${a.name} renamed` }));
    expectError(await admin.put(`/v1/accounts/${a.id}`, { name: b.name }), 40009, 'Account name already exists');
    expectError(await admin.put('/v1/accounts/999999', { remark: 'x' }), 40004);
  });

  it('validates the edit in both languages', async () => {
    expectError(await admin.put(`/v1/accounts/${other.accountId}`, { name: '  ' }), 40010, 'Please input');
    expectError(await admin.withLang('zh_CN').put(`/v1/accounts/${other.accountId}`, { name: '' }), 40010, '请输入');
    expectError(
      await admin.put(`/v1/accounts/${other.accountId}`, { timeZone: 'Mars/Base' }),
      40010,
      'Incorrect format',
    );
    expectError(
      await admin.withLang('zh_CN').put(`/v1/accounts/${other.accountId}`, { subjectType: 'club' }),
      40010,
      '格式不正确',
    );
  });
});

describe('POST /v1/accounts/:id/status', () => {
  it("disabling cuts off the account's users at once; enabling restores them", async () => {
    const shop = await seedAccount(server);
    expectOk(await shop.client.get('/users/current'));

    const disabled = expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 0 }));
    expect(disabled.status).toBe(0);
    const cut = await shop.client.get('/users/current');
    expect(cut.status).toBe(401);
    expectError(cut, 40001, 'Login timeout, please log in again');
    expectError(
      await new Client(server).post('/user/login', { username: shop.username, password: 'Shop@12345' }),
      40014,
      'This account is disabled',
    );
    expectError(
      await new Client(server, 'zh_CN').post('/user/login', { username: shop.username, password: 'Shop@12345' }),
      40014,
      '该账户已被禁用',
    );
    expect((await lastLog('account', 'disable'))?.description).toContain(String(shop.accountId));

    expect(expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 1 })).status).toBe(1);
    expectOk(await shop.client.get('/users/current'));
    await new Client(server).login(shop.username, 'Shop@12345');
    expect((await lastLog('account', 'enable'))?.description).toContain(String(shop.accountId));
  });

  it('validates the status in both languages and 404s an unknown account', async () => {
    expectError(await admin.post(`/v1/accounts/${other.accountId}/status`, { status: 2 }), 40010, 'Incorrect format');
    expectError(await admin.withLang('zh_CN').post(`/v1/accounts/${other.accountId}/status`, {}), 40010, '格式不正确');
    expectError(await admin.post('/v1/accounts/999999/status', { status: 0 }), 40004);
  });
});

describe('POST /v1/accounts/:id/change-admin', () => {
  it('replaces the admin: the old one is deleted and signed out, the new one activates through the mail', async () => {
    const shop = await seedAccount(server);
    expectOk(await shop.client.get('/users/current'));
    const email = `newboss.${uniq()}@example.com`;

    const acc = expectOk(
      await admin.post(`/v1/accounts/${shop.accountId}/change-admin`, {
        adminEmail: email,
        adminUsername: `newboss${uniq()}`,
      }),
    );
    expect(acc.adminEmail).toBe(email);
    expect(acc.adminUserId).not.toBe(shop.adminId);
    expect(acc.userCount).toBe(1);

    const [old] = await server.deps.db.select().from(users).where(eq(users.id, shop.adminId));
    expect(old).toMatchObject({ status: -1, isSuperAdmin: false });
    expectError(await shop.client.get('/users/current'), 40001);
    const oldSessions = await server.deps.db.select().from(sessions).where(eq(sessions.userId, shop.adminId));
    expect(oldSessions.length).toBeGreaterThan(0);
    expect(oldSessions.every((x) => x.revokedAt !== null && x.revokeReason === 'admin_replaced')).toBe(true);
    expectError(
      await new Client(server).post('/user/login', { username: shop.username, password: 'Shop@12345' }),
      40011,
    );

    await activateFromMail(server, email, 'Boss@12345');
    const boss = await new Client(server).login(acc.adminUsername, 'Boss@12345');
    const me = expectOk(await boss.get('/users/current'));
    expect(me.user.isSuperAdmin).toBe(true);
    expect(me.account.id).toBe(shop.accountId);
    const log = await lastLog('account', 'changeAdmin');
    expect(log?.description).toContain(shop.username);
    expect(log?.description).toContain(acc.adminUsername);
  });

  it("may reuse the old admin's email, since the old user is deleted", async () => {
    const shop = await seedAccount(server);
    const email = `${shop.username}@example.com`;
    const acc = expectOk(await admin.post(`/v1/accounts/${shop.accountId}/change-admin`, { adminEmail: email }));
    expect(acc.adminUserId).not.toBe(shop.adminId);
    expect(acc.adminUsername).toBe(`${shop.username}1`);
    const outbox = await server.deps.db.select().from(mails).where(eq(mails.to, email));
    expect(outbox.map((m) => m.kind)).toContain('activation');
  });

  it('validates and refuses taken emails and usernames, changing nothing', async () => {
    const shop = await seedAccount(server);
    const url = `/v1/accounts/${shop.accountId}/change-admin`;
    expectError(await admin.post(url, { adminEmail: 'nope' }), 40010, 'Incorrect email format');
    expectError(await admin.withLang('zh_CN').post(url, { adminEmail: 'nope' }), 40010, '邮箱格式不正确');
    expectError(await admin.withLang('zh_CN').post(url, {}), 40010, '请输入');
    expectError(
      await admin.post(url, { adminEmail: `${other.username}@example.com` }),
      40009,
      'Email already used by another account',
    );
    expectError(
      await admin.post(url, { adminEmail: `x${uniq()}@example.com`, adminUsername: other.username }),
      40009,
      'Username already exists',
    );
    expectError(await admin.post('/v1/accounts/999999/change-admin', { adminEmail: `x${uniq()}@example.com` }), 40004);
    expect(expectOk(await admin.get(`/v1/accounts/${shop.accountId}`)).adminUserId).toBe(shop.adminId);
    expectOk(await shop.client.get('/users/current'));
  });
});

describe('access to the accounts API', () => {
  const calls = (id: number): [string, (c: Client) => ReturnType<Client['get']>][] => [
    ['list', (c) => c.get('/v1/accounts')],
    ['create', (c) => c.post('/v1/accounts', newAccount())],
    ['detail', (c) => c.get(`/v1/accounts/${id}`)],
    ['edit', (c) => c.put(`/v1/accounts/${id}`, { remark: 'x' })],
    ['status', (c) => c.post(`/v1/accounts/${id}/status`, { status: 0 })],
    ['change-admin', (c) => c.post(`/v1/accounts/${id}/change-admin`, { adminEmail: `x${uniq()}@example.com` })],
  ];

  it('answers 401 without a token', async () => {
    for (const [name, call] of calls(other.accountId)) {
      const res = await call(new Client(server));
      expect(res.status, name).toBe(401);
      expectError(res, 40002, 'Token invalid, please log in again');
    }
  });

  it('refuses account users, even for their own account, and operators without the permission', async () => {
    for (const [name, call] of calls(other.accountId)) {
      const own = await call(other.client);
      expect(own.status, name).toBe(403);
      expectError(own, 40003, 'Unauthorized, Access Denied');
      expectError(await call(opNoAccounts), 40003, 'Unauthorized, Access Denied');
    }
    expectError(await opNoAccounts.withLang('zh_CN').get('/v1/accounts'), 40003, '未授权，拒绝访问');
  });

  it('grants exactly the button permissions held', async () => {
    expectOk(await opQueryOnly.get('/v1/accounts'));
    expectOk(await opQueryOnly.get(`/v1/accounts/${other.accountId}`));
    for (const [name, call] of calls(other.accountId).slice(1)) {
      if (name === 'detail') continue;
      expectError(await call(opQueryOnly), 40003);
    }
    expect(expectOk(await admin.get(`/v1/accounts/${other.accountId}`)).status).toBe(1);
  });
});
