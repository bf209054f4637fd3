import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { seedRoleUser } from './fixtures';
import { ADMIN_PASSWORD, adminClient, Client, expectError, expectOk, startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

describe('sign-in', () => {
  it('direct login trims the username and returns a token that must change the initial password first', async () => {
    const c = new Client(server);
    const res = await c.post('/user/login', { username: '  admin ', password: ADMIN_PASSWORD });
    const data = expectOk(res);
    expect(data.authInfo).toMatch(/^ey/);
    expect(data.modifyInitPwd).toBe(true);
    c.token = data.authInfo;
    const me = expectOk(await c.get('/users/current'));
    expect(me.modifyInitPwd).toBe(true);
    expect(me.selectedRole).toBe('herald.op');
    expect(me.permission).toContain('herald.op.account');
    // everything else waits for the password change
    const blocked = await c.post('/v1/common/verifyPassword', { password: 'x' });
    expect(blocked.status).toBe(403);
    expectError(blocked, 40015, 'Please change the initial password first');
  });

  it('validates the login body with the spec messages in both languages', async () => {
    const en = await new Client(server).post('/user/login', { username: 'admin' });
    expect(en.status).toBe(400);
    expectError(en, 40010, 'Password is required');
    expect(en.body.data.errors[0].field).toBe('password');
    const zh = await new Client(server, 'zh_CN').post('/user/login', { username: '', password: 'x' });
    expectError(zh, 40010, '请输入');
  });

  it('rejects malformed JSON without a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40010);
  });

  it('answers 401 with 40002 without a token and with a forged one', async () => {
    const none = await new Client(server).get('/users/current');
    expect(none.status).toBe(401);
    expectError(none, 40002, 'Token invalid, please log in again');
    const forged = new Client(server);
    forged.token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoieCJ9.AAAA';
    expectError(await forged.get('/users/current'), 40002);
  });
});

describe('authorisation-code flow and refresh tokens', () => {
  const redirectUri = 'http://localhost:8080/home';

  it('issues a one-time code bound to the redirect address', async () => {
    await adminClient(server);
    const c = new Client(server);
    const { code } = expectOk(
      await c.post('/oauth/authorize', { username: 'admin', password: 'Admin@67890', redirectUri }),
    );
    // a different redirect address does not get the token, and the code is then spent
    expectError(
      await c.post('/oauth/token/', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://localhost:8080/x',
      }),
      40016,
    );
    expectError(
      await c.post('/oauth/token/', { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      40016,
    );

    const again = expectOk(
      await c.post('/oauth/authorize', { username: 'admin', password: 'Admin@67890', redirectUri }),
    );
    const tok = expectOk(
      await c.post('/oauth/token/', { grant_type: 'authorization_code', code: again.code, redirect_uri: redirectUri }),
    );
    expect(tok.token_type).toBe('Bearer');
    expect(tok.expires_in).toBe(3600);
    c.token = tok.access_token;
    expect(expectOk(await c.get('/users/current')).user.username).toBe('admin');
  });

  it('refuses redirect addresses of other origins', async () => {
    const res = await new Client(server).post('/oauth/authorize', {
      username: 'admin',
      password: 'Admin@67890',
      redirectUri: 'https://evil.example/steal',
    });
    expectError(res, 40010);
  });

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const c = await new Client(server).login('admin', 'Admin@67890');
    const first = c.refreshToken!;
    const r1 = expectOk(await c.post('/oauth/refresh_token/', { refresh_token: first }));
    expect(r1.refresh_token).not.toBe(first);
    // even within the same second, the new access token is a new token
    expect(r1.access_token).not.toBe(c.token);
    const r2 = expectOk(
      await c.post('/oauth/token/', { grant_type: 'refresh_token', refresh_token: r1.refresh_token }),
    );
    c.token = r2.access_token;
    expectOk(await c.get('/users/current'));
    // the stolen first token is replayed: the whole session dies
    expectError(await c.post('/oauth/refresh_token/', { refresh_token: first }), 40001);
    const after = await c.get('/users/current');
    expect(after.status).toBe(401);
    expectError(after, 40001, 'Login timeout, please log in again');
    expectError(await c.post('/oauth/refresh_token/', { refresh_token: r2.refresh_token }), 40001);
  });

  it('logout revokes the session at once', async () => {
    const c = await new Client(server).login('admin', 'Admin@67890');
    expectOk(await c.get('/oauth/logout'));
    expectError(await c.get('/users/current'), 40001);
    expectError(await c.post('/oauth/refresh_token/', { refresh_token: c.refreshToken }), 40001);
  });

  it('answers liveness and server time without a token', async () => {
    expect(expectOk(await new Client(server).get('/oauth/alive')).alive).toBe(true);
    const t = expectOk(await new Client(server).get('/v1/common/serverDateTime'));
    expect(Math.abs(t.timestamp - Date.now())).toBeLessThan(60_000);
  });
});

