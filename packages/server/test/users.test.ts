import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema';
import { duplicateError } from '../src/modules/users/service';
import { activateFromMail, lastMailTo, seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer, type Res } from './harness';
import { activeUser, auditLines, createRole, createUser, expectInvalid, uniq, uniqPhone } from './people';

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
const NOT_FOUND = 'The requested record does not exist';

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];

/** Every user endpoint, aimed at user `id`. */
const everyEndpoint = (id: number): Call[] => [
  ['GET', '/v1/users'],
  ['POST', '/v1/users', { username: `x${uniq()}`, email: `x${uniq()}@example.com` }],
  ['GET', `/v1/users/${id}`],
  ['PUT', `/v1/users/${id}`, { name: 'Changed' }],
  ['DELETE', `/v1/users/${id}`],
  ['POST', `/v1/users/${id}/status`, { status: 1 }],
  ['POST', `/v1/users/${id}/unlock`],
  ['POST', `/v1/users/${id}/reset-password`],
  ['POST', `/v1/users/${id}/send-activation`],
  ['PUT', `/v1/users/${id}/roles`, { roleIds: [] }],
  ['POST', '/v1/users/change-admin', { userId: id }],
];
/** The endpoints that address one user by id. */
const byId = (id: number) =>
  everyEndpoint(id).filter(([, url]) => url.includes(`/${id}`) || url.endsWith('change-admin'));

const send = (c: Client, [method, url, body]: Call) =>
  c.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));

describe('access to every user endpoint', () => {
  it('answers 401 without a token', async () => {
    const anonymous = new Client(server);
    for (const call of everyEndpoint(A.adminId)) {
      const res = await send(anonymous, call);
      expect(res.status, call.join(' ')).toBe(401);
      expectError(res, 40002, 'Token invalid, please log in again');
    }
  });

  it('answers 403 to a user whose roles lack the permission, and changes nothing', async () => {
    const target = await createUser(A.client, { name: 'Untouched' });
    const { client: viewer } = await activeUser(server, A.client, ['herald.oper.log', 'herald.oper.log.query']);
    for (const call of everyEndpoint(target.id)) {
      const res = await send(viewer, call);
      expect(res.status, call.join(' ')).toBe(403);
      expectError(res, 40003, FORBIDDEN);
    }
    expectError(await viewer.withLang('zh_CN').get('/v1/users'), 40003, '未授权，拒绝访问');
    const after = expectOk(await A.client.get(`/v1/users/${target.id}`));
    expect(after.name).toBe('Untouched');
    expect(after.status).toBe(0);
  });

  it('checks the button permission of each action, not just the menu', async () => {
    const target = await createUser(A.client);
    const { client: reader } = await activeUser(server, A.client, [
      'herald.admin.ac.user',
      'herald.admin.ac.user.query',
    ]);
    expect(expectOk(await reader.get(`/v1/users/${target.id}`)).id).toBe(target.id);
    expectError(
      await reader.post('/v1/users', { username: `r${uniq()}`, email: `r${uniq()}@example.com` }),
      40003,
      FORBIDDEN,
    );
    expectError(await reader.delete(`/v1/users/${target.id}`), 40003, FORBIDDEN);
    expectError(await reader.post(`/v1/users/${target.id}/send-activation`), 40003, FORBIDDEN);
  });

  it("answers 404 for another account's users and for the other side's users, and changes nothing", async () => {
    const bUser = await createUser(B.client, { name: 'B person' });
    const opUser = await createUser(op, { name: 'Operator person' });
    const aUser = await createUser(A.client, { name: 'A person' });
    const cases: [Client, number][] = [
      [A.client, bUser.id],
      [A.client, B.adminId],
      [A.client, opUser.id],
      [op, aUser.id],
      [op, A.adminId],
    ];
    for (const [caller, id] of cases) {
      for (const call of byId(id)) {
        const res = await send(caller, call);
        // change-admin is refused to operators before the target is looked at
        const expected = caller === op && call[1].endsWith('change-admin') ? 40003 : 40004;
        expect(res.body.code, `${call.join(' ')} ${JSON.stringify(res.body)}`).toBe(expected);
        if (expected === 40004) expect(res.body.message).toBe(NOT_FOUND);
      }
    }
    expect(expectOk(await B.client.get(`/v1/users/${bUser.id}`))).toMatchObject({ name: 'B person', status: 0 });
    expect(expectOk(await op.get(`/v1/users/${opUser.id}`))).toMatchObject({ name: 'Operator person', status: 0 });
    const bAdmin = (await server.deps.db.select().from(users).where(eq(users.id, B.adminId)))[0]!;
    expect(bAdmin.status).toBe(2);
    expect(bAdmin.isSuperAdmin).toBe(true);
  });

  it('never lists users of another account or side', async () => {
    const bUser = await createUser(B.client);
    const opUser = await createUser(op);
    const aList = expectOk(await A.client.get('/v1/users?pageSize=200'));
    const aIds = aList.list.map((u: { id: number }) => u.id);
    expect(aIds).toContain(A.adminId);
    expect(aIds).not.toContain(bUser.id);
    expect(aIds).not.toContain(B.adminId);
    expect(aIds).not.toContain(opUser.id);
    expect(aList.list.every((u: { accountId: number }) => u.accountId === A.accountId)).toBe(true);
    const opList = expectOk(await op.get('/v1/users?pageSize=200'));
    expect(opList.list.every((u: { side: string; accountId: null }) => u.side === 'op' && u.accountId === null)).toBe(
      true,
    );
    expect(opList.list.map((u: { id: number }) => u.id)).toContain(opUser.id);
  });
});

