import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { lastMailTo, seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startPeer, startServer, type Res } from './harness';

/**
 * Failed attempts at sign-in secrets are limited per client address and per username, across
 * servers (modules/auth/attempts.ts): a refusal is 40029 with Retry-After, and is logged.
 * Defaults (config.ts): 20 failed sign-ins per address per 5 minutes, 10 per username per 15
 * minutes; token failures are set to 5 per address here to keep the test short.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
const TOKEN_LIMIT = 5;
const redirectUri = 'http://localhost:8080/home';
let nextAddress = 0;
/** A client address of its own (the tests' requests come through a loopback proxy, which is believed). */
const address = () => ({ 'x-forwarded-for': `198.51.100.${++nextAddress}` });

beforeAll(async () => {
  server = await startServer({ TOKEN_LIMIT_PER_ADDRESS: `${TOKEN_LIMIT}/60` });
  admin = await adminClient(server);
});
afterAll(async () => server?.close());

const signIn = (from: Record<string, string>, username: string, password = 'Wrong@1234', on: Server = server) =>
  new Client(on).call('POST', '/user/login', { username, password }, from);

/** The answer as the client sees it, Retry-After included. */
async function raw(method: 'GET' | 'POST', url: string, payload: object | undefined, from: Record<string, string>) {
  const res = await server.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}lang=en_US`,
    payload,
    headers: from,
  });
  return { status: res.statusCode, body: res.json(), retryAfter: Number(res.headers['retry-after']) };
}

const logLines = async (module: string, type: string) =>
  expectOk(await admin.get(`/v1/oper-logs?module=${module}&type=${type}&pageSize=100`)).list as {
    description: string;
    ip: string;
    username: string;
    accountId: number | null;
  }[];

const codes = (rs: Res[]) => rs.map((r) => r.body.code as number).sort();

describe('failed sign-ins per client address', () => {
  it('40 wrong passwords for 20 usernames sent at once from one address: 20 are checked, 20 refused', async () => {
    const from = address();
    const names = Array.from({ length: 20 }, (_, i) => `nobody${nextAddress}x${i}`);
    const answers = await Promise.all([...names, ...names].map((n) => signIn(from, n)));
    expect(codes(answers)).toEqual([...Array(20).fill(40011), ...Array(20).fill(40029)]);
  });

  it('refuses even the right password from that address, says when to come back, logs it; other addresses go on', async () => {
    const from = address();
    const u = await seedRoleUser(server, { side: 'op', permissions: [] });
    for (let i = 0; i < 20; i++) expectError(await signIn(from, `ghost${i}`), 40011);
    const res = await raw('POST', '/user/login', { username: u.username, password: 'Staff@12345' }, from);
    expect([res.status, res.body.code, res.body.message]).toEqual([
      429,
      40029,
      'Too many failed attempts, please try again later',
    ]);
    expect(res.retryAfter).toBeGreaterThan(250);
    expect(res.retryAfter).toBeLessThanOrEqual(300);
    // the console's sign-in is the same door
    const console = await raw(
      'POST',
      '/oauth/authorize',
      { username: u.username, password: 'Staff@12345', redirectUri },
      from,
    );
    expect([console.status, console.body.code]).toEqual([429, 40029]);
    expectOk(await signIn(address(), u.username, 'Staff@12345'));
    const lines = (await logLines('auth', 'login')).filter((l) => l.ip === from['x-forwarded-for']);
    expect(lines.map((l) => l.description)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Sign-in as ${u.username} from ${from['x-forwarded-for']} refused: too many failed attempts \\(again in \\d+ s\\)$`,
        ),
      ),
    );
    const zh = expectOk(await admin.withLang('zh_CN').get('/v1/oper-logs?module=auth&type=login&pageSize=10')).list;
    expect(zh.map((l: { description: string }) => l.description)).toContainEqual(
      `来自 ${from['x-forwarded-for']} 以 ${u.username} 登录被拒绝：失败次数过多（${res.retryAfter} 秒后可重试）`,
    );
  });

  it('counts failures only: a right password gives its count back, so the owner at a busy address is not locked out by success', async () => {
    const from = address();
    const u = await seedRoleUser(server, { side: 'op', permissions: [] });
    for (let i = 0; i < 19; i++) expectError(await signIn(from, `typo${i}`), 40011);
    for (let i = 0; i < 30; i++) expectOk(await signIn(from, u.username, 'Staff@12345'));
    expectError(await signIn(from, 'typo-last'), 40011);
    expectError(await signIn(from, 'typo-over'), 40029);
  });
});

