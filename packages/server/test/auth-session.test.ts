import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, refreshTokens, sessions, users } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { resetOperatorPassword } from '../src/modules/auth/recovery';
import { lastMailTo, seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer, type Res } from './harness';
import { about, measureStatements } from './statements';

/**
 * Sign-in, sessions and identity beyond the happy path of auth.test.ts: lock-out, cut-off of
 * disabled users and accounts, refresh-token storage and reuse, codes, activation, and input
 * that must never reach a 500.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
const redirectUri = 'http://localhost:8080/home';
const LOCKED_EN = 'This user is locked after too many wrong passwords; ask an administrator to unlock it';
const LOCKED_ZH = '密码错误次数过多，该用户已被锁定，请联系管理员解锁';

beforeAll(async () => {
  // the lock-out tests below fail more sign-ins from one address (the tests' loopback) than the
  // per-address limit allows; that limit has tests of its own (auth-limits.test.ts)
  server = await startServer({ SIGNIN_LIMIT_PER_ADDRESS: '1000/300' });
  admin = await adminClient(server);
});
afterAll(async () => server?.close());

/** An operator without permissions, signed in; password Staff@12345. */
const operator = () => seedRoleUser(server, { side: 'op', permissions: [] });
const wrong = (c: Client, username: string) => c.post('/user/login', { username, password: 'Wrong@1234' });

describe('lock-out after five consecutive wrong passwords', () => {
  it('locks even the right password out, in both languages, until an administrator unlocks', async () => {
    const u = await operator();
    const c = new Client(server);
    for (let i = 0; i < 4; i++) expectError(await wrong(c, u.username), 40011, 'Incorrect username or password');
    const fifth = await wrong(c, u.username);
    expect(fifth.status).toBe(423);
    expectError(fifth, 40012, LOCKED_EN);
    expectError(await c.post('/user/login', { username: u.username, password: 'Staff@12345' }), 40012, LOCKED_EN);
    expectError(
      await new Client(server, 'zh_CN').post('/user/login', { username: u.username, password: 'Staff@12345' }),
      40012,
      LOCKED_ZH,
    );
    expectError(
      await c.post('/oauth/authorize', { username: u.username, password: 'Staff@12345', redirectUri }),
      40012,
    );
    // the lock is about passwords: the session the owner already had keeps working and refreshing,
    // so five wrong guesses by someone else do not sign the owner out
    expectOk(await u.client.get('/users/current'));
    expectOk(await u.client.post('/oauth/refresh_token/', { refresh_token: u.client.refreshToken }));

    expectOk(await admin.post(`/v1/users/${u.userId}/unlock`));
    await new Client(server).login(u.username, 'Staff@12345');
  });

  it('counts wrong passwords of the console sign-in (authorize) and of direct login together', async () => {
    const u = await operator();
    const c = new Client(server);
    for (let i = 0; i < 2; i++) expectError(await wrong(c, u.username), 40011);
    for (let i = 0; i < 2; i++)
      expectError(
        await c.post('/oauth/authorize', { username: u.username, password: 'Nope@1234', redirectUri }),
        40011,
      );
    expectError(await wrong(c, ` ${u.username.toUpperCase()} `), 40012);
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toMatchObject({ locked: true, failedLogins: 5 });
  });

  it('a successful sign-in resets the count', async () => {
    const u = await operator();
    const c = new Client(server);
    for (let i = 0; i < 4; i++) expectError(await wrong(c, u.username), 40011);
    await c.login(u.username, 'Staff@12345');
    for (let i = 0; i < 4; i++) expectError(await wrong(c, u.username), 40011);
    await c.login(u.username, 'Staff@12345');
  });

  it('an unknown username is just a wrong password (no hint that it does not exist)', async () => {
    const res = await new Client(server).post('/user/login', { username: 'nobody-here', password: 'Wrong@1234' });
    expect(res.status).toBe(400);
    expectError(res, 40011, 'Incorrect username or password');
    expectError(
      await new Client(server, 'zh_CN').post('/user/login', { username: 'nobody-here', password: 'x' }),
      40011,
      '用户名或密码错误',
    );
  });
});