describe('GET /v1/users', () => {
  it('filters, sorts and pages, with each user’s roles', async () => {
    const tag = uniq();
    const role = await createRole(A.client, ['herald.oper.log']);
    const u1 = await createUser(A.client, { username: `find${tag}a`, phone: uniqPhone(), roleIds: [role.id] });
    const u2 = await createUser(A.client, { username: `find${tag}b`, email: `Other${tag}@example.org` });
    const byName = expectOk(await A.client.get(`/v1/users?username=FIND${tag}`));
    expect(byName.total).toBe(2);
    expect(byName.list.map((u: { id: number }) => u.id)).toEqual([u2.id, u1.id]);
    const asc = expectOk(await A.client.get(`/v1/users?username=find${tag}&sortField=username&sortOrder=ascend`));
    expect(asc.list.map((u: { id: number }) => u.id)).toEqual([u1.id, u2.id]);
    const paged = expectOk(await A.client.get(`/v1/users?username=find${tag}&pageSize=1&page=2`));
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.list.map((u: { id: number }) => u.id)).toEqual([u1.id]);
    expect(expectOk(await A.client.get(`/v1/users?email=other${tag}`)).list.map((u: { id: number }) => u.id)).toEqual([
      u2.id,
    ]);
    expect(
      expectOk(await A.client.get(`/v1/users?phone=${u1.phone.slice(2, 9)}`)).list.map((u: { id: number }) => u.id),
    ).toEqual([u1.id]);
    const withRole = expectOk(await A.client.get(`/v1/users?roleId=${role.id}`));
    expect(withRole.list.map((u: { id: number }) => u.id)).toEqual([u1.id]);
    expect(withRole.list[0].roles).toEqual([{ id: role.id, name: role.name }]);
    expect(expectOk(await A.client.get(`/v1/users?username=find${tag}&status=2`)).total).toBe(0);
    expect(expectOk(await A.client.get(`/v1/users?username=find${tag}&status=0`)).total).toBe(2);
    expect(expectOk(await A.client.get(`/v1/users?username=find${tag}&locked=true`)).total).toBe(0);
    // a % typed into the filter is a character, not a wildcard
    expect(expectOk(await A.client.get(`/v1/users?username=find%25${tag}`)).total).toBe(0);
  });

  it('hides deleted users unless status -1 is asked for', async () => {
    const u = await createUser(A.client);
    expectOk(await A.client.delete(`/v1/users/${u.id}`));
    expect(expectOk(await A.client.get(`/v1/users?username=${u.username}`)).total).toBe(0);
    const deleted = expectOk(await A.client.get(`/v1/users?username=${u.username}&status=-1`));
    expect(deleted.list.map((x: { id: number; status: number }) => [x.id, x.status])).toEqual([[u.id, -1]]);
  });

  it('validates the query in both languages', async () => {
    await expectInvalid((c) => c.get('/v1/users?status=abc'), A.client, 'Incorrect format', '格式不正确', 'status');
    await expectInvalid((c) => c.get('/v1/users?pageSize=0'), A.client, 'Incorrect format', '格式不正确', 'pageSize');
    await expectInvalid(
      (c) => c.get('/v1/users?sortField=password'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });
});

describe('POST /v1/users', () => {
  it('adds a user who is not enabled, has no password, and gets the activation mail', async () => {
    const role = await createRole(A.client, ['herald.oper.log']);
    const username = `new${uniq()}`;
    const phone = uniqPhone();
    const created = expectOk(
      await A.client.post('/v1/users', {
        username,
        email: `${username}@example.com`,
        phone: ` ${phone} `,
        name: 'New Person',
        gender: 2,
        birthday: '1990-05-01',
        roleIds: [role.id],
      }),
    );
    expect(created).toMatchObject({
      username,
      phone,
      status: 0,
      side: 'ac',
      accountId: A.accountId,
      gender: 2,
      birthday: '1990-05-01',
      isSuperAdmin: false,
      locked: false,
    });
    expect(created.roles).toEqual([{ id: role.id, name: role.name }]);
    const row = (await server.deps.db.select().from(users).where(eq(users.id, created.id)))[0]!;
    expect(row.passwordHash).toBeNull();
    const mail = await lastMailTo(server, created.email);
    expect(mail?.kind).toBe('activation');
    expect(mail?.link).toMatch(/\/activation\?token=/);
    expect(await auditLines(server, 'user', 'add', username)).toHaveLength(1);
    // not enabled: cannot sign in until activated
    expectError(
      await new Client(server).post('/user/login', { username, password: 'User@12345' }),
      40013,
      'This user is not activated yet',
    );
    await activateFromMail(server, created.email, 'User@12345');
    await new Client(server).login(username, 'User@12345');
    expect(expectOk(await A.client.get(`/v1/users/${created.id}`)).status).toBe(2);
  });

  it('validates with the spec messages in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/users', { email: 'a@example.com' }),
      A.client,
      'Please input',
      '请输入',
      'username',
    );
    await expectInvalid((c) => c.post('/v1/users', { username: 'abc' }), A.client, 'Please input', '请输入', 'email');
    await expectInvalid(
      (c) => c.post('/v1/users', { username: 'abc', email: 'not-an-email' }),
      A.client,
      'Incorrect email format',
      '邮箱格式不正确',
      'email',
    );
    await expectInvalid(
      (c) => c.post('/v1/users', { username: 'abc', email: 'a@example.com', phone: '12345' }),
      A.client,
      'Incorrect phone format',
      '手机号格式不正确',
      'phone',
    );
    await expectInvalid(
      (c) => c.post('/v1/users', { username: 'abc', email: 'a@example.com', phone: '12345678901234' }),
      A.client,
      'Incorrect phone format',
      '手机号格式不正确',
      'phone',
    );
    await expectInvalid(
      (c) => c.post('/v1/users', { username: '张三', email: 'a@example.com' }),
      A.client,
      'Cannot contain Chinese',
      '不能包含中文',
      'username',
    );
  });

  it('refuses a duplicate username, email or phone anywhere in Herald', async () => {
    const existing = await createUser(B.client, { phone: uniqPhone() });
    await expectConflict(
      (c) => c.post('/v1/users', { username: existing.username.toUpperCase(), email: `${uniq()}@example.com` }),
      'Username already exists',
      '用户名已存在',
    );
    await expectConflict(
      (c) => c.post('/v1/users', { username: `d${uniq()}`, email: existing.email.toUpperCase() }),
      'Email already exists',
      '邮箱已存在',
    );
    await expectConflict(
      (c) => c.post('/v1/users', { username: `d${uniq()}`, email: `${uniq()}@example.com`, phone: existing.phone }),
      'Phone already exists',
      '手机号已存在',
    );
  });

  it('answers two racing adds of the same username with one user and one duplicate message', async () => {
    const username = `race${uniq()}`;
    const results = await Promise.all(
      [1, 2].map((i) => A.client.post('/v1/users', { username, email: `${username}${i}@example.com` })),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([20000, 40009]);
    expect(results.find((r) => r.body.code === 40009)!.body.message).toBe('Username already exists');
  });

  it('maps the unique indexes to the duplicate messages', async () => {
    const taken = await createUser(A.client);
    for (const [values, message] of [
      [{ username: taken.username.toUpperCase(), email: `${uniq()}@example.com` }, 'error.usernameExists'],
      [{ username: `m${uniq()}`, email: taken.email }, 'error.emailExists'],
    ] as const) {
      const err = await server.deps.db
        .insert(users)
        .values({ side: 'ac', accountId: A.accountId, ...values })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(duplicateError(err)?.messageKey).toBe(message);
    }
  });

  it('refuses roles of another account or of the other side', async () => {
    const bRole = await createRole(B.client, ['herald.oper.log']);
    const opRole = await createRole(op, ['herald.oper.log']);
    for (const roleId of [bRole.id, opRole.id]) {
      const res = await A.client.post('/v1/users', {
        username: `r${uniq()}`,
        email: `${uniq()}@example.com`,
        roleIds: [roleId],
      });
      expectError(res, 40010, 'The selected role does not exist');
    }
    expectError(
      await A.client
        .withLang('zh_CN')
        .post('/v1/users', { username: `r${uniq()}`, email: `${uniq()}@example.com`, roleIds: [opRole.id] }),
      40010,
      '所选角色不存在',
    );
  });

  it('adds operator users on the operator side', async () => {
    const u = await createUser(op);
    expect(u).toMatchObject({ side: 'op', accountId: null, status: 0 });
  });
});

