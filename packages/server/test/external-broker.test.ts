import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynsecMosquitto } from './mosquitto';
import { DeviceStatus, JobStatus, PROTOCOL_VERSION, topics } from '@herald/contract';
import { mqttStaticPassword } from '@herald/contract/device-sign';
import { VirtualDevice } from '@herald/device-sim';
import { deviceCommands, deviceConnections, devices } from '../src/db/schema';
import { startServer, type TestServer } from './harness';
import { seedAccount } from './fixtures';
import { deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';
import { OpenClient, jobReaches, seedApiKey } from './open-api-fixture';

/**
 * Herald with MQTT_URL against a real Mosquitto started here (dynamic-security plugin, devices
 * provisioned by Herald over $CONTROL): uplink through the shared subscription, presence from
 * presence messages and last wills, commands down through the broker.
 */
const ADMIN = { user: 'herald-server', password: 'Srv-secret-1' };

type S = TestServer;
let broker: Awaited<ReturnType<typeof startDynsecMosquitto>> | undefined;
let port: number;
let server: S;
let accountId: number;
let modelId: number;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  broker = await startDynsecMosquitto(ADMIN);
  port = broker.port;
  server = await startServer({
    MQTT_URL: `mqtt://${ADMIN.user}:${ADMIN.password}@127.0.0.1:${port}`,
    MQTT_PROVISION: 'dynsec',
    // a name of its own and a kept session: the broker keeps the server's session while it restarts
    MQTT_CLIENT_ID: 'herald-test-server',
    MQTT_SESSION_EXPIRY: '600',
  });
  accountId = (await seedAccount(server)).accountId;
  modelId = (await seedModel(server)).id;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
  broker?.stop();
});

async function provisioned(extra: Parameters<typeof seedDevice>[3] = {}, model = modelId) {
  const row = await seedDevice(server, accountId, model, extra);
  await server.deps.gateway.deviceChanged!([row.sn]);
  return row;
}

function sim(sn: string, secret: string) {
  const d = new VirtualDevice({
    sn,
    secret,
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    credentials: 'static',
    backoffMinMs: 50,
    backoffMaxMs: 200,
  });
  sims.push(d);
  return d;
}

const connectPlain = (sn: string, password: string) =>
  new Promise<{ code: number; client?: mqtt.MqttClient }>((resolve) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      clientId: sn,
      username: sn,
      password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    client.once('connect', () => resolve({ code: 0, client }));
    client.once('error', (err) => (client.end(true), resolve({ code: (err as { code?: number }).code ?? -1 })));
  });

/**
 * The database refuses one device's new sessions until lifted: a trigger, counted by a sequence
 * (a sequence is not rolled back with the refused insert).
 */
async function refuseSessions(deviceId: number) {
  const name = `refuse_${deviceId}`;
  await server.deps.db.execute(
    sql.raw(`
    create sequence ${name}_seen;
    create function ${name}() returns trigger language plpgsql as $$
      begin perform nextval('${name}_seen'); raise exception 'refused for the test'; end $$;
    create trigger ${name} before insert on device_connections
      for each row when (new.device_id = ${deviceId}) execute function ${name}()`),
  );
  return {
    seen: () =>
      eventually(async () => {
        const r = await server.deps.db.execute(sql.raw(`select is_called from ${name}_seen`));
        return (r.rows[0] as { is_called: boolean }).is_called;
      }, 'the write refused'),
    lift: async () => {
      await server.deps.db.execute(sql.raw(`drop trigger ${name} on device_connections`));
    },
  };
}

/** A device's online message, sent once (QoS 1, answered by the broker); its session key. */
async function sendOnline(sn: string, secret: string) {
  const { client } = await connectPlain(sn, mqttStaticPassword(secret));
  const session = Date.now();
  const online = { v: PROTOCOL_VERSION, ts: session, online: true, session };
  await client!.publishAsync(topics.up(sn, 'presence'), JSON.stringify(online), { qos: 1 });
  await client!.endAsync();
  return session;
}

async function expectSessions(deviceId: number, sessions: number[]) {
  const conns = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, deviceId));
  expect(conns.map((c) => Number(c.session))).toEqual(sessions);
}

