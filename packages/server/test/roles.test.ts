import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_PERMISSIONS, permissionsForSide } from '@herald/contract';
import { accounts, roles } from '../src/db/schema';
import { activateFromMail, seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer, type Res } from './harness';
import { activeUser, auditLines, createRole, createUser, expectInvalid, uniq } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});
afterAll(async () => server?.close());

const FORBIDDEN = 'Unauthorized, Access Denied';
const NOT_GRANTABLE = 'The role contains permissions that cannot be granted here';

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
const everyEndpoint = (id: number): Call[] => [
  ['GET', '/v1/roles'],
  ['POST', '/v1/roles', { name: `r${uniq()}`, permissions: [] }],
  ['GET', '/v1/roles/options'],
  ['GET', '/v1/roles/permission-tree'],
  ['GET', `/v1/roles/${id}`],
  ['PUT', `/v1/roles/${id}`, { name: `r${uniq()}` }],
  ['DELETE', `/v1/roles/${id}`],
];
const send = (c: Client, [method, url, body]: Call) =>
  c.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));

describe('access to every role endpoint', () => {
  it('answers 401 without a token', async () => {
    for (const call of everyEndpoint(1)) {
      const res = await send(new Client(server), call);
      expect(res.status, call.join(' ')).toBe(401);
      expectError(res, 40002, 'Token invalid, please log in again');
    }
  });

  it('answers 403 to a user whose roles lack the permission, and changes nothing', async () => {
    const target = await createRole(A.client, ['herald.app'], `keep-${uniq()}`);
    const { client: viewer } = await activeUser(server, A.client, ['herald.oper.log', 'herald.oper.log.query']);
    for (const call of everyEndpoint(target.id)) {
      const res = await send(viewer, call);
      expect(res.status, call.join(' ')).toBe(403);
      expectError(res, 40003, FORBIDDEN);
    }
    expectError(await viewer.withLang('zh_CN').get('/v1/roles'), 40003, '未授权，拒绝访问');
    expect(expectOk(await A.client.get(`/v1/roles/${target.id}`)).name).toBe(target.name);
  });

  it('gives the role options to whoever may fill in the user form, and the tree to whoever edits roles', async () => {
    const { client: userAdder } = await activeUser(server, A.client, ['herald.admin.ac.user.add']);
    expect(Array.isArray(expectOk(await userAdder.get('/v1/roles/options')))).toBe(true);
    expectError(await userAdder.get('/v1/roles/permission-tree'), 40003, FORBIDDEN);
    expectError(await userAdder.get('/v1/roles'), 40003, FORBIDDEN);
    const { client: roleReader } = await activeUser(server, A.client, ['herald.admin.ac.role.query']);
    expect(expectOk(await roleReader.get('/v1/roles/permission-tree')).length).toBeGreaterThan(0);
    expectError(await roleReader.get('/v1/roles/options'), 40003, FORBIDDEN);
    expectError(await roleReader.post('/v1/roles', { name: `r${uniq()}`, permissions: [] }), 40003, FORBIDDEN);
  });

  it("answers 404 for another account's roles and the other side's roles, and never lists them", async () => {
    const bRole = await createRole(B.client, ['herald.app'], `b-${uniq()}`);
    const opRole = await createRole(op, ['herald.app'], `op-${uniq()}`);
    const aRole = await createRole(A.client, ['herald.app'], `a-${uniq()}`);
    for (const [caller, id] of [
      [A.client, bRole.id],
      [A.client, opRole.id],
      [op, aRole.id],
    ] as const) {
      for (const call of everyEndpoint(id).filter(([, url]) => url.endsWith(`/${id}`))) {
        const res = await send(caller, call);
        expect(res.status, call.join(' ')).toBe(404);
        expectError(res, 40004, 'The requested record does not exist');
      }
    }
    expect(expectOk(await B.client.get(`/v1/roles/${bRole.id}`)).name).toBe(bRole.name);
    const aList = expectOk(await A.client.get('/v1/roles?pageSize=200')).list.map((r: { id: number }) => r.id);
    expect(aList).toContain(aRole.id);
    expect(aList).not.toContain(bRole.id);
    expect(aList).not.toContain(opRole.id);
    const aOptions = expectOk(await A.client.get('/v1/roles/options')).map((r: { id: number }) => r.id);
    expect(aOptions).toContain(aRole.id);
    expect(aOptions).not.toContain(bRole.id);
    expect(aOptions).not.toContain(opRole.id);
    const opList = expectOk(await op.get('/v1/roles?pageSize=200')).list;
    expect(opList.every((r: { side: string; accountId: null }) => r.side === 'op' && r.accountId === null)).toBe(true);
  });
});