async function expectConflict(send: (c: Client) => Promise<Res>, en: string, zh: string) {
  const a = await send(A.client);
  expectError(a, 40009, en);
  const b = await send(A.client.withLang('zh_CN'));
  expectError(b, 40009, zh);
}

describe('GET /v1/users/:id', () => {
  it('shows a user of the caller’s account with roles', async () => {
    const role = await createRole(A.client, ['herald.oper.log']);
    const u = await createUser(A.client, { roleIds: [role.id], nickname: 'Nick' });
    const got = expectOk(await A.client.get(`/v1/users/${u.id}`));
    expect(got).toMatchObject({ id: u.id, nickname: 'Nick', roles: [{ id: role.id, name: role.name }] });
  });

  it('validates the id in both languages', async () => {
    await expectInvalid((c) => c.get('/v1/users/abc'), A.client, 'Incorrect format', '格式不正确', 'id');
    await expectInvalid((c) => c.get('/v1/users/0'), A.client, 'Incorrect format', '格式不正确', 'id');
  });
});

describe('PUT /v1/users/:id', () => {
  it('edits profile fields and roles; clearing a field stores nothing', async () => {
    const r1 = await createRole(A.client, ['herald.oper.log']);
    const r2 = await createRole(A.client, ['herald.app']);
    const u = await createUser(A.client, { name: 'Before', phone: uniqPhone(), roleIds: [r1.id] });
    const edited = expectOk(
      await A.client.put(`/v1/users/${u.id}`, { name: 'After', phone: '', gender: 1, roleIds: [r2.id] }),
    );
    expect(edited).toMatchObject({
      name: 'After',
      phone: null,
      gender: 1,
      username: u.username,
      roles: [{ id: r2.id, name: r2.name }],
    });
    expect(await auditLines(server, 'user', 'edit', u.username)).toHaveLength(1);
  });

  it('validates in both languages and refuses duplicates', async () => {
    const u = await createUser(A.client);
    const other = await createUser(B.client, { phone: uniqPhone() });
    await expectInvalid(
      (c) => c.put(`/v1/users/${u.id}`, { phone: 'abc' }),
      A.client,
      'Incorrect phone format',
      '手机号格式不正确',
      'phone',
    );
    await expectInvalid(
      (c) => c.put(`/v1/users/${u.id}`, { email: 'x@' }),
      A.client,
      'Incorrect email format',
      '邮箱格式不正确',
      'email',
    );
    await expectInvalid((c) => c.put(`/v1/users/${u.id}`, { email: '' }), A.client, 'Please input', '请输入', 'email');
    expectError(await A.client.put(`/v1/users/${u.id}`, { email: other.email }), 40009, 'Email already exists');
    expectError(await A.client.put(`/v1/users/${u.id}`, { phone: other.phone }), 40009, 'Phone already exists');
    // keeping one's own email is no duplicate
    expectOk(await A.client.put(`/v1/users/${u.id}`, { email: u.email }));
  });

  it('mails the activation link again when a not-yet-activated user’s email changes', async () => {
    const u = await createUser(A.client);
    const email = `moved${uniq()}@example.com`;
    expectOk(await A.client.put(`/v1/users/${u.id}`, { email }));
    await activateFromMail(server, email, 'User@12345');
    await new Client(server).login(u.username, 'User@12345');
  });

  it('needs the assign-role permission to change roles, not to keep them', async () => {
    const role = await createRole(A.client, ['herald.oper.log']);
    const other = await createRole(A.client, ['herald.app']);
    const u = await createUser(A.client, { roleIds: [role.id] });
    const { client: editor } = await activeUser(server, A.client, ['herald.admin.ac.user.edit']);
    expectOk(await editor.put(`/v1/users/${u.id}`, { name: 'Edited', roleIds: [role.id] }));
    expectError(await editor.put(`/v1/users/${u.id}`, { roleIds: [other.id] }), 40003, FORBIDDEN);
    expect(expectOk(await A.client.get(`/v1/users/${u.id}`)).roles).toEqual([{ id: role.id, name: role.name }]);
  });

  it('lets nobody but the super administrator edit the super administrator', async () => {
    const { client: editor } = await activeUser(server, A.client, ['herald.admin.ac.user.edit']);
    expectError(
      await editor.put(`/v1/users/${A.adminId}`, { email: `take${uniq()}@example.com` }),
      40003,
      'The super administrator cannot be changed this way',
    );
    expectOk(await A.client.put(`/v1/users/${A.adminId}`, { nickname: 'Boss' }));
  });
});