describe('external broker (Mosquitto, dynamic security)', () => {
  it('takes presence, telemetry and acks from the broker and sends commands through it', async () => {
    const row = await provisioned();
    const d = sim(row.sn, row.secret!);
    d.start();
    await d.waitOnline();
    const on = await eventually(async () => {
      const r = await deviceRow(server, row.id);
      return r.online && r.telemetryAt && r;
    }, 'online with telemetry');
    expect(on.activated).toBe(true);
    expect(on.firmwareVersion).toBe('1.00.00.01');

    const id = randomUUID();
    const ts = Date.now();
    await server.deps.db.insert(deviceCommands).values({
      id,
      deviceId: row.id,
      accountId,
      command: 'setVolume',
      params: { volume: 15 },
      status: 'sent',
      sentAt: new Date(ts),
      expireAt: new Date(ts + 60_000),
    });
    await server.deps.gateway.publish(row.sn, 'cmd', {
      v: PROTOCOL_VERSION,
      id,
      ts,
      expireAt: ts + 60_000,
      cmd: 'setVolume',
      params: { volume: 15 },
    });
    const acked = await eventually(async () => {
      const [c] = await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
      return c!.status !== 'sent' && c;
    }, 'ack');
    expect(acked).toMatchObject({ status: 'acked', ackCode: 'ok' });
    expect(acked.latencyMs).toBeGreaterThanOrEqual(0);
    expect(d.state.volume).toBe(15);

    // the last will ends the session when the device dies
    d.crash();
    await eventually(async () => !(await deviceRow(server, row.id)).online, 'offline by last will');
    const [conn] = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
    expect(conn!.reason).toBe('lost');
  });

  it('keeps out unprovisioned, wrong-password and disabled devices', async () => {
    const row = await provisioned();
    expect((await connectPlain(row.sn, 'wrong')).code).toBe(5);
    const unknown = await seedDevice(server, accountId, modelId);
    expect((await connectPlain(unknown.sn, mqttStaticPassword(unknown.secret!))).code).toBe(5);

    const ok = await connectPlain(row.sn, mqttStaticPassword(row.secret!));
    expect(ok.code).toBe(0);
    await server.deps.db.update(devices).set({ status: DeviceStatus.DISABLED }).where(eq(devices.id, row.id));
    const closed = new Promise<void>((r) => ok.client!.once('close', () => r()));
    await server.deps.gateway.kick([row.sn], 'disabled');
    await closed;
    ok.client!.end(true);
    expect((await connectPlain(row.sn, mqttStaticPassword(row.secret!))).code).toBe(5);
  });

  it("enforces each device's own topics", async () => {
    const a = await provisioned();
    const b = await provisioned();
    const { client } = await connectPlain(a.sn, mqttStaticPassword(a.secret!));
    const suback = await client!
      .subscribeAsync([topics.deviceSubscription(b.sn), topics.deviceSubscription(a.sn)], { qos: 1 })
      .then(
        () => undefined,
        (err: { packet?: { granted: number[] } }) => err.packet,
      );
    expect(suback?.granted).toEqual([128, 1]);
    // Mosquitto drops a forbidden publish silently; a later allowed one shows the server is listening
    const t = { v: PROTOCOL_VERSION, ts: Date.now(), volume: 40 };
    await client!.publishAsync(topics.up(b.sn, 'telemetry'), JSON.stringify(t), { qos: 1 });
    await client!.publishAsync(topics.up(a.sn, 'telemetry'), JSON.stringify(t), { qos: 1 });
    await eventually(async () => (await deviceRow(server, a.id)).telemetryAt, 'own telemetry');
    expect((await deviceRow(server, b.id)).telemetryAt).toBeNull();
    await client!.endAsync();
  });

  it('keeps what devices send while the server restarts, and hands it to the next start', async () => {
    const row = await provisioned();
    const { client } = await connectPlain(row.sn, mqttStaticPassword(row.secret!));
    const session = Date.now();
    server = await server.restart(async () => {
      // the server is away: its session at the broker holds the device's messages
      const online = { v: PROTOCOL_VERSION, ts: session, online: true, session, firmware: '1.00.00.07' };
      await client!.publishAsync(topics.up(row.sn, 'presence'), JSON.stringify(online), { qos: 1 });
    });
    // online first, then the firmware it reported (two writes)
    await eventually(async () => {
      const r = await deviceRow(server, row.id);
      return r.online && r.firmwareVersion === '1.00.00.07';
    }, 'online with the firmware of the message sent while the server was away');
    const conns = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
    expect(conns.map((c) => Number(c.session))).toEqual([session]);
    await client!.endAsync();
  });

  it('keeps a device disabled meanwhile offline when its earlier online message comes late', async () => {
    const row = await provisioned();
    const { client } = await connectPlain(row.sn, mqttStaticPassword(row.secret!));
    const session = Date.now();
    server = await server.restart(async () => {
      // sent before the disable, handled after it: the server was away (another node disabled it)
      const online = { v: PROTOCOL_VERSION, ts: session, online: true, session };
      await client!.publishAsync(topics.up(row.sn, 'presence'), JSON.stringify(online), { qos: 1 });
      await server.deps.db.update(devices).set({ status: DeviceStatus.DISABLED }).where(eq(devices.id, row.id));
    });
    await eventually(async () => {
      const conns = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
      return conns.length === 1;
    }, 'the online message handled');
    expect((await deviceRow(server, row.id)).online).toBe(false);
    client!.end(true);
  });

  it('stores a message whose write failed on a later try', async () => {
    const row = await provisioned();
    const refused = await refuseSessions(row.id);
    const session = await sendOnline(row.sn, row.secret!);
    await refused.seen();
    await refused.lift();
    await eventually(async () => (await deviceRow(server, row.id)).online, 'online on a later try');
    await expectSessions(row.id, [session]);
  });

  it('leaves a message not yet stored when the server stops for the next start', async () => {
    const row = await provisioned();
    const refused = await refuseSessions(row.id);
    const session = await sendOnline(row.sn, row.secret!);
    await refused.seen();
    // the stop ends the tries; unanswered, the message waits in the server's session at the broker
    server = await server.restart(refused.lift);
    await eventually(async () => (await deviceRow(server, row.id)).online, 'online at the next start');
    await expectSessions(row.id, [session]);
  });

  it('carries a print job through the broker to its final status', async () => {
    const printer = await seedModel(server, { type: 'printer' });
    const row = await provisioned({}, printer.id);
    const d = sim(row.sn, row.secret!);
    d.start();
    await d.waitOnline();
    await eventually(async () => (await deviceRow(server, row.id)).online, 'online');
    const k = await seedApiKey(server, accountId);
    const api = new OpenClient(server, k.appKey, k.secret);
    const r = await api.print({ sn: row.sn, content: 'through Mosquitto' });
    expect(r.body.code, JSON.stringify(r.body)).toBe(20000);
    const job = await jobReaches(server, (r.body.data as { jobId: number }).jobId, JobStatus.SUCCESS);
    expect(job.ackedAt).not.toBeNull();
  });
});
