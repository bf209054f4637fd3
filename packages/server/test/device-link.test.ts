import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_UPLOAD_MAX_BYTES, PROTOCOL_VERSION, ResultCode } from '@herald/contract';
import { mqttCredentials, registrationSign } from '@herald/contract/device-sign';
import { deviceLogs, devices } from '../src/db/schema';
import { handleUplink } from '../src/modules/device-link/service';
import { createLogUpload } from '../src/modules/devices/actions';
import { Client, startServer } from './harness';
import { seedAccount } from './fixtures';
import { Fleet } from '@herald/device-sim';
import { connectAs, defaultGroup, eventually, seedApplication, seedDevice, seedModel } from './devices-fixture';

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let anon: Client;
let accountId: number;
let mqttUrl: string;
const HOOK_SECRET = 'hook-secret-for-tests';

beforeAll(async () => {
  server = await startServer({ MQTT_HOOK_SECRET: HOOK_SECRET });
  anon = new Client(server);
  accountId = (await seedAccount(server)).accountId;
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
});
afterAll(async () => server?.close());

function registration(
  app: { appKey: string; appSecret: string },
  modelCode: string,
  sn: string,
  timestamp = Date.now(),
) {
  const sign = registrationSign(app.appSecret, { appKey: app.appKey, modelCode, sn, timestamp });
  return { appKey: app.appKey, modelCode, sn, timestamp, sign };
}