describe("a user manager and a colleague's sign-in", () => {
  const OUTRANKS =
    "This user holds permissions you do not hold; only someone who holds them can change the user's email or reset the password";

  it('changes the email or resets the password only of users whose permissions the manager holds', async () => {
    const { client: manager } = await activeUser(server, A.client, [
      'herald.admin.ac.user.query',
      'herald.admin.ac.user.edit',
      'herald.admin.ac.user.resetPwd',
      'herald.oper.log.query',
    ]);
    const big = await createRole(A.client, ['herald.dev.api', 'herald.oper.log.query']);
    const small = await createRole(A.client, ['herald.oper.log.query']);
    const { user: boss } = await activeUser(server, A.client, ['herald.dev.api']);
    const pending = await createUser(A.client, { roleIds: [big.id] });
    const mine = `mine${uniq()}@example.com`;
    // the take-over: the boss's email set to the manager's mailbox, then a reset mailed there
    for (const res of [
      await manager.put(`/v1/users/${boss.id}`, { email: mine }),
      await manager.post(`/v1/users/${boss.id}/reset-password`),
      // a user waiting for activation would get the link at the new address
      await manager.put(`/v1/users/${pending.id}`, { email: mine, name: 'Renamed' }),
    ]) {
      expectError(res, 40003, OUTRANKS);
    }
    expectError(
      await manager.withLang('zh_CN').post(`/v1/users/${boss.id}/reset-password`),
      40003,
      '该用户拥有您没有的权限，只有拥有这些权限的人才能修改其邮箱或重置其密码',
    );
    expect(await lastMailTo(server, mine)).toBeUndefined();
    expect(expectOk(await A.client.get(`/v1/users/${boss.id}`)).email).toBe(boss.email);
    expect(expectOk(await A.client.get(`/v1/users/${pending.id}`))).toMatchObject({ email: pending.email, name: null });
    // other fields of the same users stay open to the manager
    expectOk(await manager.put(`/v1/users/${boss.id}`, { nickname: 'Boss', email: boss.email.toUpperCase() }));
    // users within the manager's permissions: both work
    const peer = await createUser(A.client, { roleIds: [small.id] });
    expectOk(await manager.put(`/v1/users/${peer.id}`, { email: `peer${uniq()}@example.com` }));
    const { user: colleague } = await activeUser(server, A.client, ['herald.oper.log.query']);
    expectOk(await manager.post(`/v1/users/${colleague.id}/reset-password`));
    // the super administrator may do both to anyone else
    expectOk(await A.client.put(`/v1/users/${boss.id}`, { email: `boss${uniq()}@example.com` }));
    expectOk(await A.client.post(`/v1/users/${boss.id}/reset-password`));
  });

  it("changes nobody's own email or password here, the super administrator's neither: that is the personal centre's", async () => {
    const { user: manager, client } = await activeUser(server, A.client, [
      'herald.admin.ac.user.edit',
      'herald.admin.ac.user.resetPwd',
    ]);
    const OWN = 'Change your own email or password in the personal centre';
    const stolen = `stolen${uniq()}@example.com`;
    for (const [c, id] of [
      [client, manager.id],
      [A.client, A.adminId],
    ] as const) {
      expectError(await c.put(`/v1/users/${id}`, { email: stolen }), 40003, OWN);
      expectError(await c.post(`/v1/users/${id}/reset-password`), 40003, OWN);
      // the rest of one's own record stays editable here
      expectOk(await c.put(`/v1/users/${id}`, { nickname: 'Me' }));
    }
    expectError(
      await client.withLang('zh_CN').post(`/v1/users/${manager.id}/reset-password`),
      40003,
      '请在个人中心修改您自己的邮箱或密码',
    );
    expect(await lastMailTo(server, stolen)).toBeUndefined();
    expect(expectOk(await A.client.get(`/v1/users/${manager.id}`)).email).toBe(manager.email);
  });
});