describe('recovery of an operator nobody can unlock', () => {
  it("npm run reset-admin's reset: unlocked, a new password to change, every session signed out", async () => {
    const u = await operator();
    for (let i = 0; i < 5; i++) await wrong(new Client(server), u.username);
    expectError(await new Client(server).post('/user/login', { username: u.username, password: 'Staff@12345' }), 40012);
    const password = await resetOperatorPassword(server.deps.db, u.username);
    expect(password).toBeTruthy();
    expectError(await u.client.get('/users/current'), 40001);
    const fresh = await new Client(server).login(u.username, password!);
    expect(expectOk(await fresh.get('/users/current')).modifyInitPwd).toBe(true);
    expect(await resetOperatorPassword(server.deps.db, 'nobody-here')).toBeUndefined();
    // only operators: an account's users are unlocked inside their account
    const shop = await seedAccount(server);
    expect(await resetOperatorPassword(server.deps.db, shop.username)).toBeUndefined();
  });
});

const verify = (c: Client, password: string) => c.post('/v1/common/verifyPassword', { password });

describe('POST /v1/common/verifyPassword', () => {
  it("checks the caller's own password, in both languages", async () => {
    const u = await operator();
    expect(expectOk(await verify(u.client, 'Staff@12345'))).toBe(true);
    const bad = await verify(u.client, 'Other@12345');
    expect(bad.status).toBe(400);
    expectError(bad, 40010, 'Password mismatch');
    expect(bad.body.data.errors[0].field).toBe('password');
    expectError(await verify(u.client.withLang('zh_CN'), 'x'), 40010, '密码错误');
    expectError(await u.client.post('/v1/common/verifyPassword', {}), 40010, 'Password is required');
    expectError(await verify(u.client.withLang('zh_CN'), ''), 40010, '请输入密码');
    expectError(await verify(new Client(server), 'Staff@12345'), 40002);
  });

  it('takes the password in the body only: the GET with it in the URL is gone', async () => {
    const u = await operator();
    const res = await u.client.get('/v1/common/verifyPassword?password=Staff%4012345');
    expect(res.status).toBe(404);
    expectError(res, 40004);
  });

  it('wrong answers count towards the lock-out, so a borrowed token cannot guess the password', async () => {
    const u = await operator();
    for (let i = 0; i < 4; i++) expectError(await verify(u.client, 'Guess@1234'), 40010);
    expectError(await verify(u.client, 'Guess@1234'), 40012, LOCKED_EN);
    expectError(await verify(u.client, 'Staff@12345'), 40012);
    expectError(await new Client(server).post('/user/login', { username: u.username, password: 'Staff@12345' }), 40012);
  });

  it('a right answer resets the count', async () => {
    const u = await operator();
    for (let i = 0; i < 4; i++) expectError(await verify(u.client, 'Guess@1234'), 40010);
    expectOk(await verify(u.client, 'Staff@12345'));
    for (let i = 0; i < 4; i++) expectError(await wrong(new Client(server), u.username), 40011);
    await new Client(server).login(u.username, 'Staff@12345');
  });
});