describe('POST /device/v1/register', () => {
  it('creates an unknown device in the default group and issues its secret, which then connects', async () => {
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId, { autoRegister: true });
    const res = await anon.post('/device/v1/register', registration(app, model.code.toLowerCase(), 'REGNEW0001'));
    expect(res.body.code, JSON.stringify(res.body)).toBe(ResultCode.SUCCESS);
    const secret = res.body.data.deviceSecret as string;
    expect(secret.length).toBeGreaterThanOrEqual(24);
    const [row] = await server.deps.db.select().from(devices).where(eq(devices.sn, 'REGNEW0001'));
    expect(row).toMatchObject({ accountId, modelId: model.id, appId: app.id, status: 2, activated: false, secret });
    expect(row!.groupId).toBe((await defaultGroup(server, accountId))!.id);

    // before activation a retried registration gets the same secret
    const retry = await anon.post('/device/v1/register', registration(app, model.code, 'REGNEW0001'));
    expect(retry.body.data.deviceSecret).toBe(secret);

    const conn = await connectAs(mqttUrl, 'REGNEW0001', secret);
    expect(conn.code).toBe(0);
    await conn.client!.endAsync();

    // once activated, the secret is never issued again (a replayed registration leaks nothing)
    const replay = await anon.post('/device/v1/register', registration(app, model.code, 'REGNEW0001'));
    expect(replay.body.code).toBe(ResultCode.FORBIDDEN);
    expect(replay.body.data).toBeNull();
    expect(replay.body.message).toBe('This device is already activated; its secret is not issued again');
  });

  it('a simulated fleet registers through its application and, started again, connects with the secrets it kept', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const httpUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId, { autoRegister: true });
    const kept: Record<string, string> = {};
    const opts = { httpUrl, mqttUrl, count: 2, modelCode: model.code, snPrefix: 'FLT' };
    const first = new Fleet({
      ...opts,
      appKey: app.appKey,
      appSecret: app.appSecret,
      onRegistered: (sn, x) => (kept[sn] = x),
    });
    await first.start();
    await eventually(async () => (first.stats().online === 2 ? true : undefined), 'fleet online');
    await first.stop();
    expect(Object.keys(kept).sort()).toEqual(['FLT000001', 'FLT000002']);
    // registered and activated: registration would not issue the secrets again, the kept ones connect
    const again = new Fleet({ ...opts, appKey: app.appKey, appSecret: app.appSecret, secrets: kept });
    await again.start();
    await eventually(async () => (again.stats().online === 2 ? true : undefined), 'fleet online again');
    expect(again.failed).toEqual([]);
    await again.stop();
    // without a secret for an S/N, the fleet says why
    const lines: string[] = [];
    const none = new Fleet({ ...opts, snPrefix: 'NOSEC', secrets: kept, log: (l) => lines.push(l) });
    await none.start();
    expect(none.failed).toEqual([
      { sn: 'NOSEC000001', error: 'no secret for this S/N in the secrets' },
      { sn: 'NOSEC000002', error: 'no secret for this S/N in the secrets' },
    ]);
    expect(lines).toContain('NOSEC000001: no secret for this S/N in the secrets');
  });

  it('gives a pre-added device of the application its secret, even without auto-registration', async () => {
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId, { autoRegister: false });
    const pre = await seedDevice(server, accountId, model.id, { appId: app.id, secret: null });
    const res = await anon.post('/device/v1/register', registration(app, model.code, pre.sn));
    expect(res.body.code).toBe(ResultCode.SUCCESS);
    const [row] = await server.deps.db.select().from(devices).where(eq(devices.id, pre.id));
    expect(row!.secret).toBe(res.body.data.deviceSecret);
  });

  it('refuses unknown devices when auto-registration is off', async () => {
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId, { autoRegister: false });
    const res = await anon.post('/device/v1/register', registration(app, model.code, 'REGOFF0001'));
    expect(res.body.code).toBe(ResultCode.FORBIDDEN);
    expect(res.body.message).toBe('This application does not allow devices to register themselves');
    expect(await server.deps.db.select().from(devices).where(eq(devices.sn, 'REGOFF0001'))).toHaveLength(0);
  });

  it('refuses one-device-one-secret applications', async () => {
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId, { accessType: 2, autoRegister: true });
    const res = await anon.post('/device/v1/register', registration(app, model.code, 'REGODS0001'));
    expect(res.body.code).toBe(ResultCode.FORBIDDEN);
  });

  it('refuses a bad signature, an unknown app key and a stale timestamp alike', async () => {
    const model = await seedModel(server);
    const app = await seedApplication(server, accountId);
    const good = registration(app, model.code, 'REGSIG0001');
    const cases = [
      { ...good, sign: 'a'.repeat(64) },
      { ...good, sn: 'REGSIG0002' },
      { ...good, appKey: 'no-such-key' },
      registration(app, model.code, 'REGSIG0003', Date.now() - 2 * 3600_000),
    ];
    for (const body of cases) {
      const res = await anon.post('/device/v1/register', body);
      expect(res.body.code, JSON.stringify(body)).toBe(ResultCode.BAD_CREDENTIALS);
      expect(res.body.message).toBe('Invalid signature or timestamp');
    }
    expect(await server.deps.db.select().from(devices).where(eq(devices.appId, app.id))).toHaveLength(0);
  });

  it('refuses new devices of a disabled or unknown model', async () => {
    const disabled = await seedModel(server, { status: 0 });
    const app = await seedApplication(server, accountId);
    for (const code of [disabled.code, 'NO-SUCH-MODEL']) {
      const res = await anon.post('/device/v1/register', registration(app, code, 'REGMOD0001'));
      expect(res.body.code).toBe(ResultCode.FORBIDDEN);
      expect(res.body.message).toBe('The model does not exist or is disabled');
    }
  });

  it('validates the body', async () => {
    const res = await anon.post('/device/v1/register', {
      appKey: 'x',
      modelCode: 'y',
      sn: 'a/b#',
      timestamp: 1,
      sign: 'zz',
    });
    expect(res.body.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('PUT /device/v1/logs/:token', () => {
  const put = (url: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'PUT',
      url: new URL(url).pathname,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });

  it('stores one upload per one-time URL', async () => {
    const model = await seedModel(server);
    const dev = await seedDevice(server, accountId, model.id);
    const { url, logId } = await createLogUpload(server.deps, dev.id);
    expect(url).toMatch(/^http:\/\/localhost:8080\/device\/v1\/logs\/[\w-]{40,}$/);
    const res = await put(url, 'line 1\nline 2\n', { 'x-file-name': 'dev.log', 'content-type': 'text/plain' });
    expect(res.json().code).toBe(ResultCode.SUCCESS);
    const [log] = await server.deps.db.select().from(deviceLogs).where(eq(deviceLogs.id, logId));
    expect(log).toMatchObject({ deviceId: dev.id, fileName: 'dev.log', size: 14 });
    expect(log!.content!.toString()).toBe('line 1\nline 2\n');

    const again = await put(url, 'other');
    expect(again.json().code).toBe(ResultCode.NOT_FOUND);
    const [unchanged] = await server.deps.db.select().from(deviceLogs).where(eq(deviceLogs.id, logId));
    expect(unchanged!.content!.toString()).toBe('line 1\nline 2\n');
  });

  it('refuses unknown tokens and files over 5 MB', async () => {
    const model = await seedModel(server);
    const dev = await seedDevice(server, accountId, model.id);
    expect((await put('http://x/device/v1/logs/' + 'a'.repeat(43), 'x')).json().code).toBe(ResultCode.NOT_FOUND);
    const { url, logId } = await createLogUpload(server.deps, dev.id);
    const big = await put(url, Buffer.alloc(LOG_UPLOAD_MAX_BYTES + 1, 1));
    expect(big.statusCode).toBe(413);
    const [log] = await server.deps.db.select().from(deviceLogs).where(eq(deviceLogs.id, logId));
    expect(log!.uploadedAt).toBeNull();
  });
});

describe('presence', () => {
  it("writes a device's firmware only when the version it reports differs from the stored one", async () => {
    const model = await seedModel(server);
    const dev = await seedDevice(server, accountId, model.id);
    const presence = (firmware: string) =>
      handleUplink(
        server.deps,
        dev,
        'presence',
        Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, ts: Date.now(), online: false, session: 1, firmware })),
        { presenceFromMessages: false },
      );
    // the row's version (xmin) moves with every write, even one that sets the same values
    const row = async () =>
      (
        await server.deps.db.execute<{ firmware: string | null; xmin: string }>(
          sql`select firmware_version as firmware, xmin::text as xmin from devices where id = ${dev.id}`,
        )
      ).rows[0]!;

    await presence('1.0.0');
    const first = await row();
    expect(first.firmware).toBe('1.0.0');
    await presence('1.0.0');
    expect(await row()).toEqual(first);
    await presence('1.0.1');
    const changed = await row();
    expect(changed.firmware).toBe('1.0.1');
    expect(changed.xmin).not.toBe(first.xmin);
  });
});