describe('the story: a role with two menus', () => {
  it('gives a user holding it exactly those two permissions', async () => {
    const role = expectOk(
      await A.client.post('/v1/roles', { name: `two-${uniq()}`, permissions: ['herald.app', 'herald.oper.log'] }),
    );
    expect(role.permissions).toEqual(['herald.app', 'herald.oper.log']);
    const username = `two${uniq()}`;
    const user = expectOk(
      await A.client.post('/v1/users', { username, email: `${username}@example.com`, roleIds: [role.id] }),
    );
    await activateFromMail(server, user.email, 'Two@12345');
    const c = await new Client(server).login(username, 'Two@12345');
    const me = expectOk(await c.get('/users/current'));
    expect(me.permission).toEqual(['herald.app', 'herald.oper.log']);
    expect(me.roles).toEqual(['herald.ac', role.name]);
    // the menus alone open no user administration
    expectError(await c.get('/v1/users'), 40003, FORBIDDEN);
  });
});

describe('GET /v1/roles', () => {
  it('filters by name, pages, and counts the users (not deleted ones) of each role', async () => {
    const tag = uniq();
    const r1 = await createRole(A.client, ['herald.app'], `Find-${tag}-1`);
    const r2 = await createRole(A.client, ['herald.app'], `find-${tag}-2`);
    const u1 = await createUser(A.client, { roleIds: [r1.id] });
    await createUser(A.client, { roleIds: [r1.id, r2.id] });
    const found = expectOk(await A.client.get(`/v1/roles?name=FIND-${tag}`));
    expect(found.total).toBe(2);
    expect(found.list.map((r: { id: number; userCount: number }) => [r.id, r.userCount])).toEqual([
      [r2.id, 1],
      [r1.id, 2],
    ]);
    const page2 = expectOk(await A.client.get(`/v1/roles?name=find-${tag}&page=2&pageSize=1`));
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.list.map((r: { id: number }) => r.id)).toEqual([r1.id]);
    expectOk(await A.client.delete(`/v1/users/${u1.id}`));
    expect(expectOk(await A.client.get(`/v1/roles/${r1.id}`)).userCount).toBe(1);
    // sorted as the console's columns ask
    const sorted = async (q: string) =>
      expectOk(await A.client.get(`/v1/roles?name=find-${tag}&${q}`)).list.map((r: { id: number }) => r.id);
    expect(await sorted('sortField=createdAt&sortOrder=ascend')).toEqual([r1.id, r2.id]);
    expect(await sorted('sortField=name&sortOrder=ascend')).toEqual([r1.id, r2.id]);
    expect(await sorted('sortField=id&sortOrder=descend')).toEqual([r2.id, r1.id]);
  });

  it('validates the query in both languages', async () => {
    await expectInvalid((c) => c.get('/v1/roles?page=0'), A.client, 'Incorrect format', '格式不正确', 'page');
    await expectInvalid((c) => c.get('/v1/roles?pageSize=abc'), A.client, 'Incorrect format', '格式不正确', 'pageSize');
    await expectInvalid(
      (c) => c.get('/v1/roles?sortField=userCount'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });
});

describe('POST /v1/roles', () => {
  it('adds a role; a button brings its menu along', async () => {
    const name = `adder-${uniq()}`;
    const role = expectOk(
      await A.client.post('/v1/roles', {
        name,
        description: 'Adds users',
        permissions: ['herald.admin.ac.user.add', 'herald.admin.ac.user.add'],
      }),
    );
    expect(role).toMatchObject({
      name,
      description: 'Adds users',
      side: 'ac',
      accountId: A.accountId,
      builtIn: false,
      userCount: 0,
    });
    expect(role.permissions).toEqual(['herald.admin.ac.user', 'herald.admin.ac.user.add']);
    expect(await auditLines(server, 'role', 'add', name)).toHaveLength(1);
  });

  it('validates in both languages', async () => {
    await expectInvalid((c) => c.post('/v1/roles', { permissions: [] }), A.client, 'Please input', '请输入', 'name');
    await expectInvalid(
      (c) => c.post('/v1/roles', { name: '   ', permissions: [] }),
      A.client,
      'Please input',
      '请输入',
      'name',
    );
    await expectInvalid((c) => c.post('/v1/roles', { name: 'x' }), A.client, 'Please input', '请输入', 'permissions');
    await expectInvalid(
      (c) => c.post('/v1/roles', { name: 'x'.repeat(33), permissions: [] }),
      A.client,
      'Too long',
      '长度超出限制',
      'name',
    );
    await expectInvalid(
      (c) => c.post('/v1/roles', { name: 'x', permissions: 'herald.app' }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'permissions',
    );
  });

  it('refuses unknown permission codes', async () => {
    await expectInvalid(
      (c) => c.post('/v1/roles', { name: `u-${uniq()}`, permissions: ['herald.app', 'herald.everything'] }),
      A.client,
      NOT_GRANTABLE,
      '角色包含无法在此授予的权限',
      'permissions',
    );
    expectError(
      await op.post('/v1/roles', { name: `u-${uniq()}`, permissions: ['herald.app.fly'] }),
      40010,
      NOT_GRANTABLE,
    );
  });

  it('lets an account role grant no operator permission, and an operator role no account-only one', async () => {
    for (const code of ['herald.op.account', 'herald.op.account.add', 'herald.admin.op.user', 'herald.op.notice']) {
      expectError(await A.client.post('/v1/roles', { name: `x-${uniq()}`, permissions: [code] }), 40010, NOT_GRANTABLE);
    }
    for (const code of ['herald.device.group', 'herald.admin.ac.user.changeAdmin', 'herald.dev.api']) {
      expectError(await op.post('/v1/roles', { name: `x-${uniq()}`, permissions: [code] }), 40010, NOT_GRANTABLE);
    }
    const opRole = expectOk(
      await op.post('/v1/roles', {
        name: `ops-${uniq()}`,
        permissions: ['herald.op.account', 'herald.op.account.query'],
      }),
    );
    expect(opRole.side).toBe('op');
  });

  it("grants only what the account's permission set holds", async () => {
    const narrow = await seedAccount(server);
    await server.deps.db
      .update(accounts)
      .set({
        permissions: ['herald.oper.log', 'herald.oper.log.query', 'herald.admin.ac.role', 'herald.admin.ac.role.add'],
      })
      .where(eq(accounts.id, narrow.accountId));
    expectOk(await narrow.client.post('/v1/roles', { name: `ok-${uniq()}`, permissions: ['herald.oper.log.query'] }));
    expectError(
      await narrow.client.post('/v1/roles', { name: `no-${uniq()}`, permissions: ['herald.app'] }),
      40010,
      NOT_GRANTABLE,
    );
    const tree = expectOk(await narrow.client.get('/v1/roles/permission-tree'));
    expect(tree).toEqual([
      {
        key: 'herald.oper.log',
        titleKey: 'menu.operLog',
        children: [{ key: 'herald.oper.log.query', titleKey: 'perm.action.query' }],
      },
      {
        key: 'herald.admin.ac.role',
        titleKey: 'menu.role',
        children: [{ key: 'herald.admin.ac.role.add', titleKey: 'perm.action.add' }],
      },
    ]);
  });

  it('lets someone other than the super administrator add only permissions they hold themselves', async () => {
    const { client: editor } = await activeUser(server, A.client, [
      'herald.admin.ac.role.add',
      'herald.admin.ac.role.edit',
      'herald.oper.log.query',
    ]);
    expectOk(await editor.post('/v1/roles', { name: `own-${uniq()}`, permissions: ['herald.oper.log.query'] }));
    const before = (await server.deps.db.select().from(roles)).length;
    await expectInvalid(
      (c) => c.post('/v1/roles', { name: `more-${uniq()}`, permissions: ['herald.oper.log.query', 'herald.dev.api'] }),
      editor,
      'You cannot grant permissions you do not hold yourself',
      '不能授予您自己没有的权限',
      'permissions',
    );
    expect((await server.deps.db.select().from(roles)).length).toBe(before);
    // a role made by the super administrator keeps what the editor lacks, but gains nothing more
    const wide = await createRole(A.client, ['herald.dev.api', 'herald.oper.log.query']);
    const kept = expectOk(
      await editor.put(`/v1/roles/${wide.id}`, { name: `kept-${uniq()}`, permissions: ['herald.dev.api'] }),
    );
    expect(kept.permissions).toEqual(['herald.dev.api']);
    await expectInvalid(
      (c) => c.put(`/v1/roles/${wide.id}`, { permissions: ['herald.dev.api', 'herald.app'] }),
      editor,
      'You cannot grant permissions you do not hold yourself',
      '不能授予您自己没有的权限',
      'permissions',
    );
    expect(expectOk(await A.client.get(`/v1/roles/${wide.id}`)).permissions).toEqual(['herald.dev.api']);
    // the super administrator grants anything the account has
    expectOk(await A.client.put(`/v1/roles/${wide.id}`, { permissions: ['herald.dev.api', 'herald.app'] }));
  });

  it('refuses a role name the account already uses, in any letter case; other accounts may use it', async () => {
    const name = `Dup-${uniq()}`;
    await createRole(A.client, [], name);
    await expectInvalidConflict((c) => c.post('/v1/roles', { name: name.toLowerCase(), permissions: [] }));
    expectOk(await B.client.post('/v1/roles', { name, permissions: [] }));
    expectOk(await op.post('/v1/roles', { name, permissions: [] }));
  });
});

async function expectInvalidConflict(send: (c: Client) => Promise<Res>) {
  const en = await send(A.client);
  expect(en.status).toBe(409);
  expectError(en, 40009, 'Role name already exists');
  expectError(await send(A.client.withLang('zh_CN')), 40009, '角色名称已存在');
}

describe('GET /v1/roles/:id', () => {
  it('shows a role of the caller’s account', async () => {
    const role = await createRole(A.client, ['herald.app', 'herald.app.query']);
    expect(expectOk(await A.client.get(`/v1/roles/${role.id}`))).toMatchObject({
      id: role.id,
      permissions: ['herald.app', 'herald.app.query'],
      userCount: 0,
    });
  });

  it('validates the id in both languages', async () => {
    await expectInvalid((c) => c.get('/v1/roles/abc'), A.client, 'Incorrect format', '格式不正确', 'id');
  });
});

describe('PUT /v1/roles/:id', () => {
  it("edits a role; its users' permissions follow at their next request", async () => {
    const { role, client } = await activeUser(server, A.client, ['herald.app']);
    const name = `renamed-${uniq()}`;
    const edited = expectOk(
      await A.client.put(`/v1/roles/${role.id}`, { name, permissions: ['herald.oper.log.query'] }),
    );
    expect(edited).toMatchObject({ name, permissions: ['herald.oper.log', 'herald.oper.log.query'], userCount: 1 });
    expect(expectOk(await client.get('/users/current')).permission).toEqual([
      'herald.oper.log',
      'herald.oper.log.query',
    ]);
    // only the description: the rest stays
    expect(expectOk(await A.client.put(`/v1/roles/${role.id}`, { description: 'Logs' }))).toMatchObject({
      name,
      description: 'Logs',
    });
    expect(await auditLines(server, 'role', 'edit', name)).toHaveLength(2);
  });

  it('validates in both languages and refuses names and permissions it may not take', async () => {
    const role = await createRole(A.client, []);
    const other = await createRole(A.client, []);
    await expectInvalid((c) => c.put(`/v1/roles/${role.id}`, { name: '' }), A.client, 'Please input', '请输入', 'name');
    await expectInvalidConflict((c) => c.put(`/v1/roles/${role.id}`, { name: other.name.toUpperCase() }));
    expectError(
      await A.client.put(`/v1/roles/${role.id}`, { permissions: ['herald.op.account'] }),
      40010,
      NOT_GRANTABLE,
    );
    expectOk(await A.client.put(`/v1/roles/${role.id}`, { name: role.name }));
    expect(expectOk(await A.client.get(`/v1/roles/${role.id}`)).permissions).toEqual([]);
  });

  it('refuses to change a built-in role', async () => {
    const [builtIn] = await server.deps.db
      .insert(roles)
      .values({ side: 'ac', accountId: A.accountId, name: `builtin-${uniq()}`, builtIn: true })
      .returning();
    expectError(
      await A.client.put(`/v1/roles/${builtIn!.id}`, { name: 'mine' }),
      40003,
      'Built-in roles cannot be changed or deleted',
    );
    expectError(await A.client.withLang('zh_CN').delete(`/v1/roles/${builtIn!.id}`), 40003, '内置角色不能修改或删除');
  });
});

describe('DELETE /v1/roles/:id', () => {
  it('refuses while users hold the role; deletes once they do not', async () => {
    const role = await createRole(A.client, ['herald.app']);
    const u = await createUser(A.client, { roleIds: [role.id] });
    expectError(await A.client.delete(`/v1/roles/${role.id}`), 40009, 'The role is still assigned to users');
    expectError(await A.client.withLang('zh_CN').delete(`/v1/roles/${role.id}`), 40009, '该角色仍被用户使用');
    expectOk(await A.client.put(`/v1/users/${u.id}/roles`, { roleIds: [] }));
    expectOk(await A.client.delete(`/v1/roles/${role.id}`));
    expectError(await A.client.get(`/v1/roles/${role.id}`), 40004);
    expect(await auditLines(server, 'role', 'delete', role.name)).toHaveLength(1);
  });

  it('a role held only by deleted users can go', async () => {
    const role = await createRole(A.client, ['herald.app']);
    const u = await createUser(A.client, { roleIds: [role.id] });
    expectOk(await A.client.delete(`/v1/users/${u.id}`));
    expectOk(await A.client.delete(`/v1/roles/${role.id}`));
  });

  it('validates the id in both languages', async () => {
    await expectInvalid((c) => c.delete('/v1/roles/0'), A.client, 'Incorrect format', '格式不正确', 'id');
  });
});

describe('GET /v1/roles/options', () => {
  it("lists the id and name of the caller's roles", async () => {
    const role = await createRole(A.client, []);
    const options = expectOk(await A.client.get('/v1/roles/options'));
    expect(options).toContainEqual({ id: role.id, name: role.name });
    expect(Object.keys(options[0]).sort()).toEqual(['id', 'name']);
  });

  it("has no input to validate; refusals come in the request's language", async () => {
    expectError(await new Client(server, 'zh_CN').get('/v1/roles/options'), 40002, '令牌无效，请重新登录');
  });
});

describe('GET /v1/roles/permission-tree', () => {
  it('shows operators the operator menus with their buttons', async () => {
    const tree = expectOk(await op.get('/v1/roles/permission-tree'));
    const keys = tree.map((n: { key: string }) => n.key);
    expect(keys).toEqual(
      MENU_PERMISSIONS.filter((m) => (m.sides as readonly string[]).includes('op')).map((m) => m.code),
    );
    expect(keys).toContain('herald.op.account');
    expect(keys).not.toContain('herald.device.group');
    const account = tree.find((n: { key: string }) => n.key === 'herald.op.account');
    expect(account.titleKey).toBe('menu.account');
    expect(account.children).toContainEqual({
      key: 'herald.op.account.changeAdmin',
      titleKey: 'perm.action.changeAdmin',
    });
    const all = tree.flatMap((n: { key: string; children: { key: string }[] }) => [
      n.key,
      ...n.children.map((c) => c.key),
    ]);
    expect(all.sort()).toEqual(permissionsForSide('op').sort());
  });

  it("shows an account the account's menus only", async () => {
    const tree = expectOk(await A.client.get('/v1/roles/permission-tree'));
    const keys = tree.map((n: { key: string }) => n.key);
    expect(keys).toContain('herald.device.group');
    expect(keys).not.toContain('herald.op.account');
    expect(keys).not.toContain('herald.admin.op.user');
  });
});