describe('failed sign-ins per username', () => {
  it('an unknown name tried from many addresses: 10 failures, then refused from any address', async () => {
    const name = `sprayed${Date.now()}`;
    for (let i = 0; i < 10; i++) expectError(await signIn(address(), name), 40011);
    const res = await raw('POST', '/user/login', { username: name.toUpperCase(), password: 'Wrong@1234' }, address());
    expect([res.status, res.body.code]).toEqual([429, 40029]);
    expect(res.retryAfter).toBeGreaterThan(800);
    expect(res.retryAfter).toBeLessThanOrEqual(900);
    // the refusal of a name nobody has is written for the operators, under that name
    const line = (await logLines('auth', 'login')).find((l) => l.username === name.toUpperCase());
    expect(line).toMatchObject({ accountId: null });
  });

  it("an account user's refusal is in the account's own log; the lock-out after five still comes first", async () => {
    const shop = await seedAccount(server);
    const from = address();
    for (let i = 0; i < 4; i++) expectError(await signIn(from, shop.username), 40011);
    expectError(await signIn(from, shop.username), 40012);
    // the lock's own log line now says where the guesses came from
    const own = expectOk(await shop.client.get('/v1/oper-logs?module=auth&type=login&pageSize=100')).list;
    expect(own.find((l: { description: string }) => /locked after 5 wrong passwords/.test(l.description))?.ip).toBe(
      from['x-forwarded-for'],
    );
    // what the lock refuses is not counted: once unlocked, the owner signs in at once
    for (let i = 0; i < 10; i++) expectError(await signIn(address(), shop.username, 'Shop@12345'), 40012);
    expectOk(await admin.post(`/v1/accounts/${shop.accountId}/unlock-admin`));
    expectOk(await signIn(address(), shop.username, 'Shop@12345'));
    // guesses interleaved with the owner's sign-ins (each resets the lock's count) are counted here
    for (let i = 0; i < 4; i++) expectError(await signIn(address(), shop.username), 40011);
    expectOk(await signIn(address(), shop.username, 'Shop@12345'));
    for (let i = 0; i < 2; i++) expectError(await signIn(address(), shop.username), 40011);
    expectError(await signIn(address(), shop.username), 40029);
    expectError(await signIn(address(), shop.username, 'Shop@12345'), 40029);
    const after = expectOk(await shop.client.get('/v1/oper-logs?module=auth&type=login&pageSize=100')).list;
    expect(after.map((l: { description: string }) => l.description)).toContainEqual(
      expect.stringMatching(new RegExp(`^Sign-in as ${shop.username} from .* refused`)),
    );
  });
});

describe('the password checks of a signed-in user', () => {
  it('changing the email with wrong passwords is limited like sign-in, so a borrowed session is no password oracle', async () => {
    const shop = await seedAccount(server);
    const from = address();
    const tryEmail = (password: string) =>
      shop.client.call('POST', '/v1/personal/email', { email: `x${Date.now()}@example.org`, password }, from);
    for (let i = 0; i < 10; i++) expectError(await tryEmail(`Wrong@${1000 + i}`), 40010, 'Password mismatch');
    expectError(await tryEmail('Shop@12345'), 40029, 'Too many failed attempts, please try again later');
    const line = (await logLines('personal', 'changeEmail')).find((l) => l.username === shop.username);
    expect(line?.description).toMatch(/^Password check of .* refused: too many wrong passwords/);
  });
});

