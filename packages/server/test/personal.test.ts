import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { lastMailTo, seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { PNG_1X1, PNG_DATA_URL, pngClaiming } from './fleet';
import { activeUser, auditLines, createUser, expectInvalid, uniqPhone } from './people';

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

const userRow = async (id: number) => (await server.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('access to the personal centre', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/v1/personal/profile'],
    ['PUT', '/v1/personal/profile', { name: 'x' }],
    ['POST', '/v1/personal/email', { email: 'x@example.com', password: 'x' }],
    ['POST', '/v1/personal/message-language', { messageLanguage: 'th' }],
    ['PUT', '/v1/personal/avatar', { image: PNG_DATA_URL }],
    ['DELETE', '/v1/personal/avatar'],
  ];

  it('answers 401 without a token', async () => {
    for (const [method, url, body] of calls) {
      const res = await new Client(server).call(method, url, body);
      expect(res.status, url).toBe(401);
      expectError(res, 40002, 'Token invalid, please log in again');
    }
    expectError(await new Client(server, 'zh_CN').get('/v1/personal/profile'), 40002, '令牌无效，请重新登录');
  });

  it('is open to any signed-in user, even one holding no permission at all', async () => {
    const { client } = await activeUser(server, A.client, []);
    expect(expectOk(await client.get('/users/current')).permission).toEqual([]);
    expectOk(await client.get('/v1/personal/profile'));
    expectOk(await client.put('/v1/personal/profile', { nickname: 'Nobody' }));
    expectOk(await client.post('/v1/personal/message-language', { messageLanguage: 'es' }));
  });

  it('waits for the initial password change like everything else', async () => {
    const u = await activeUser(server, A.client, []);
    expectOk(await A.client.post(`/v1/users/${u.user.id}/reset-password`));
    const mailed = /^ {4}(\S+)$/m.exec((await lastMailTo(server, u.user.email))!.body)![1]!;
    const forced = await new Client(server).login(u.user.username, mailed);
    for (const [method, url, body] of calls) {
      const res = await forced.call(method, url, body);
      expect(res.status, url).toBe(403);
      expectError(res, 40015, 'Please change the initial password first');
    }
  });

  it("only ever touches the caller's own user, whatever ids the body carries", async () => {
    const bUser = await createUser(B.client, { name: 'B untouched' });
    const res = await A.client.put('/v1/personal/profile', { id: bUser.id, userId: bUser.id, name: 'A changed' });
    expect(expectOk(res)).toMatchObject({ id: A.adminId, name: 'A changed' });
    expect((await userRow(bUser.id)).name).toBe('B untouched');
    expect((await userRow(A.adminId)).name).toBe('A changed');
  });
});