describe('DELETE /v1/users/:id', () => {
  it('deletes: status -1, signed out at once, username free again', async () => {
    const { user, client } = await activeUser(server, A.client, ['herald.oper.log']);
    expectOk(await A.client.delete(`/v1/users/${user.id}`));
    expectError(await client.get('/users/current'), 40001, 'Login timeout, please log in again');
    expectError(
      await new Client(server).post('/user/login', { username: user.username, password: 'User@12345' }),
      40011,
    );
    expect(expectOk(await A.client.get(`/v1/users/${user.id}`))).toMatchObject({ status: -1, roles: [] });
    // deleted users cannot be changed any more
    expectError(await A.client.delete(`/v1/users/${user.id}`), 40004);
    expectError(await A.client.post(`/v1/users/${user.id}/status`, { status: 2 }), 40004);
    const again = expectOk(await A.client.post('/v1/users', { username: user.username, email: user.email }));
    expect(again.id).not.toBe(user.id);
    expect(await auditLines(server, 'user', 'delete', user.username)).toHaveLength(1);
  });

  it('refuses to delete oneself or the super administrator', async () => {
    const { user, client: deleter } = await activeUser(server, A.client, ['herald.admin.ac.user.delete']);
    expectError(await deleter.delete(`/v1/users/${user.id}`), 40003, 'You cannot do this to your own user');
    expectError(await deleter.withLang('zh_CN').delete(`/v1/users/${user.id}`), 40003, '不能对自己的用户执行此操作');
    expectError(
      await deleter.delete(`/v1/users/${A.adminId}`),
      40003,
      'The super administrator cannot be changed this way',
    );
    expectError(await A.client.delete(`/v1/users/${A.adminId}`), 40003, 'You cannot do this to your own user');
  });

  it('validates the id in both languages', async () => {
    await expectInvalid((c) => c.delete('/v1/users/-3'), A.client, 'Incorrect format', '格式不正确', 'id');
  });
});

