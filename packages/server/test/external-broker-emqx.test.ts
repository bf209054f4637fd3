import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus } from '@herald/contract';
import { mosquittoBinary } from './mosquitto';
import { loadConfig } from '../src/config';
import { emqxKicker } from '../src/gateway/emqx-admin';
import { adminClient, startServer, expectOk } from './harness';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { startEmqxStub } from './emqx-stub';

/**
 * EMQX mode: with MQTT_ADMIN_URL/KEY/SECRET a kick (disable, delete) disconnects the device at
 * once through EMQX's REST API, here a local stand-in that checks method, path and basic auth.
 * The broker itself is a plain Mosquitto (the server only needs one to join).
 */
const KEY = 'herald-key';
const SECRET = 'Emqx-secret-1';

type Stub = Awaited<ReturnType<typeof startEmqxStub>>;
const brokers: ChildProcess[] = [];
const dirs: string[] = [];
let stub: Stub;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const p = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return p;
}

async function startMosquitto(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-mosquitto-'));
  dirs.push(dir);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [`listener ${port} 127.0.0.1`, `user ${os.userInfo().username}`, 'allow_anonymous true', 'persistence false'].join(
      '\n',
    ),
  );
  const child = spawn(mosquittoBinary(), ['-c', conf], { stdio: 'ignore' });
  brokers.push(child);
  // also when afterAll never gets to it
  process.once('exit', () => child.kill('SIGKILL'));
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const sock = net.connect(port, '127.0.0.1');
        sock.once('connect', () => (sock.destroy(), resolve(true)));
        sock.once('error', () => resolve(false));
      }),
    'mosquitto listening',
  );
  return port;
}

/** A logger that keeps what was logged. */
function capture() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn') } as never };
}

beforeAll(async () => {
  stub = await startEmqxStub(KEY, SECRET);
});
afterAll(async () => {
  await stub?.close();
  for (const b of brokers) b.kill('SIGTERM');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('EMQX REST kick', () => {
  it('sends DELETE {base}/clients/{clientid} with basic auth; not connected is not a failure', async () => {
    const { lines, log } = capture();
    const kick = emqxKicker({ url: `${stub.url}/`, key: KEY, secret: SECRET }, log);
    stub.connected.add('P58A/0001');
    stub.requests.length = 0;
    expect(await kick('P58A/0001', 'disabled')).toBe('kicked');
    expect(stub.requests).toEqual([
      {
        method: 'DELETE',
        url: '/api/v5/clients/P58A%2F0001',
        authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`,
      },
    ]);
    expect(await kick('P58A/0001', 'disabled')).toBe('absent');
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('logs what goes wrong (bad credentials, an error answer, nobody listening) and never throws', async () => {
    const { lines, log } = capture();
    stub.connected.add('SN1');
    expect(await emqxKicker({ url: stub.url, key: KEY, secret: 'wrong' }, log)('SN1', 'deleted')).toBe('failed');
    expect(lines.at(-1)).toMatchObject({ level: 'warn', obj: { sn: 'SN1', reason: 'deleted', status: 401 } });

    stub.state.fail = true;
    try {
      expect(await emqxKicker({ url: stub.url, key: KEY, secret: SECRET }, log)('SN1', 'deleted')).toBe('failed');
      expect(lines.at(-1)).toMatchObject({ level: 'warn', obj: { status: 503 } });
    } finally {
      stub.state.fail = false;
    }

    const closed = `http://127.0.0.1:${await freePort()}/api/v5`;
    expect(await emqxKicker({ url: closed, key: KEY, secret: SECRET }, log)('SN1', 'deleted')).toBe('failed');
    expect(lines.at(-1)).toMatchObject({ level: 'warn', msg: 'kick: EMQX REST API unreachable' });
  });
});

describe('MQTT_ADMIN_* configuration', () => {
  it('turns the REST kick on only with all three set; otherwise kicks keep to the broker', () => {
    const env = { MQTT_ADMIN_URL: 'http://127.0.0.1:18083/api/v5', MQTT_ADMIN_KEY: KEY, MQTT_ADMIN_SECRET: SECRET };
    expect(loadConfig(env).mqtt.admin).toEqual({ url: env.MQTT_ADMIN_URL, key: KEY, secret: SECRET });
    for (const drop of Object.keys(env)) {
      expect(loadConfig({ ...env, [drop]: '' }).mqtt.admin).toBeUndefined();
    }
  });
});

describe('external broker with MQTT_ADMIN_URL', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    const port = await startMosquitto();
    server = await startServer({
      MQTT_URL: `mqtt://127.0.0.1:${port}`,
      MQTT_ADMIN_URL: stub.url,
      MQTT_ADMIN_KEY: KEY,
      MQTT_ADMIN_SECRET: SECRET,
    });
  });
  afterAll(async () => server?.close());

  it('disconnects a device through the REST API when it is disabled or deleted', async () => {
    const A = await seedAccount(server);
    const model = await seedModel(server);
    const one = await seedDevice(server, A.accountId, model.id);
    const two = await seedDevice(server, A.accountId, model.id);
    stub.connected.add(one.sn);
    stub.connected.add(two.sn);
    stub.requests.length = 0;

    expectOk(await A.client.post('/v1/devices/status', { ids: [one.id], status: 1 }));
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`DELETE /api/v5/clients/${one.sn}`]);
    expect(stub.connected.has(one.sn)).toBe(false);

    // EMQX down: the delete still happens, the device is refused when it comes back
    stub.state.fail = true;
    try {
      expectOk(await A.client.post('/v1/devices/delete', { ids: [two.id] }));
    } finally {
      stub.state.fail = false;
    }
    expect(stub.requests.map((r) => `${r.method} ${r.url}`).at(-1)).toBe(`DELETE /api/v5/clients/${two.sn}`);
    expect(expectOk(await A.client.get(`/v1/devices/deleted?sn=${two.sn}`)).total).toBe(1);
  });

  it("kicks an account's devices a few requests at a time, each of them", async () => {
    const A = await seedAccount(server);
    const model = await seedModel(server);
    const fleet = await Promise.all(Array.from({ length: 20 }, () => seedDevice(server, A.accountId, model.id)));
    for (const d of fleet) stub.connected.add(d.sn);
    stub.requests.length = 0;
    stub.state.delayMs = 50;
    stub.state.maxInFlight = 0;
    try {
      const op = await adminClient(server);
      expectOk(await op.post(`/v1/accounts/${A.accountId}/status`, { status: AccountStatus.DISABLED }));
    } finally {
      stub.state.delayMs = 0;
    }
    expect(stub.requests.map((r) => r.url).sort()).toEqual(
      fleet.map((d) => `/api/v5/clients/${encodeURIComponent(d.sn)}`).sort(),
    );
    expect(fleet.every((d) => !stub.connected.has(d.sn))).toBe(true);
    // not one at a time, and not all at once
    expect(stub.state.maxInFlight).toBeGreaterThan(1);
    expect(stub.state.maxInFlight).toBeLessThanOrEqual(8);
  });
});
