import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApis } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startPeer, startServer } from './harness';
import { auditLines, expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
const PASSWORD = 'Shop@12345';

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server, { password: PASSWORD });
  B = await seedAccount(server, { password: PASSWORD });
});
afterAll(async () => server?.close());

describe('account API settings', () => {
  it('starts empty, generates and rotates the secret, never shows it in the detail', async () => {
    const empty = expectOk(await A.client.get('/v1/account-api/detail'));
    expect(empty).toMatchObject({
      appKey: null,
      hasSecret: false,
      secretRotatedAt: null,
      pushUrls: { print: null, speak: null, trade: null },
      addedParams: {},
      geoEnabled: false,
    });
    const first = expectOk(await A.client.post('/v1/account-api/genAccountApiSecret'));
    expect(first.appKey).toMatch(/^hk[0-9a-f]{24}$/);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const detail = expectOk(await A.client.get('/v1/account-api/detail'));
    expect(detail).toMatchObject({ appKey: first.appKey, hasSecret: true, secretRotatedAt: first.secretRotatedAt });
    expect(JSON.stringify(detail)).not.toContain(first.secret);
    const second = expectOk(await A.client.post('/v1/account-api/genAccountApiSecret'));
    expect(second.appKey).toBe(first.appKey);
    expect(second.secret).not.toBe(first.secret);
    expect((await auditLines(server, 'api', 'rotateSecret', first.appKey)).length).toBe(2);
  });

  it('shows the secret again only with the login password', async () => {
    const gen = expectOk(await B.client.post('/v1/account-api/genAccountApiSecret'));
    const shown = expectOk(await B.client.post('/v1/account-api/queryApiSecret', { password: PASSWORD }));
    expect(shown).toMatchObject({ appKey: gen.appKey, secret: gen.secret });
    expect((await auditLines(server, 'api', 'viewSecret', gen.appKey)).length).toBe(1);
    await expectInvalid(
      (c) => c.post('/v1/account-api/queryApiSecret', { password: 'Wrong@12345' }),
      B.client,
      'Password mismatch',
      '密码错误',
      'password',
    );
    await expectInvalid(
      (c) => c.post('/v1/account-api/queryApiSecret', {}),
      B.client,
      'Password is required',
      '请输入密码',
      'password',
    );
    expect((await auditLines(server, 'api', 'viewSecret', gen.appKey)).length).toBe(1);
    // never with the password in the URL (access logs, proxies, browser history keep URLs)
    const inUrl = await B.client.get(`/v1/account-api/queryApiSecret?password=${encodeURIComponent(PASSWORD)}`);
    expect(inUrl.status).toBe(404);
    expect(JSON.stringify(inUrl.body)).not.toContain(gen.secret);
  });

  it('sets and clears push addresses per event; only http(s) URLs', async () => {
    const set = expectOk(
      await A.client.post('/v1/account-api/modifyAccountApi', {
        pushUrls: { print: 'https://hooks.example.com/print', speak: 'http://93.184.215.14:8080/speak' },
      }),
    );
    expect(set.pushUrls).toEqual({
      print: 'https://hooks.example.com/print',
      speak: 'http://93.184.215.14:8080/speak',
      trade: null,
    });
    const cleared = expectOk(await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { speak: '' } }));
    expect(cleared.pushUrls).toEqual({ print: 'https://hooks.example.com/print', speak: null, trade: null });
    for (const bad of ['ftp://example.com/x', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd']) {
      await expectInvalid(
        (c) => c.post('/v1/account-api/modifyAccountApi', { pushUrls: { trade: bad } }),
        A.client,
        'Push addresses must be http(s) URLs',
        '推送地址须为 http(s) 地址',
        'pushUrls.trade',
      );
    }
    expect(expectOk(await A.client.get('/v1/account-api/detail')).pushUrls.trade).toBeNull();
    expect((await auditLines(server, 'api', 'edit', 'print=https://hooks.example.com/print')).length).toBe(2);
  });

  it('refuses push addresses into the local or private network when they are saved, and keeps the old ones', async () => {
    const C = await seedAccount(server, { password: PASSWORD });
    expectOk(await C.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: 'https://8.8.8.8/hook' } }));
    for (const bad of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:9/hook', // a name: refused by what it resolves to
      'http://[::1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.10/hook',
      'http://[fc00::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
      'http://100.64.0.1/hook',
      'http://2130706433/hook', // 127.0.0.1 written as a number
    ]) {
      await expectInvalid(
        (c) => c.post('/v1/account-api/modifyAccountApi', { pushUrls: { trade: 'https://8.8.4.4/t', print: bad } }),
        C.client,
        'Push addresses must be on the public internet (not a loopback, private, link-local or metadata address)',
        '推送地址须为公网地址（不能是本机、内网、链路本地或元数据地址）',
        'pushUrls.print',
      );
    }
    expect(expectOk(await C.client.get('/v1/account-api/detail')).pushUrls).toEqual({
      print: 'https://8.8.8.8/hook',
      speak: null,
      trade: null,
    });
  });

  it('with WEBHOOK_ALLOW_PRIVATE=true private push addresses are saved (receivers on the same network)', async () => {
    const allowing = await startPeer(server, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      const C = await seedAccount(allowing, { password: PASSWORD });
      const d = expectOk(
        await C.client.post('/v1/account-api/modifyAccountApi', {
          pushUrls: { print: 'http://127.0.0.1:9/print', speak: 'http://localhost:9/speak' },
        }),
      );
      expect(d.pushUrls).toMatchObject({ print: 'http://127.0.0.1:9/print', speak: 'http://localhost:9/speak' });
    } finally {
      await allowing.close();
    }
  });

  it('a first push address creates the app key and a secret', async () => {
    const C = await seedAccount(server, { password: PASSWORD });
    const d = expectOk(
      await C.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { trade: 'https://example.com/t' } }),
    );
    expect(d.appKey).toBeTruthy();
    expect(d.hasSecret).toBe(true);
  });

  it('stores value-added parameters and answers the geolocation secret when the platform enabled it', async () => {
    const d = expectOk(
      await A.client.post('/v1/account-api/modifyAddedServiceParams', {
        params: { geoRegion: 'cn-east', mapKey: 'k1' },
      }),
    );
    expect(d.addedParams).toEqual({ geoRegion: 'cn-east', mapKey: 'k1' });
    await expectInvalid(
      (c) => c.post('/v1/account-api/modifyAddedServiceParams', { params: { long: 'x'.repeat(256) } }),
      A.client,
      'Too long',
      '长度超出限制',
    );
    expectError(
      await A.client.get('/v1/account-api/queryGeoLocationApiSecret'),
      40003,
      'Not enabled yet, contact platform',
    );
    expectError(
      await A.client.withLang('zh_CN').get('/v1/account-api/queryGeoLocationApiSecret'),
      40003,
      '尚未开通，请联系平台',
    );
    // the platform turns the service on: the account reads a secret of its own, no other account does
    expect(expectOk(await op.get(`/v1/accounts/${A.accountId}`)).geoEnabled).toBe(false);
    const on = expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true }));
    expect(on).toMatchObject({ id: A.accountId, geoEnabled: true });
    const { secret } = expectOk(await A.client.get('/v1/account-api/queryGeoLocationApiSecret'));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expectOk(await A.client.get('/v1/account-api/detail')).geoEnabled).toBe(true);
    expectError(await B.client.get('/v1/account-api/queryGeoLocationApiSecret'), 40003);
    const listed = expectOk(await op.get(`/v1/accounts?name=${encodeURIComponent(on.name)}`)).list;
    expect(listed.find((x: { id: number }) => x.id === A.accountId).geoEnabled).toBe(true);
    // on again keeps the secret (an integrator's copy stays valid); off removes it
    expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true }));
    expect(expectOk(await A.client.get('/v1/account-api/queryGeoLocationApiSecret')).secret).toBe(secret);
    expect(await auditLines(server, 'account', 'edit', 'geolocation service')).toHaveLength(1);
    expect(expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: false })).geoEnabled).toBe(
      false,
    );
    expectError(await A.client.get('/v1/account-api/queryGeoLocationApiSecret'), 40003);
    const [row] = await server.deps.db.select().from(accountApis).where(eq(accountApis.accountId, A.accountId));
    expect(row!.geoSecret).toBeNull();
    expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true }));
    expect(expectOk(await A.client.get('/v1/account-api/queryGeoLocationApiSecret')).secret).not.toBe(secret);

    // only operators with the account edit permission; bad input changes nothing
    expectError(await A.client.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: false }), 40003);
    const viewer = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.account', 'herald.op.account.query'],
    });
    expectError(await viewer.client.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: false }), 40003);
    await expectInvalid(
      (c) => c.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: 'yes' }),
      op,
      'Incorrect format',
      '格式不正确',
      'enabled',
    );
    expectError(await op.post('/v1/accounts/999999/geo-service', { enabled: true }), 40004);
    expect(expectOk(await A.client.get('/v1/account-api/detail')).geoEnabled).toBe(true);
  });

  it('keeps accounts apart, needs a token and the permissions', async () => {
    const a = expectOk(await A.client.get('/v1/account-api/detail'));
    const b = expectOk(await B.client.get('/v1/account-api/detail'));
    expect(b.appKey).not.toBe(a.appKey);
    expect(b.pushUrls.print).toBeNull();
    expectError(await new Client(server).get('/v1/account-api/detail'), 40002);
    expectError(await op.get('/v1/account-api/detail'), 40003);
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.api', 'herald.dev.api.query'],
      password: PASSWORD,
    });
    expect(expectOk(await reader.client.get('/v1/account-api/detail')).appKey).toBe(a.appKey);
    expectError(await reader.client.post('/v1/account-api/modifyAccountApi', { pushUrls: {} }), 40003);
    expectError(await reader.client.post('/v1/account-api/modifyAddedServiceParams', { params: {} }), 40003);
    expectError(await reader.client.post('/v1/account-api/genAccountApiSecret'), 40003);
    expectError(await reader.client.post('/v1/account-api/queryApiSecret', { password: PASSWORD }), 40003);
    expectError(await reader.client.get('/v1/account-api/queryGeoLocationApiSecret'), 40003);
  });
});