// lock-out, cut-off of disabled users and accounts, and hostile input: auth-session.test.ts (one shared server)

describe('password change', () => {
  it('requires the old password and the spec password rules', async () => {
    const c = await new Client(server).login('admin', 'Admin@67890');
    expectError(
      await c.post('/users/current/password', {
        oldPassword: 'nope',
        newPassword: 'Abc@12345',
        confirmPassword: 'Abc@12345',
      }),
      40010,
      'The original password is incorrect',
    );
    expectError(
      await c.post('/users/current/password', {
        oldPassword: 'Admin@67890',
        newPassword: 'short1',
        confirmPassword: 'short1',
      }),
      40010,
      'Minimum password length is 8 characters',
    );
    expectError(
      await c.post('/users/current/password', {
        oldPassword: 'Admin@67890',
        newPassword: 'abcdefghijklmnopq1',
        confirmPassword: 'abcdefghijklmnopq1',
      }),
      40010,
      'Maximum password length is 16 characters',
    );
    expectError(
      await c.post('/users/current/password', {
        oldPassword: 'Admin@67890',
        newPassword: 'Abc@12345',
        confirmPassword: 'Abc@12346',
      }),
      40010,
      'Passwords entered do not match',
    );
    expectError(
      await c.withLang('zh_CN').post('/users/current/password', {
        oldPassword: 'Admin@67890',
        newPassword: 'abcdefghij',
        confirmPassword: 'abcdefghij',
      }),
      40010,
      '至少包含字母、数字、特殊字符 ~!@#$%*&_ 中的两种',
    );
  });
});

describe("passwords at production's cost", () => {
  // the suite hashes at argon2id's floor (HERALD_TEST_PASSWORD_COST in vitest.config.ts, lib/crypto.ts):
  // here, on each database, a server hashes and checks a password at production's cost
  it('hashes a changed password at production cost and signs in with it', async () => {
    const user = await seedRoleUser(server, { side: 'op', permissions: [] });
    const stored = async () =>
      (await server.deps.db.select().from(users).where(eq(users.id, user.userId)))[0]!.passwordHash;
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    const testCost = process.env.HERALD_TEST_PASSWORD_COST;
    delete process.env.HERALD_TEST_PASSWORD_COST;
    try {
      const password = 'Staff@67890';
      expectOk(
        await user.client.post('/users/current/password', {
          oldPassword: 'Staff@12345',
          newPassword: password,
          confirmPassword: password,
        }),
      );
      expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const me = expectOk(await (await new Client(server).login(user.username, password)).get('/users/current'));
      expect(me.user.username).toBe(user.username);
      const wrong = await new Client(server).post('/user/login', { username: user.username, password: 'Staff@12345' });
      expect(wrong.body.code).not.toBe(20000);
    } finally {
      if (testCost !== undefined) process.env.HERALD_TEST_PASSWORD_COST = testCost;
    }
  });
});