describe('POST /v1/users/:id/status', () => {
  it("disabling cuts the user's existing tokens off at once; enabling lets them sign in again", async () => {
    const { user, client, password } = await activeUser(server, A.client, ['herald.oper.log']);
    expectOk(await client.get('/users/current'));
    expectOk(await A.client.post(`/v1/users/${user.id}/status`, { status: 1 }));
    const cut = await client.get('/users/current');
    expect(cut.status).toBe(401);
    expectError(cut, 40001, 'Login timeout, please log in again');
    expectError(
      await new Client(server).post('/user/login', { username: user.username, password }),
      40013,
      'This user is disabled',
    );
    expect(expectOk(await A.client.get(`/v1/users/${user.id}`)).status).toBe(1);
    expectOk(await A.client.post(`/v1/users/${user.id}/status`, { status: 2 }));
    const back = await new Client(server).login(user.username, password);
    expectOk(await back.get('/users/current'));
    // the old session was revoked: re-enabling does not revive its tokens
    expectError(await client.get('/users/current'), 40001);
    expectError(await client.post('/oauth/refresh_token/', { refresh_token: client.refreshToken }), 40001);
    expect(await auditLines(server, 'user', 'disable', user.username)).toHaveLength(1);
    expect(await auditLines(server, 'user', 'enable', user.username)).toHaveLength(1);
  });

  it('refuses to enable a user who never activated, with a clear message', async () => {
    const u = await createUser(A.client);
    expectError(
      await A.client.post(`/v1/users/${u.id}/status`, { status: 2 }),
      40009,
      'This user has not been activated yet; send the activation email so the user can set a password',
    );
    expectError(
      await A.client.withLang('zh_CN').post(`/v1/users/${u.id}/status`, { status: 2 }),
      40009,
      '该用户尚未激活，请发送激活邮件，由用户设置密码',
    );
    expect(expectOk(await A.client.get(`/v1/users/${u.id}`)).status).toBe(0);
  });

  it('refuses oneself and the super administrator', async () => {
    const { user, client } = await activeUser(server, A.client, ['herald.admin.ac.user.status']);
    expectError(
      await client.post(`/v1/users/${user.id}/status`, { status: 1 }),
      40003,
      'You cannot do this to your own user',
    );
    expectError(
      await client.post(`/v1/users/${A.adminId}/status`, { status: 1 }),
      40003,
      'The super administrator cannot be changed this way',
    );
    expectOk(await A.client.get('/users/current'));
  });

  it('validates the status in both languages', async () => {
    const u = await createUser(A.client);
    await expectInvalid(
      (c) => c.post(`/v1/users/${u.id}/status`, { status: 3 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'status',
    );
    await expectInvalid(
      (c) => c.post(`/v1/users/${u.id}/status`, { status: -1 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'status',
    );
  });
});

describe('POST /v1/users/:id/unlock', () => {
  it('unlocks a user locked by five wrong passwords', async () => {
    const { user, password } = await activeUser(server, A.client, ['herald.oper.log']);
    const c = new Client(server);
    for (let i = 0; i < 5; i++) await c.post('/user/login', { username: user.username, password: 'Wrong@1234' });
    expectError(await c.post('/user/login', { username: user.username, password }), 40012);
    expect(expectOk(await A.client.get(`/v1/users?username=${user.username}&locked=true`)).total).toBe(1);
    expectOk(await A.client.post(`/v1/users/${user.id}/unlock`));
    await c.login(user.username, password);
    expect(expectOk(await A.client.get(`/v1/users/${user.id}`)).locked).toBe(false);
    // the failure count started again from zero
    for (let i = 0; i < 4; i++)
      expectError(await c.post('/user/login', { username: user.username, password: 'Wrong@1234' }), 40011);
    expect(await auditLines(server, 'user', 'unlock', user.username)).toHaveLength(1);
  });

  it('validates the id in both languages', async () => {
    await expectInvalid((c) => c.post('/v1/users/x/unlock'), A.client, 'Incorrect format', '格式不正确', 'id');
  });
});

describe('POST /v1/users/:id/reset-password', () => {
  it('mails a working password that must be changed, signs the user out and unlocks them', async () => {
    const { user, client, password } = await activeUser(server, A.client, ['herald.oper.log']);
    const c = new Client(server);
    for (let i = 0; i < 5; i++) await c.post('/user/login', { username: user.username, password: 'Wrong@1234' });
    expectOk(await A.client.post(`/v1/users/${user.id}/reset-password`));
    expectError(await client.get('/users/current'), 40001);
    const mail = await lastMailTo(server, user.email);
    expect(mail?.kind).toBe('resetPassword');
    const mailed = /^ {4}(\S+)$/m.exec(mail!.body)?.[1];
    expect(mailed).toBeTruthy();
    expectError(await new Client(server).post('/user/login', { username: user.username, password }), 40011);
    const fresh = await new Client(server).login(user.username, mailed!);
    const me = expectOk(await fresh.get('/users/current'));
    expect(me.modifyInitPwd).toBe(true);
    expectError(await fresh.get('/v1/personal/profile'), 40015, 'Please change the initial password first');
    expectOk(
      await fresh.post('/users/current/password', {
        oldPassword: mailed,
        newPassword: 'Fresh@12345',
        confirmPassword: 'Fresh@12345',
      }),
    );
    expectOk(await fresh.get('/v1/personal/profile'));
    expect(await auditLines(server, 'user', 'resetPassword', user.username)).toHaveLength(1);
  });

  it('refuses users who never activated and the super administrator (for others)', async () => {
    const u = await createUser(A.client);
    expectError(
      await A.client.post(`/v1/users/${u.id}/reset-password`),
      40009,
      'This user has not been activated yet; send the activation email so the user can set a password',
    );
    const { client } = await activeUser(server, A.client, ['herald.admin.ac.user.resetPwd']);
    expectError(
      await client.post(`/v1/users/${A.adminId}/reset-password`),
      40003,
      'The super administrator cannot be changed this way',
    );
  });

  it('validates the id in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/users/1.5/reset-password'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'id',
    );
  });
});

describe('POST /v1/users/:id/send-activation', () => {
  it('mails a new link to a user who is not enabled yet; only the newest link works', async () => {
    const u = await createUser(A.client);
    const first = await lastMailTo(server, u.email);
    expectOk(await A.client.post(`/v1/users/${u.id}/send-activation`));
    const second = await lastMailTo(server, u.email);
    expect(second!.id).toBeGreaterThan(first!.id);
    const oldToken = new URL(first!.link!).searchParams.get('token');
    expectError(
      await new Client(server).post('/users/active/user', {
        token: oldToken,
        password: 'User@12345',
        confirmPassword: 'User@12345',
      }),
      40010,
      'Activation failed',
    );
    await activateFromMail(server, u.email, 'User@12345');
    expect(await auditLines(server, 'user', 'sendActivation', u.username)).toHaveLength(1);
  });

  it('refuses users who are already active', async () => {
    const { user } = await activeUser(server, A.client, ['herald.oper.log']);
    expectError(await A.client.post(`/v1/users/${user.id}/send-activation`), 40009, 'This user is already activated');
    expectError(await A.client.withLang('zh_CN').post(`/v1/users/${user.id}/send-activation`), 40009, '该用户已激活');
  });

  it('validates the id in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/users/abc/send-activation'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'id',
    );
  });
});