describe('avatar', () => {
  const fetchAvatar = (url: string) => server.app.inject({ method: 'GET', url });

  it('is set, shown wherever the user is, replaced under a new URL and removed; logged each time', async () => {
    const { user, client } = await activeUser(server, A.client, []);
    expect(expectOk(await client.get('/v1/personal/profile')).avatarUrl).toBeNull();
    const me = expectOk(await client.put('/v1/personal/avatar', { image: PNG_DATA_URL }));
    expect(me.avatarUrl).toMatch(/^\/v1\/public\/avatars\/[A-Za-z0-9_-]{24}$/);
    const img = await fetchAvatar(me.avatarUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);
    // the header's user, and the user in the administrator's list
    expect(expectOk(await client.get('/users/current')).user.avatarUrl).toBe(me.avatarUrl);
    const listed = expectOk(await A.client.get(`/v1/users?username=${user.username}`)).list[0];
    expect(listed.avatarUrl).toBe(me.avatarUrl);

    const next = expectOk(await client.put('/v1/personal/avatar', { image: PNG_DATA_URL }));
    expect(next.avatarUrl).not.toBe(me.avatarUrl);
    expect((await fetchAvatar(me.avatarUrl)).statusCode).toBe(404);
    expect(expectOk(await client.delete('/v1/personal/avatar')).avatarUrl).toBeNull();
    const gone = await fetchAvatar(next.avatarUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control'] ?? '').not.toContain('immutable');
    // removing again changes and logs nothing
    expectOk(await client.delete('/v1/personal/avatar'));
    const lines = await auditLines(server, 'personal', 'edit', user.username);
    expect(lines.map((l) => l.description).filter((d) => d.includes('avatar'))).toEqual([
      `User ${user.username} changed the avatar`,
      `User ${user.username} changed the avatar`,
      `User ${user.username} removed the avatar`,
    ]);
  });

  it("goes with its user: a deleted user's picture is no longer served", async () => {
    const { user, client } = await activeUser(server, A.client, []);
    const url = expectOk(await client.put('/v1/personal/avatar', { image: PNG_DATA_URL })).avatarUrl;
    expect((await fetchAvatar(url)).statusCode).toBe(200);
    expectOk(await A.client.delete(`/v1/users/${user.id}`));
    expect((await fetchAvatar(url)).statusCode).toBe(404);
  });

  it('refuses what is no PNG or JPG, or more than 2 MB, in both languages, and keeps the old one', async () => {
    const { client } = await activeUser(server, A.client, []);
    const before = expectOk(await client.put('/v1/personal/avatar', { image: PNG_DATA_URL })).avatarUrl;
    const gif = `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}`;
    await expectInvalid(
      (c) => c.put('/v1/personal/avatar', { image: gif }),
      client,
      'Only PNG or JPG images are allowed',
      '仅支持 PNG 或 JPG 格式的图片',
      'image',
    );
    const big = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(2 * 1024 * 1024)]);
    await expectInvalid(
      (c) => c.put('/v1/personal/avatar', { image: `data:image/png;base64,${big.toString('base64')}` }),
      client,
      'The avatar cannot be larger than 2MB',
      '头像大小不能超过 2MB',
      'image',
    );
    // PNG in name only, or one whose header claims a picture no browser should have to decode
    const signatureOnly = Buffer.concat([Buffer.from(PNG_1X1, 'base64').subarray(0, 8), Buffer.from('<html>')]);
    await expectInvalid(
      (c) => c.put('/v1/personal/avatar', { image: `data:image/png;base64,${signatureOnly.toString('base64')}` }),
      client,
      'Only PNG or JPG images are allowed',
      '仅支持 PNG 或 JPG 格式的图片',
      'image',
    );
    const huge = pngClaiming(40_000, 40_000);
    await expectInvalid(
      (c) => c.put('/v1/personal/avatar', { image: `data:image/png;base64,${huge.toString('base64')}` }),
      client,
      'The avatar cannot be wider or taller than 2048 pixels',
      '头像的宽度和高度不能超过 2048 像素',
      'image',
    );
    expectError(await client.put('/v1/personal/avatar', {}), 40010);
    expect(expectOk(await client.get('/v1/personal/profile')).avatarUrl).toBe(before);
    expect((await new Client(server).get('/v1/public/avatars/..%2Fx')).status).toBe(400);
  });
});

describe('GET /v1/personal/profile', () => {
  it("shows an account user's own data with the account and roles", async () => {
    const { user, role, client } = await activeUser(server, A.client, ['herald.app']);
    const me = expectOk(await client.get('/v1/personal/profile'));
    expect(me).toMatchObject({
      id: user.id,
      side: 'ac',
      username: user.username,
      email: user.email,
      isSuperAdmin: false,
      messageLanguage: 'en_US',
      roles: [{ id: role.id, name: role.name }],
    });
    expect(me.account.id).toBe(A.accountId);
    expect(me.lastLoginAt).not.toBeNull();
  });

  it('shows an operator without an account', async () => {
    expect(expectOk(await op.get('/v1/personal/profile'))).toMatchObject({
      username: 'admin',
      side: 'op',
      account: null,
      isSuperAdmin: true,
    });
  });
});