describe('disabled users and accounts are cut off at once', () => {
  it('the caller is read from the database on every request, by a statement planned once', async () => {
    const u = await operator();
    const seen = await measureStatements(server.deps.db, async () => expectOk(await u.client.get('/users/current')));
    expect(seen.statements).toBeGreaterThan(0);
    // the session, user, account and roles of every signed-in request: a named (prepared) statement
    expect(about(seen.texts, 'as user_id')).toHaveLength(1);
    expect(about(seen.unnamed, 'as user_id')).toEqual([]);
  });

  it('a disabled user: access and refresh tokens stop, sign-in and pending codes are refused', async () => {
    const u = await operator();
    const pending = expectOk(
      await new Client(server).post('/oauth/authorize', { username: u.username, password: 'Staff@12345', redirectUri }),
    );
    expectOk(await admin.post(`/v1/users/${u.userId}/status`, { status: 1 }));
    const cut = await u.client.get('/users/current');
    expect(cut.status).toBe(401);
    expectError(cut, 40001, 'Login timeout, please log in again');
    expectError(await u.client.withLang('zh_CN').get('/users/current'), 40001, '登录超时，请重新登录');
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: u.client.refreshToken }), 40001);
    expectError(
      await new Client(server, 'zh_CN').post('/user/login', { username: u.username, password: 'Staff@12345' }),
      40013,
      '该用户已被禁用',
    );
    expectError(
      await new Client(server).post('/oauth/token/', {
        grant_type: 'authorization_code',
        code: pending.code,
        redirect_uri: redirectUri,
      }),
      40013,
      'This user is disabled',
    );
  });

  it("a disabled account: its users' access and refresh tokens stop and they cannot sign in", async () => {
    const shop = await seedAccount(server);
    const staff = await seedRoleUser(server, { side: 'ac', accountId: shop.accountId, permissions: [] });
    expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 0 }));
    for (const c of [shop.client, staff.client]) {
      expectError(await c.get('/users/current'), 40001);
      expectError(await verify(c, 'Shop@12345'), 40001);
      expectError(await c.post('/oauth/token/', { grant_type: 'refresh_token', refresh_token: c.refreshToken }), 40001);
    }
    expectError(
      await new Client(server).post('/oauth/authorize', {
        username: staff.username,
        password: 'Staff@12345',
        redirectUri,
      }),
      40014,
      'This account is disabled',
    );
  });
});