describe('broker hooks (external broker)', () => {
  const hook = (path: string, body: object, secret = HOOK_SECRET) =>
    server.app.inject({ method: 'POST', url: path, payload: body, headers: { 'x-herald-hook-secret': secret } });

  it('authenticates devices with the same rules as the embedded broker', async () => {
    const model = await seedModel(server);
    const dev = await seedDevice(server, accountId, model.id);
    const creds = mqttCredentials(dev.sn, dev.secret!);
    const ok = await hook('/mqtt/auth', {
      clientid: creds.clientId,
      username: creds.username,
      password: creds.password,
    });
    expect(ok.json()).toEqual({ result: 'allow', is_superuser: false });
    const bad = await hook('/mqtt/auth', { clientid: creds.clientId, username: creds.username, password: 'x' });
    expect(bad.json().result).toBe('deny');
    const noSecret = await hook('/mqtt/auth', { clientid: creds.clientId, username: creds.username }, 'wrong');
    expect(noSecret.statusCode).toBe(403);
  });

  it('allows a device only its own topics', async () => {
    const username = `DEVA0001|${Date.now()}|hmacsha256`;
    const acl = async (topic: string, action: string) =>
      (await hook('/mqtt/acl', { clientid: 'DEVA0001', username, topic, action })).json().result;
    expect(await acl('herald/DEVA0001/up/telemetry', 'publish')).toBe('allow');
    expect(await acl('herald/DEVB0001/up/telemetry', 'publish')).toBe('deny');
    expect(await acl('herald/DEVA0001/down/+', 'subscribe')).toBe('allow');
    expect(await acl('herald/DEVA0001/down/cmd', 'subscribe')).toBe('allow');
    expect(await acl('herald/DEVB0001/down/+', 'subscribe')).toBe('deny');
    expect(await acl('herald/#', 'subscribe')).toBe('deny');
    expect(await acl('herald/DEVA0001/down/cmd', 'publish')).toBe('deny');
  });
});