describe('PUT /v1/personal/profile', () => {
  it('edits own name, nickname, phone, gender and birthday; an empty value clears', async () => {
    const { user, client } = await activeUser(server, A.client, []);
    const phone = uniqPhone();
    const edited = expectOk(
      await client.put('/v1/personal/profile', {
        name: 'Me',
        nickname: 'Meme',
        phone,
        gender: 1,
        birthday: '1988-12-31',
      }),
    );
    expect(edited).toMatchObject({ name: 'Me', nickname: 'Meme', phone, gender: 1, birthday: '1988-12-31' });
    const cleared = expectOk(await client.put('/v1/personal/profile', { phone: '', birthday: '' }));
    expect(cleared).toMatchObject({ name: 'Me', phone: null, birthday: null });
    expect(await auditLines(server, 'personal', 'edit', user.username)).toHaveLength(2);
  });

  it('validates in both languages', async () => {
    await expectInvalid(
      (c) => c.put('/v1/personal/profile', { phone: '12-34' }),
      A.client,
      'Incorrect phone format',
      '手机号格式不正确',
      'phone',
    );
    await expectInvalid(
      (c) => c.put('/v1/personal/profile', { gender: 7 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'gender',
    );
    await expectInvalid(
      (c) => c.put('/v1/personal/profile', { birthday: '31/12/1988' }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'birthday',
    );
    await expectInvalid(
      (c) => c.put('/v1/personal/profile', { name: 'x'.repeat(65) }),
      A.client,
      'Too long',
      '长度超出限制',
      'name',
    );
  });

  it('refuses a phone someone else has, in any account', async () => {
    const other = await createUser(B.client, { phone: uniqPhone() });
    expectError(await A.client.put('/v1/personal/profile', { phone: other.phone }), 40009, 'Phone already exists');
    expectError(
      await A.client.withLang('zh_CN').put('/v1/personal/profile', { phone: other.phone }),
      40009,
      '手机号已存在',
    );
  });
});

describe('POST /v1/personal/email', () => {
  it('changes own email with the password and tells the old address', async () => {
    const { user, client, password } = await activeUser(server, A.client, []);
    const email = `new.${user.username}@example.org`;
    expectOk(await client.post('/v1/personal/email', { email, password }));
    expect((await userRow(user.id)).email).toBe(email);
    expect(expectOk(await client.get('/users/current')).user.email).toBe(email);
    const notice = await lastMailTo(server, user.email);
    expect(notice?.kind).toBe('emailChanged');
    expect(notice?.body).toContain(email);
    expect(await auditLines(server, 'personal', 'changeEmail', user.username)).toHaveLength(1);
  });

  it('requires the right password', async () => {
    const { user, client } = await activeUser(server, A.client, []);
    const email = `other.${user.username}@example.org`;
    expectError(await client.post('/v1/personal/email', { email, password: 'Wrong@1234' }), 40010, 'Password mismatch');
    expectError(
      await client.withLang('zh_CN').post('/v1/personal/email', { email, password: 'Wrong@1234' }),
      40010,
      '密码错误',
    );
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('refuses the same email, in any letter case', async () => {
    const { user, client, password } = await activeUser(server, A.client, []);
    await expectInvalid(
      (c) => c.post('/v1/personal/email', { email: user.email.toUpperCase(), password }),
      client,
      'The new email cannot be the same as the original email',
      '新邮箱不能与原邮箱相同',
      'email',
    );
  });

  it('refuses an email another user has', async () => {
    const { client, password } = await activeUser(server, A.client, []);
    expectError(
      await client.post('/v1/personal/email', { email: 'ADMIN@herald.local', password }),
      40009,
      'Email already exists',
    );
    const bUser = await createUser(B.client);
    expectError(
      await client.withLang('zh_CN').post('/v1/personal/email', { email: bUser.email, password }),
      40009,
      '邮箱已存在',
    );
  });

  it('validates in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/personal/email', { email: 'a@example.com' }),
      A.client,
      'Password is required',
      '请输入密码',
      'password',
    );
    await expectInvalid(
      (c) => c.post('/v1/personal/email', { email: 'a@example.com', password: '' }),
      A.client,
      'Password is required',
      '请输入密码',
      'password',
    );
    await expectInvalid(
      (c) => c.post('/v1/personal/email', { email: 'nope', password: 'x' }),
      A.client,
      'Incorrect email format',
      '邮箱格式不正确',
      'email',
    );
    await expectInvalid(
      (c) => c.post('/v1/personal/email', { password: 'x' }),
      A.client,
      'Please input',
      '请输入',
      'email',
    );
  });
});

describe('POST /v1/personal/message-language', () => {
  it('sets the language of in-app messages', async () => {
    const { user, client } = await activeUser(server, A.client, []);
    expectOk(await client.post('/v1/personal/message-language', { messageLanguage: 'th' }));
    expect(expectOk(await client.get('/users/current')).user.messageLanguage).toBe('th');
    expect(expectOk(await client.get('/v1/personal/profile')).messageLanguage).toBe('th');
    expect(
      await auditLines(server, 'personal', 'edit', `${user.username} set the message language to th`),
    ).toHaveLength(1);
  });

  it('validates in both languages', async () => {
    await expectInvalid(
      (c) => c.post('/v1/personal/message-language', { messageLanguage: 'klingon' }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'messageLanguage',
    );
    await expectInvalid(
      (c) => c.post('/v1/personal/message-language', {}),
      A.client,
      'Incorrect format',
      '格式不正确',
      'messageLanguage',
    );
  });
});