describe('PUT /v1/users/:id/roles', () => {
  it("replaces the roles; the user's permissions follow at their next request", async () => {
    const logs = await createRole(A.client, ['herald.oper.log', 'herald.oper.log.query']);
    const apps = await createRole(A.client, ['herald.app', 'herald.app.query']);
    const { user, client } = await activeUser(server, A.client, ['herald.dev.api']);
    const updated = expectOk(
      await A.client.put(`/v1/users/${user.id}/roles`, { roleIds: [logs.id, apps.id, logs.id] }),
    );
    expect(updated.roles.map((r: { id: number }) => r.id).sort()).toEqual([logs.id, apps.id].sort());
    expect(expectOk(await client.get('/users/current')).permission).toEqual([
      'herald.app',
      'herald.app.query',
      'herald.oper.log',
      'herald.oper.log.query',
    ]);
    expectOk(await A.client.put(`/v1/users/${user.id}/roles`, { roleIds: [] }));
    expect(expectOk(await client.get('/users/current')).permission).toEqual([]);
    expect(await auditLines(server, 'user', 'assignRole', user.username)).toHaveLength(2);
  });

  it("refuses another account's roles", async () => {
    const u = await createUser(A.client);
    const bRole = await createRole(B.client, ['herald.oper.log']);
    expectError(
      await A.client.put(`/v1/users/${u.id}/roles`, { roleIds: [bRole.id] }),
      40010,
      'The selected role does not exist',
    );
  });

  it('lets someone other than the super administrator give only roles within their own permissions', async () => {
    const { user: manager, client } = await activeUser(server, A.client, [
      'herald.admin.ac.user.query',
      'herald.admin.ac.user.add',
      'herald.admin.ac.user.edit',
      'herald.admin.ac.user.assignRole',
      'herald.oper.log.query',
    ]);
    const small = await createRole(A.client, ['herald.oper.log.query']);
    const big = await createRole(A.client, ['herald.dev.api', 'herald.oper.log.query']);
    const target = await createUser(A.client, { roleIds: [big.id] });
    // not to themselves, not to others, not through the edit form, not at creation
    for (const send of [
      (c: Client) => c.put(`/v1/users/${manager.id}/roles`, { roleIds: [big.id] }),
      (c: Client) =>
        c
          .put(`/v1/users/${target.id}/roles`, { roleIds: [big.id, small.id] })
          .then(() => c.put(`/v1/users/${manager.id}/roles`, { roleIds: [big.id] })),
      (c: Client) => c.put(`/v1/users/${manager.id}`, { roleIds: [big.id] }),
      (c: Client) =>
        c.post('/v1/users', { username: `x${uniq()}`, email: `x${uniq()}@example.com`, roleIds: [big.id] }),
    ]) {
      await expectInvalid(
        send,
        client,
        'You cannot grant permissions you do not hold yourself',
        '不能授予您自己没有的权限',
        'roleIds',
      );
    }
    expect(expectOk(await client.get('/users/current')).permission).not.toContain('herald.dev.api');
    // a role the user already holds may stay while others change
    const kept = expectOk(await client.put(`/v1/users/${target.id}/roles`, { roleIds: [big.id, small.id] }));
    expect(kept.roles.map((r: { id: number }) => r.id).sort()).toEqual([big.id, small.id].sort());
    expectOk(await client.put(`/v1/users/${manager.id}/roles`, { roleIds: [small.id] }));
    // the super administrator gives any role of the account
    expectOk(await A.client.put(`/v1/users/${manager.id}/roles`, { roleIds: [big.id] }));
  });

  it('validates in both languages', async () => {
    const u = await createUser(A.client);
    await expectInvalid(
      (c) => c.put(`/v1/users/${u.id}/roles`, { roleIds: ['x'] }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'roleIds.0',
    );
    await expectInvalid(
      (c) => c.put(`/v1/users/${u.id}/roles`, {}),
      A.client,
      'Incorrect format',
      '格式不正确',
      'roleIds',
    );
  });
});

describe('POST /v1/users/change-admin', () => {
  it('makes another enabled user the super administrator and deletes the old one', async () => {
    const acct = await seedAccount(server);
    const { user: next, client: nextClient } = await activeUser(server, acct.client, ['herald.oper.log']);
    expect(expectOk(await nextClient.get('/users/current')).permission).toEqual(['herald.oper.log']);
    expectOk(await acct.client.post('/v1/users/change-admin', { userId: next.id }));
    // the old administrator is gone at once
    expectError(await acct.client.get('/users/current'), 40001);
    expectError(
      await new Client(server).post('/user/login', { username: acct.username, password: 'Shop@12345' }),
      40011,
    );
    const [account] = await server.deps.db.select().from(accounts).where(eq(accounts.id, acct.accountId));
    expect(account!.adminUserId).toBe(next.id);
    const me = expectOk(await nextClient.get('/users/current'));
    expect(me.user.isSuperAdmin).toBe(true);
    expect(me.permission).toContain('herald.admin.ac.user.changeAdmin');
    const old = expectOk(await nextClient.get(`/v1/users/${acct.adminId}`));
    expect(old).toMatchObject({ status: -1, isSuperAdmin: false });
    expect(expectOk(await nextClient.get('/v1/users?status=-1')).list.map((u: { id: number }) => u.id)).toContain(
      acct.adminId,
    );
    expect((await lastMailTo(server, next.email))?.kind).toBe('changeAdmin');
    expect(await auditLines(server, 'user', 'changeAdmin', next.username)).toHaveLength(1);
  });

  it('is for the super administrator only, towards an enabled user of the same account', async () => {
    const acct = await seedAccount(server);
    const { user: holder, client: holderClient } = await activeUser(server, acct.client, [
      'herald.admin.ac.user.changeAdmin',
    ]);
    const pending = await createUser(acct.client);
    expectError(await holderClient.post('/v1/users/change-admin', { userId: holder.id }), 40003, FORBIDDEN);
    expectError(
      await acct.client.post('/v1/users/change-admin', { userId: pending.id }),
      40009,
      'Only an enabled user can become the super administrator',
    );
    expectError(
      await acct.client.withLang('zh_CN').post('/v1/users/change-admin', { userId: pending.id }),
      40009,
      '只有已启用的用户才能成为超级管理员',
    );
    expectError(
      await acct.client.post('/v1/users/change-admin', { userId: acct.adminId }),
      40003,
      'You cannot do this to your own user',
    );
    expectError(await acct.client.post('/v1/users/change-admin', { userId: B.adminId }), 40004, NOT_FOUND);
    expectError(await op.post('/v1/users/change-admin', { userId: holder.id }), 40003, FORBIDDEN);
    expect(expectOk(await acct.client.get('/users/current')).user.isSuperAdmin).toBe(true);
  });

  it('validates in both languages', async () => {
    await expectInvalid((c) => c.post('/v1/users/change-admin', {}), A.client, 'Please input', '请输入', 'userId');
    await expectInvalid(
      (c) => c.post('/v1/users/change-admin', { userId: -1 }),
      A.client,
      'Must be a positive integer',
      '必须是正整数',
      'userId',
    );
  });
});