describe('failed token requests per client address', () => {
  it('unknown refresh tokens and codes: then refused, even a good refresh token from that address', async () => {
    const from = address();
    const u = await seedRoleUser(server, { side: 'op', permissions: [] });
    for (let i = 0; i < TOKEN_LIMIT - 1; i++) {
      expectError(
        await new Client(server).call('POST', '/oauth/refresh_token', { refresh_token: `forged${i}` }, from),
        40001,
      );
    }
    const form = { grant_type: 'authorization_code', code: 'forged-code', redirect_uri: redirectUri };
    expectError(await new Client(server).call('POST', '/oauth/token', form, from), 40016);
    const refused = await raw(
      'POST',
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: u.client.refreshToken },
      from,
    );
    expect([refused.status, refused.body.code]).toEqual([429, 40029]);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    // the token was not used by the refusal: from elsewhere it still works
    expectOk(
      await new Client(server).call(
        'POST',
        '/oauth/refresh_token',
        { refresh_token: u.client.refreshToken },
        address(),
      ),
    );
    expect((await logLines('auth', 'login')).map((l) => l.description)).toContainEqual(
      expect.stringMatching(new RegExp(`^Token request from ${from['x-forwarded-for']} refused`)),
    );
  });

  it('good refreshes do not count', async () => {
    const from = address();
    const u = await seedRoleUser(server, { side: 'op', permissions: [] });
    let token = u.client.refreshToken;
    for (let i = 0; i < TOKEN_LIMIT * 3; i++) {
      token = expectOk(
        await new Client(server).call('POST', '/oauth/refresh_token', { refresh_token: token }, from),
      ).refresh_token;
    }
  });

  it('wrong activation and reset links, asked about or used, are limited the same way', async () => {
    const from = address();
    const email = `limit${Date.now()}@example.com`;
    await admin.post('/v1/accounts', {
      name: `Limit ${Date.now()}`,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '01',
      subjectType: 'personal',
      subjectName: 'Limit',
      adminEmail: email,
    });
    const token = new URL((await lastMailTo(server, email))!.link!).searchParams.get('token')!;
    const set = (t: string) => ({ token: t, password: 'Active@123', confirmPassword: 'Active@123' });
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      const res =
        i % 2
          ? await new Client(server).call('GET', `/users/active/info?token=forged${i}`, undefined, from)
          : await new Client(server).call('POST', '/users/active/user', set(`forged${i}`), from);
      expectError(res, 40010, 'Activation failed');
    }
    const refused = await raw('POST', '/users/active/user', set(token), from);
    expect([refused.status, refused.body.code]).toEqual([429, 40029]);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await logLines('auth', 'activate')).map((l) => l.description)).toContainEqual(
      expect.stringMatching(new RegExp(`^Activation link from ${from['x-forwarded-for']} refused`)),
    );
    // the link itself still works, from elsewhere
    expectOk(await new Client(server).call('POST', '/users/active/user', set(token), address()));
  });
});

describe('across servers', () => {
  it('failed sign-ins spread over two servers sharing the database count together', async () => {
    const peer = await startPeer(server);
    try {
      const from = address();
      const answers: Res[] = [];
      for (let i = 0; i < 20; i++) answers.push(await signIn(from, `roamer${i}`, 'Wrong@1234', i % 2 ? peer : server));
      expect(codes(answers)).toEqual(Array(20).fill(40011));
      expectError(await signIn(from, 'roamer-over', 'Wrong@1234', peer), 40029);
      expectError(await signIn(from, 'roamer-over', 'Wrong@1234', server), 40029);
      // and at once: a burst split between the servers gets no more checks than one server would give
      const burst = address();
      const all = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(burst, `b${i}`, 'Wrong@1234', i % 2 ? peer : server)),
      );
      expect(codes(all)).toEqual([...Array(20).fill(40011), ...Array(10).fill(40029)]);
    } finally {
      await peer.close();
    }
  });
});

describe('switched off', () => {
  it('SIGNIN_LIMIT_PER_ADDRESS=off and SIGNIN_LIMIT_PER_USER=off leave only the lock-out', async () => {
    const other = await startPeer(server, { SIGNIN_LIMIT_PER_ADDRESS: 'off', SIGNIN_LIMIT_PER_USER: 'off' });
    try {
      const all = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn({}, `free${i % 3}`, 'Wrong@1234', other)),
      );
      expect(codes(all)).toEqual(Array(30).fill(40011));
    } finally {
      await other.close();
    }
  });
});