describe('tokens', () => {
  it('access tokens are short-lived HS256 JWTs; refresh tokens are opaque and stored only as hashes', async () => {
    const c = await new Client(server).login('admin', 'Admin@67890');
    expect(decodeProtectedHeader(c.token!).alg).toBe('HS256');
    const claims = decodeJwt(c.token!);
    expect(claims.exp! - claims.iat!).toBe(server.deps.config.accessTokenTtlSec);
    expect(claims).not.toHaveProperty('permissions');
    expect(c.refreshToken).not.toMatch(/^ey/);
    const byRaw = await server.deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, c.refreshToken!));
    expect(byRaw).toHaveLength(0);
    const byHash = await server.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(c.refreshToken!)));
    expect(byHash).toHaveLength(1);
  });

  it('passwords are stored as argon2id hashes', async () => {
    const rows = await server.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.username, 'admin'));
    expect(rows[0]!.h).toMatch(/^\$argon2id\$/);
  });

  it('an expired access token is a login timeout; an expired refresh token cannot be used', async () => {
    const u = await operator();
    const claims = decodeJwt(u.client.token!);
    const stale = new Client(server);
    stale.token = await server.deps.jwt.sign({ sub: claims.sub!, sid: claims.sid as string }, -60);
    const res = await stale.get('/users/current');
    expect(res.status).toBe(401);
    expectError(res, 40001, 'Login timeout, please log in again');
    await server.deps.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(u.client.refreshToken!)));
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: u.client.refreshToken }), 40001);
  });

  const sessionOf = async (u: { client: Client }) => {
    const sid = decodeJwt(u.client.token!).sid as string;
    return (await server.deps.db.select().from(sessions).where(eq(sessions.id, sid)))[0]!;
  };

  /** The session's refresh tokens that may still be used: never used and not superseded. */
  const liveTokens = async (sessionId: string) =>
    (
      await server.deps.db
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(
          and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt), isNull(refreshTokens.supersededAt)),
        )
    ).map((r) => r.hash);

  const refreshWith = (u: { client: Client }, token: unknown) =>
    u.client.post('/oauth/refresh_token/', { refresh_token: token });

  it('a refresh whose answer was lost may be sent again: a new pair, the session kept', async () => {
    const u = await operator();
    const sid = (await sessionOf(u)).id;
    const lost = expectOk(await refreshWith(u, u.client.refreshToken));
    // the console reloaded before the answer arrived: it still holds the token it sent
    const renewed = expectOk(await refreshWith(u, u.client.refreshToken));
    expect(renewed.refresh_token).not.toBe(lost.refresh_token);
    expect(renewed.access_token).not.toBe(lost.access_token);
    const live = new Client(server);
    live.token = renewed.access_token as string;
    expectOk(await live.get('/users/current'));
    expect((await sessionOf(u)).revokedAt).toBeNull();
    // one pair is live: the renewed one, and it goes on rotating
    expect(await liveTokens(sid)).toEqual([sha256(renewed.refresh_token as string)]);
    expectOk(await refreshWith(u, renewed.refresh_token));
    expect((await sessionOf(u)).revokedAt).toBeNull();
  });

  it("a thief who replays a just-used token within the leeway is found out at the owner's next refresh", async () => {
    const u = await operator();
    const first = u.client.refreshToken!;
    const owners = expectOk(await refreshWith(u, first));
    const thiefs = expectOk(await refreshWith(u, first));
    const thief = new Client(server);
    thief.token = thiefs.access_token as string;
    expectOk(await thief.get('/users/current'));
    // the owner's pair was superseded: presenting it is reuse, and the whole session ends
    expectError(await refreshWith(u, owners.refresh_token), 40001);
    const session = await sessionOf(u);
    expect(session.revokeReason).toBe('refresh_token_reuse');
    expectError(await thief.get('/users/current'), 40001);
    expectError(await refreshWith(u, thiefs.refresh_token), 40001);
  });

  it('a used token gets a second pair once only: the third presentation revokes the family', async () => {
    const u = await operator();
    const first = u.client.refreshToken!;
    expectOk(await refreshWith(u, first));
    const second = expectOk(await refreshWith(u, first));
    expectError(await refreshWith(u, first), 40001);
    expect((await sessionOf(u)).revokeReason).toBe('refresh_token_reuse');
    expectError(await refreshWith(u, second.refresh_token), 40001);
  });

  it('a refresh token presented twice at the same moment leaves one live pair', async () => {
    const u = await operator();
    const sid = (await sessionOf(u)).id;
    const results: Res[] = await Promise.all([
      refreshWith(u, u.client.refreshToken),
      refreshWith(u, u.client.refreshToken),
    ]);
    expect(results.map((r) => r.body.code)).toEqual([20000, 20000]);
    expect((await sessionOf(u)).revokedAt).toBeNull();
    const issued = results.map((r) => sha256(r.body.data.refresh_token as string));
    const live = await liveTokens(sid);
    expect(live).toHaveLength(1);
    expect(issued).toContain(live[0]);
  });

  it('with REFRESH_REUSE_LEEWAY=0 a used token presented again revokes the family at once', async () => {
    const u = await operator();
    const leeway = server.deps.config.refreshReuseLeewaySec;
    server.deps.config.refreshReuseLeewaySec = 0;
    try {
      const pair = expectOk(await refreshWith(u, u.client.refreshToken));
      expectError(await refreshWith(u, u.client.refreshToken), 40001);
      expect((await sessionOf(u)).revokeReason).toBe('refresh_token_reuse');
      expectError(await refreshWith(u, pair.refresh_token), 40001);
    } finally {
      server.deps.config.refreshReuseLeewaySec = leeway;
    }
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can show two refreshes meeting
  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, two refreshes of one session wait for each other on its row lock',
    async () => {
      const u = await operator();
      const sid = (await sessionOf(u)).id;
      let results: Res[] = [];
      await server.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from sessions where id = ${sid} for update`);
        const both = Promise.all([refreshWith(u, u.client.refreshToken), refreshWith(u, u.client.refreshToken)]);
        // both wait behind this transaction: with the refresh's own lock on the session, both at it;
        // without it, at the rows they write (the codes below then show the second refused)
        await expect
          .poll(
            async () =>
              (
                await server.deps.db.execute<{ n: number }>(
                  sql`select count(*)::int as n from pg_stat_activity
                      where datname = current_database() and wait_event_type = 'Lock'`,
                )
              ).rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(2);
        void both.then((r) => (results = r));
      });
      await expect.poll(() => results.length).toBe(2);
      expect(results.map((r) => r.body.code)).toEqual([20000, 20000]);
      expect(await liveTokens(sid)).toHaveLength(1);
      expect((await sessionOf(u)).revokedAt).toBeNull();
    },
  );

  it('a used refresh token presented after the leeway revokes the family', async () => {
    const u = await operator();
    const first = u.client.refreshToken!;
    const pair = expectOk(await u.client.post('/oauth/refresh_token/', { refresh_token: first }));
    await server.deps.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (server.deps.config.refreshReuseLeewaySec + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(first)));
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: first }), 40001);
    const session = await sessionOf(u);
    expect(session.revokedAt).not.toBeNull();
    expect(session.revokeReason).toBe('refresh_token_reuse');
    expectError(await u.client.get('/users/current'), 40001);
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: pair.refresh_token }), 40001);
  });

  it('a used refresh token whose pair was used since revokes the family, even within the leeway', async () => {
    const u = await operator();
    const first = u.client.refreshToken!;
    const pair = expectOk(await u.client.post('/oauth/refresh_token/', { refresh_token: first }));
    const next = expectOk(await u.client.post('/oauth/refresh_token/', { refresh_token: pair.refresh_token }));
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: first }), 40001);
    expect((await sessionOf(u)).revokeReason).toBe('refresh_token_reuse');
    expectError(await u.client.post('/oauth/refresh_token/', { refresh_token: next.refresh_token }), 40001);
  });

  it('logout answers in both languages and is itself refused without a token', async () => {
    const u = await operator();
    const out = await u.client.withLang('zh_CN').get('/oauth/logout');
    expect(out.body).toMatchObject({ code: 20000, message: '成功' });
    const again = await u.client.get('/oauth/logout');
    expect(again.status).toBe(401);
    expectError(again, 40001);
    expectError(await new Client(server).get('/oauth/logout'), 40002);
  });
});

describe('authorisation codes', () => {
  const authorize = async (username = 'admin', password = 'Admin@67890') =>
    expectOk(await new Client(server).post('/oauth/authorize', { username, password, redirectUri, state: 's1' }));

  it('echoes the state, stores only a hash of the code, and refuses it after a minute', async () => {
    const { code, state } = await authorize();
    expect(state).toBe('s1');
    expect(await server.deps.db.select().from(authCodes).where(eq(authCodes.codeHash, code))).toHaveLength(0);
    await server.deps.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authCodes.codeHash, sha256(code)));
    const body = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
    expectError(await new Client(server).post('/oauth/token/', body), 40016, 'failed to get authorisation');
    expectError(await new Client(server, 'zh_CN').post('/oauth/token/', body), 40016, '获取授权失败');
  });

  it('accepts the form-encoded token request OAuth clients send', async () => {
    const { code } = await authorize();
    const res = await server.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
    });
    expect(res.json().code, res.body).toBe(20000);
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/oauth/refresh_token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `refresh_token=${encodeURIComponent(res.json().data.refresh_token)}`,
    });
    expect(refresh.json().data.expires_in).toBe(3600);
  });

  it('validates the token requests with the spec messages in both languages', async () => {
    const c = new Client(server);
    const missing = await c.post('/oauth/token/', { grant_type: 'refresh_token' });
    expect(missing.status).toBe(400);
    expectError(missing, 40010, 'Please input');
    expect(missing.body.data.errors[0].field).toBe('refresh_token');
    expectError(
      await new Client(server, 'zh_CN').post('/oauth/token/', { grant_type: 'authorization_code', code: 'x' }),
      40010,
      '请输入',
    );
    expectError(await c.post('/oauth/token/', { grant_type: 'password' }), 40010, 'Incorrect format');
    expectError(await c.post('/oauth/refresh_token/', {}), 40010, 'Please input');
    expectError(await c.post('/oauth/refresh_token/', { refresh_token: 'x'.repeat(300) }), 40010, 'Too long');
    expectError(
      await c.post('/oauth/authorize', { username: 'admin', password: 'x', redirectUri: 'javascript:alert(1)' }),
      40010,
      'Incorrect format',
    );
    expectError(
      await new Client(server, 'zh_CN').post('/oauth/authorize', { username: 'admin', password: 'x' }),
      40010,
      '请输入',
    );
  });
});

describe('GET /users/current for an account user', () => {
  it('returns the user, the account, the role strings and exactly the granted permissions', async () => {
    const shop = await seedAccount(server);
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: shop.accountId,
      permissions: ['herald.oper.log', 'herald.oper.log.query', 'herald.op.account'],
    });
    const me = expectOk(await staff.client.get('/users/current'));
    expect(me.user).toMatchObject({ id: staff.userId, username: staff.username, isSuperAdmin: false });
    expect(me.account).toMatchObject({ id: shop.accountId });
    expect(me.roles[0]).toBe('herald.ac');
    expect(me.roles).toHaveLength(2);
    expect(me.selectedRole).toBe('herald.ac');
    // an operator permission in an account role is never granted
    expect(me.permission).toEqual(['herald.oper.log', 'herald.oper.log.query']);
    expect(me.modifyInitPwd).toBe(false);
    expect(me.user).not.toHaveProperty('passwordHash');
  });
});

describe('POST /users/active/user', () => {
  it('activates a user from the mailed link without a token; the link then stops working', async () => {
    const email = `act${Date.now()}@example.com`;
    const acc = expectOk(
      await admin.post('/v1/accounts', {
        name: `Act ${Date.now()}`,
        country: 'CN',
        timeZone: 'Asia/Shanghai',
        industry: '01',
        subjectType: 'personal',
        subjectName: 'Act',
        adminEmail: email,
      }),
    );
    const mail = await lastMailTo(server, email);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const post = (body: object, lang = 'en_US') => new Client(server, lang).post('/users/active/user', body);

    expectError(
      await post({ token, password: 'Ab1', confirmPassword: 'Ab1' }),
      40010,
      'Minimum password length is 8 characters',
    );
    expectError(
      await post({ token, password: 'Abcdefgh1', confirmPassword: 'Abcdefgh2' }, 'zh_CN'),
      40010,
      '两次输入的密码不一致',
    );
    expectError(await post({ password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' }), 40010, 'Please input');
    expectError(
      await post({ token: 'forged', password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' }),
      40010,
      'Activation failed',
    );

    expect(expectOk(await new Client(server).get(`/users/active/info?token=${token}`)).purpose).toBe('activate');
    expectOk(await post({ token, password: 'Active@123', confirmPassword: 'Active@123' }));
    const signedIn = await new Client(server).login(await adminName(acc.id), 'Active@123');
    const me = expectOk(await signedIn.get('/users/current'));
    expect(me.account.id).toBe(acc.id);
    expectError(
      await post({ token, password: 'Again@1234', confirmPassword: 'Again@1234' }, 'zh_CN'),
      40010,
      '激活失败',
    );
  });
});

async function adminName(accountId: number): Promise<string> {
  const [row] = await server.deps.db.select().from(users).where(eq(users.accountId, accountId));
  return row!.username;
}

describe('hostile input never gives a 500', () => {
  it('answers malformed, oversized and odd requests to the sign-in endpoints with envelopes, never a 500', async () => {
    const u = await operator();
    const json = { 'content-type': 'application/json' };
    const cases: { url: string; method?: 'GET' | 'POST'; payload?: string; headers?: Record<string, string> }[] = [
      { url: '/user/login', payload: 'null', headers: json },
      { url: '/user/login', payload: '[1,2]', headers: json },
      { url: '/user/login', payload: '{"__proto__":{"admin":true},"username":"a","password":"b"}', headers: json },
      { url: '/user/login', payload: '{"username":"admin\\u0000","password":"x"}', headers: json },
      { url: '/user/login', payload: '{"username":', headers: json },
      { url: '/user/login', payload: JSON.stringify({ username: 'a'.repeat(100_000), password: 'b' }), headers: json },
      {
        url: '/user/login',
        payload: JSON.stringify({ username: 'a', password: 'b', pad: 'x'.repeat(1_100_000) }),
        headers: json,
      },
      { url: '/user/login', payload: 'username=admin&password=x', headers: { 'content-type': 'text/plain' } },
      {
        url: '/oauth/authorize',
        payload: JSON.stringify({ username: 'admin', password: 'x', redirectUri: 'http://localhost:8080/\u0000' }),
        headers: json,
      },
      {
        url: '/oauth/authorize',
        payload: JSON.stringify({ username: ['admin'], password: { a: 1 }, redirectUri: 5 }),
        headers: json,
      },
      {
        url: '/oauth/token/',
        payload: 'grant_type=refresh_token&refresh_token=%00',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        url: '/oauth/token/',
        payload: 'grant_type=%E0%A4%A&code=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        url: '/oauth/token/',
        payload: JSON.stringify({ grant_type: 'authorization_code', code: 'c', redirect_uri: 'r\u0000' }),
        headers: json,
      },
      { url: '/oauth/refresh_token/', payload: JSON.stringify({ refresh_token: { $gt: '' } }), headers: json },
      {
        url: '/users/active/user',
        payload: JSON.stringify({ token: 'x\u0000', password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' }),
        headers: json,
      },
      { url: '/users/active/info?token=%00', method: 'GET' },
      { url: '/users/active/info?token=%E0%A4%A', method: 'GET' },
      { url: '/users/current', method: 'GET', headers: { authorization: `Bearer ${'a'.repeat(8000)}` } },
      {
        url: '/users/current',
        method: 'GET',
        headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.' },
      },
      { url: '/users/current?lang[]=zh_CN', method: 'GET', headers: { authorization: `Bearer ${u.client.token}` } },
      {
        url: '/v1/common/verifyPassword',
        payload: JSON.stringify({ password: 'a\u0000b' }),
        headers: { ...json, authorization: `Bearer ${u.client.token}` },
      },
      {
        url: `/v1/common/accountUserListQuery?accountId=${'9'.repeat(30)}`,
        method: 'GET',
        headers: { authorization: `Bearer ${admin.token}` },
      },
      {
        url: '/v1/common/accountUserListQuery?accountId=1&accountId=2',
        method: 'GET',
        headers: { authorization: `Bearer ${admin.token}` },
      },
    ];
    for (const k of cases) {
      const res = await server.app.inject({
        method: k.method ?? 'POST',
        url: k.url,
        payload: k.payload,
        headers: k.headers,
      });
      const label = `${k.url} ${k.payload?.slice(0, 80) ?? ''}`;
      expect(res.statusCode, label).toBeLessThan(500);
      const body = res.json();
      expect(body.code, label).not.toBe(50000);
      expect(typeof body.message, label).toBe('string');
    }
    // the odd calls changed nothing: the operator's session is intact
    expectOk(await u.client.get('/users/current'));
  });
});
