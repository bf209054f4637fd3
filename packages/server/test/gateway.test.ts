import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRINT_PARAMS, DeviceStatus, PROTOCOL_VERSION, topics, type CommandName } from '@herald/contract';
import { MQTT_CLOCK_SKEW_MS } from '@herald/contract/device-sign';
import { Fleet, VirtualDevice } from '@herald/device-sim';
import { accounts, deviceCommands, deviceConnections, deviceLogs, devices } from '../src/db/schema';
import { sendToOnline } from '../src/modules/device-commands/service';
import { createLogUpload } from '../src/modules/devices/actions';
import { GatewayUnavailable } from '../src/lib/gateway-unavailable';
import { startPeer, startServer } from './harness';
import { seedAccount } from './fixtures';
import {
  connectAs,
  deviceRow,
  eventually,
  seedApplication,
  seedDevice,
  seedManufacturer,
  seedModel,
} from './devices-fixture';

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let mqttUrl: string;
let httpUrl: string;
let accountId: number;
let modelId: number;
let modelCode: string;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  httpUrl = `http://127.0.0.1:${port}`;
  // the one-time upload URLs must point at this listener
  server.deps.config.publicUrl = httpUrl;
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
  accountId = (await seedAccount(server)).accountId;
  const model = await seedModel(server);
  modelId = model.id;
  modelCode = model.code;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

function sim(sn: string, secret: string, extra: Partial<ConstructorParameters<typeof VirtualDevice>[0]> = {}) {
  const d = new VirtualDevice({
    sn,
    secret,
    mqttUrl,
    backoffMinMs: 50,
    backoffMaxMs: 200,
    restartDelayMs: 50,
    ...extra,
  });
  sims.push(d);
  return d;
}

async function onlineSim(extra: Parameters<typeof seedDevice>[3] = {}) {
  const row = await seedDevice(server, accountId, modelId, extra);
  const d = sim(row.sn, row.secret!);
  d.start();
  await d.waitOnline();
  await eventually(async () => (await deviceRow(server, row.id)).online, 'online');
  return { row, d };
}

/** Send a command the way the fleet module does: a stored row first, then the message. */
async function sendCommand(
  sn: string,
  deviceId: number,
  cmd: CommandName,
  params: object,
  opts: { expireAt?: number } = {},
) {
  const id = randomUUID();
  const ts = Date.now();
  const expireAt = opts.expireAt ?? ts + 60_000;
  await server.deps.db.insert(deviceCommands).values({
    id,
    deviceId,
    accountId,
    command: cmd,
    params,
    status: 'sent',
    sentAt: new Date(ts),
    expireAt: new Date(expireAt),
  });
  const payload = { v: PROTOCOL_VERSION, id, ts, expireAt, cmd, params };
  await server.deps.gateway.publish(sn, 'cmd', payload);
  return { id, payload };
}

const commandRow = async (id: string) =>
  (await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!;
const settled = (id: string) =>
  eventually(async () => ((await commandRow(id)).status !== 'sent' ? commandRow(id) : null), 'ack');

describe('authentication at connect', () => {
  it('accepts a device with a valid HMAC and activates it on first connect', async () => {
    const row = await seedDevice(server, accountId, modelId);
    expect(row.activated).toBe(false);
    const r = await connectAs(mqttUrl, row.sn, row.secret!);
    expect(r.code).toBe(0);
    await r.client!.endAsync();
    const after = await deviceRow(server, row.id);
    expect(after.activated).toBe(true);
    expect(after.activatedAt).toBeInstanceOf(Date);
  });

  it('refuses unknown, deleted, wrong password and stale timestamps as bad credentials (4)', async () => {
    expect((await connectAs(mqttUrl, 'NOSUCHDEVICE1', 'whatever')).code).toBe(4);
    const deleted = await seedDevice(server, accountId, modelId, { status: DeviceStatus.DELETED });
    expect((await connectAs(mqttUrl, deleted.sn, deleted.secret!)).code).toBe(4);
    const ok = await seedDevice(server, accountId, modelId);
    expect((await connectAs(mqttUrl, ok.sn, 'wrong-secret')).code).toBe(4);
    expect((await connectAs(mqttUrl, ok.sn, ok.secret!, { password: 'f'.repeat(64) })).code).toBe(4);
    expect((await connectAs(mqttUrl, ok.sn, ok.secret!, { ts: Date.now() - MQTT_CLOCK_SKEW_MS - 60_000 })).code).toBe(
      4,
    );
    expect((await connectAs(mqttUrl, ok.sn, ok.secret!, { username: 'not-a-device-username' })).code).toBe(4);
    // nothing of this activated the device
    expect((await deviceRow(server, ok.id)).activated).toBe(false);
  });

  it('refuses a client id other than the S/N (2)', async () => {
    const ok = await seedDevice(server, accountId, modelId);
    expect((await connectAs(mqttUrl, ok.sn, ok.secret!, { clientId: `${ok.sn}X` })).code).toBe(2);
  });

  it('refuses disabled and not-enabled devices and devices of a disabled account (5)', async () => {
    const disabled = await seedDevice(server, accountId, modelId, { status: DeviceStatus.DISABLED });
    expect((await connectAs(mqttUrl, disabled.sn, disabled.secret!)).code).toBe(5);
    const notEnabled = await seedDevice(server, accountId, modelId, { status: DeviceStatus.NOT_ENABLED });
    expect((await connectAs(mqttUrl, notEnabled.sn, notEnabled.secret!)).code).toBe(5);

    const other = await seedAccount(server);
    const dev = await seedDevice(server, other.accountId, modelId);
    expect((await connectAs(mqttUrl, dev.sn, dev.secret!)).code).toBe(0);
    await server.deps.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, other.accountId));
    expect((await connectAs(mqttUrl, dev.sn, dev.secret!)).code).toBe(5);
  });

  it("refuses a device that would exceed its manufacturer's licence (5); activated devices keep connecting", async () => {
    const maker = await seedManufacturer(server, 2);
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => seedDevice(server, accountId, modelId, { manufacturerId: maker.id })),
    );
    for (const d of [a!, b!]) {
      const r = await connectAs(mqttUrl, d.sn, d.secret!);
      expect(r.code).toBe(0);
      await r.client!.endAsync();
    }
    expect((await connectAs(mqttUrl, c!.sn, c!.secret!)).code).toBe(5);
    expect((await deviceRow(server, c!.id)).activated).toBe(false);
    const again = await connectAs(mqttUrl, a!.sn, a!.secret!);
    expect(again.code).toBe(0);
    await again.client!.endAsync();

    // a manufacturer without any valid licence activates nothing
    const unlicensed = await seedManufacturer(server);
    const d = await seedDevice(server, accountId, modelId, { manufacturerId: unlicensed.id });
    expect((await connectAs(mqttUrl, d.sn, d.secret!)).code).toBe(5);
  });
});

describe('topic ACL', () => {
  it("keeps a device out of another device's topics", async () => {
    const a = await seedDevice(server, accountId, modelId);
    const b = await seedDevice(server, accountId, modelId);
    const { client } = await connectAs(mqttUrl, a.sn, a.secret!);
    // MQTT.js rejects a SUBACK with failures; the packet carries the granted QoS per topic
    const suback = await client!
      .subscribeAsync(
        [topics.deviceSubscription(b.sn), topics.down(b.sn, 'cmd'), topics.deviceSubscription(a.sn), 'herald/#', '#'],
        { qos: 1 },
      )
      .then(
        () => undefined,
        (err: { packet?: { granted: number[] } }) => err.packet,
      );
    expect(suback?.granted).toEqual([128, 128, 1, 128, 128]);

    // publishing as B: the broker drops the connection and Herald never processes the message
    const closed = new Promise<void>((r) => client!.once('close', () => r()));
    const telemetry = { v: PROTOCOL_VERSION, ts: Date.now(), volume: 33 };
    client!.publish(topics.up(b.sn, 'telemetry'), JSON.stringify(telemetry), { qos: 1 });
    await closed;
    client!.end(true);
    // its own telemetry, sent afterwards on a new connection, is processed: so B's would have been by now
    const again = await connectAs(mqttUrl, a.sn, a.secret!);
    await again.client!.publishAsync(topics.up(a.sn, 'telemetry'), JSON.stringify(telemetry), { qos: 1 });
    await eventually(async () => (await deviceRow(server, a.id)).telemetryAt, 'own telemetry');
    await again.client!.endAsync();
    expect((await deviceRow(server, b.id)).telemetryAt).toBeNull();
  });

  it('refuses publishing to down topics and to unknown kinds', async () => {
    const a = await seedDevice(server, accountId, modelId);
    for (const topic of [topics.down(a.sn, 'cmd'), `herald/${a.sn}/up/unknown`, 'other/topic']) {
      const { client } = await connectAs(mqttUrl, a.sn, a.secret!);
      const closed = new Promise<void>((r) => client!.once('close', () => r()));
      client!.publish(topic, '{}', { qos: 1 });
      await closed;
      client!.end(true);
    }
  });
});

describe('presence and telemetry', () => {
  it('records online/offline with timestamps and the connection history', async () => {
    const { row, d } = await onlineSim();
    const on = await deviceRow(server, row.id);
    expect(on.lastOnlineAt).toBeInstanceOf(Date);
    expect(on.connectionId).not.toBeNull();
    const telemetry = await eventually(
      async () => (await deviceRow(server, row.id)).telemetryAt && deviceRow(server, row.id),
    );
    expect(telemetry.firmwareVersion).toBe('1.00.00.01');
    expect(telemetry.telemetry).toMatchObject({ printer: { state: 'normal' }, network: { type: 'wifi' } });
    expect(telemetry.lat).toBeCloseTo(d.state.location.lat);

    await d.stop();
    const off = await eventually(async () => {
      const r = await deviceRow(server, row.id);
      return !r.online && r;
    }, 'offline');
    expect(off.lastOfflineAt!.getTime()).toBeGreaterThanOrEqual(on.lastOnlineAt!.getTime());
    const history = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
    expect(history).toHaveLength(1);
    expect(history[0]!.disconnectedAt).toBeInstanceOf(Date);
    expect(history[0]!.reason).toBe('disconnected');
  });

  it('goes offline when the connection dies without a goodbye', async () => {
    const { row, d } = await onlineSim();
    d.crash();
    const off = await eventually(async () => {
      const r = await deviceRow(server, row.id);
      return !r.online && r;
    }, 'offline after crash');
    expect(off.lastOfflineAt).toBeInstanceOf(Date);
    const [conn] = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
    expect(conn!.reason).toBe('connection lost');
  });

  it('stays online when a new session takes over the old one', async () => {
    const row = await seedDevice(server, accountId, modelId);
    const first = await connectAs(mqttUrl, row.sn, row.secret!);
    await eventually(async () => (await deviceRow(server, row.id)).online);
    const oldClosed = new Promise<void>((r) => first.client!.once('close', () => r()));
    const second = await connectAs(mqttUrl, row.sn, row.secret!, { ts: Date.now() + 1 });
    await oldClosed;
    first.client!.end(true);
    const history = await eventually(async () => {
      const h = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
      return h.length === 2 && h.some((c) => c.reason === 'session taken over') && h;
    }, 'take-over recorded');
    const current = await deviceRow(server, row.id);
    expect(current.online).toBe(true);
    expect(current.connectionId).toBe(history.find((c) => !c.disconnectedAt)!.id);
    await second.client!.endAsync();
    await eventually(async () => !(await deviceRow(server, row.id)).online);
  });

  it('merges events into the live state', async () => {
    const { row, d } = await onlineSim();
    d.injectFault('paper-out');
    await eventually(async () => {
      const t = (await deviceRow(server, row.id)).telemetry as { printer?: { state: string } } | null;
      return t?.printer?.state === 'outOfPaper';
    }, 'paper out');
    d.injectFault('low-battery');
    await eventually(async () => {
      const t = (await deviceRow(server, row.id)).telemetry as { battery?: { state: string } } | null;
      return t?.battery?.state === 'low';
    }, 'low battery');
  });
});

describe('commands', () => {
  it('round-trips every command: the device obeys and acks, the row records latency', async () => {
    const { row, d } = await onlineSim();
    const params: Record<CommandName, object> = {
      pause: {},
      resume: {},
      setPrintParams: { ...DEFAULT_PRINT_PARAMS, speed: 90, paperWidth: 80 },
      setVolume: { volume: 25 },
      mute: { until: Date.now() + 3_600_000 },
      unmute: {},
      qrSwitch: { enabled: true, password: '1234' },
      uploadLog: { url: (await createLogUpload(server.deps, row.id)).url },
      presence: {},
      // a job it never had: answered 'unknown' (and a later copy of it is dropped)
      cancel: { job: '00000000-0000-4000-8000-000000000000' },
      restart: {},
    };
    const seen: Record<string, unknown> = {};
    for (const [cmd, p] of Object.entries(params) as [CommandName, object][]) {
      if (cmd === 'resume') seen.pausedBefore = d.state.paused;
      if (cmd === 'unmute') seen.mutedBefore = d.state.muted;
      const { id } = await sendCommand(row.sn, row.id, cmd, p);
      const r = await settled(id);
      expect(r.status, `${cmd}: ${r.ackCode} ${r.ackMessage}`).toBe('acked');
      expect(r.ackCode).toBe('ok');
      expect(r.latencyMs).toBeGreaterThanOrEqual(0);
      expect(r.ackedAt).toBeInstanceOf(Date);
      if (cmd === 'restart') break;
      await d.waitOnline();
    }
    expect(seen).toEqual({ pausedBefore: true, mutedBefore: true });
    expect(d.state.paused).toBe(false);
    expect(d.state.printParams).toMatchObject({ speed: 90, paperWidth: 80 });
    expect(d.state.volume).toBe(25);
    expect(d.state.muted).toBe(false);
    expect(d.state.qr).toEqual({ enabled: true, password: '1234' });
    const [log] = await server.deps.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, row.id));
    expect(log!.uploadedAt).toBeInstanceOf(Date);
    expect(log!.content!.toString()).toContain(`# ${row.sn}`);

    // restart: an orderly offline, a new session, a boot event
    await eventually(async () => {
      const h = await server.deps.db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, row.id));
      return h.length === 2 && h.filter((c) => !c.disconnectedAt).length === 1 && h;
    }, 'reconnect after restart');
    await eventually(async () => ((await deviceRow(server, row.id)).telemetry as { bootAt?: number }).bootAt, 'boot');
    expect((await deviceRow(server, row.id)).online).toBe(true);
  });

  it('answers a repeated id once and does not execute it again', async () => {
    const { row, d } = await onlineSim();
    const { id, payload } = await sendCommand(row.sn, row.id, 'setVolume', { volume: 50 });
    await settled(id);
    await server.deps.gateway.publish(row.sn, 'cmd', { ...payload, params: { volume: 15 } });
    await eventually(async () => d.received.some((r) => r.id === id && r.outcome === 'duplicate'), 'duplicate seen');
    expect(d.state.volume).toBe(50);
    expect(d.received.filter((r) => r.id === id && r.outcome === 'executed')).toHaveLength(1);
  });

  it('ignores an expired command and says so', async () => {
    const { row, d } = await onlineSim();
    const { id } = await sendCommand(row.sn, row.id, 'setVolume', { volume: 0 }, { expireAt: Date.now() - 1000 });
    const r = await settled(id);
    expect(r.status).toBe('expired');
    expect(d.state.volume).not.toBe(0);
  });

  it('keeps the row waiting when the ack is dropped, and takes a late ack', async () => {
    const { row, d } = await onlineSim();
    d.injectFault('drop-ack');
    const dropped = await sendCommand(row.sn, row.id, 'pause', {});
    await eventually(async () => d.received.some((r) => r.id === dropped.id), 'received');
    d.clearFault('drop-ack');
    d.injectFault('slow-ack');
    const slow = await sendCommand(row.sn, row.id, 'resume', {});
    const r = await settled(slow.id);
    expect(r.status).toBe('acked');
    expect((await commandRow(dropped.id)).status).toBe('sent');
  });

  it("sends a batch's command to its online devices at once; one the broker refuses is marked failed", async () => {
    const online = await Promise.all([onlineSim(), onlineSim(), onlineSim()]);
    const offline = await seedDevice(server, accountId, modelId);
    const target = (row: { id: number; sn: string }, isOnline: boolean) => ({ ...row, accountId, online: isOnline });
    // the broker as it is, each publish a little slower, counted while in flight; `refused` it will not take
    let inFlight = 0;
    let mostInFlight = 0;
    let refused: string | undefined;
    const publish = server.deps.gateway.publish.bind(server.deps.gateway);
    const spy = vi.spyOn(server.deps.gateway, 'publish').mockImplementation(async (sn, kind, payload) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      try {
        await new Promise((r) => setTimeout(r, 30));
        if (sn === refused) throw new GatewayUnavailable('refused by the test');
        await publish(sn, kind, payload);
      } finally {
        inFlight--;
      }
    });
    try {
      const sent = await sendToOnline(
        server.deps,
        { userId: null },
        [...online.map(({ row }) => target(row, true)), target(offline, false)],
        'mute',
        { until: Date.now() + 3_600_000 },
      );
      // together, not one after another (which gave 1)
      expect(mostInFlight).toBe(3);
      expect(sent.map((c) => c.deviceId).sort()).toEqual(online.map(({ row }) => row.id).sort());
      for (const c of sent) expect((await settled(c.commandId)).status).toBe('acked');
      for (const { d } of online) expect(d.state.muted).toBe(true);
      expect(
        await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, offline.id)),
      ).toHaveLength(0);

      // the broker takes two of the three: only the third's row says it never left
      refused = online[1]!.row.sn;
      const again = await sendToOnline(
        server.deps,
        { userId: null },
        online.map(({ row }) => target(row, true)),
        'unmute',
        {},
      );
      expect(again.map((c) => c.sn).sort()).toEqual(
        online
          .map(({ row }) => row.sn)
          .filter((sn) => sn !== refused)
          .sort(),
      );
      const rows = await server.deps.db
        .select()
        .from(deviceCommands)
        .where(and(eq(deviceCommands.command, 'unmute'), eq(deviceCommands.deviceId, online[1]!.row.id)));
      expect(rows.map((r) => [r.status, r.ackMessage])).toEqual([['failed', 'not delivered: device not online']]);
      for (const c of again) expect(['sent', 'acked']).toContain((await commandRow(c.commandId)).status);
      for (const c of again) expect((await settled(c.commandId)).status).toBe('acked');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('kick', () => {
  it('drops a connection; a disabled device cannot come back', async () => {
    const { row, d } = await onlineSim();
    await server.deps.db.update(devices).set({ status: DeviceStatus.DISABLED }).where(eq(devices.id, row.id));
    const refused = new Promise<number>((r) => d.once('refused', r));
    await server.deps.gateway.kick([row.sn], 'device disabled');
    await eventually(async () => !(await deviceRow(server, row.id)).online, 'offline');
    expect(await refused).toBe(5);
    const [conn] = await server.deps.db
      .select()
      .from(deviceConnections)
      .where(and(eq(deviceConnections.deviceId, row.id)));
    expect(conn!.reason).toBe('device disabled');
  });
});

describe('WebSocket', () => {
  it('accepts devices on /mqtt of the HTTP server', async () => {
    const row = await seedDevice(server, accountId, modelId);
    const d = sim(row.sn, row.secret!, { mqttUrl: server.deps.gateway.endpoints().ws! });
    expect(server.deps.gateway.endpoints().ws).toBe(`${httpUrl.replace('http', 'ws')}/mqtt`);
    d.start();
    await d.waitOnline();
    await eventually(async () => (await deviceRow(server, row.id)).online, 'online over ws');
  });
});

describe('simulated fleet', () => {
  it('registers devices through an application and brings them online', async () => {
    const app = await seedApplication(server, accountId, { autoRegister: true });
    const fleet = new Fleet({
      httpUrl,
      mqttUrl,
      count: 5,
      modelCode,
      appKey: app.appKey,
      appSecret: app.appSecret,
      snPrefix: `FL${Date.now().toString(36).toUpperCase()}`,
      faults: [{ fault: 'paper-out', share: 0.4 }],
      device: { backoffMinMs: 50 },
    });
    await fleet.start();
    sims.push(...fleet.devices);
    expect(fleet.failed).toEqual([]);
    await Promise.all(fleet.devices.map((d) => d.waitOnline()));
    const rows = await eventually(async () => {
      const r = await server.deps.db.select().from(devices).where(eq(devices.appId, app.id));
      return r.length === 5 && r.every((x) => x.online && x.activated) && r;
    }, 'fleet online');
    expect(fleet.devices.filter((d) => d.faults.has('paper-out'))).toHaveLength(2);
    expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
  });
});

describe('closing', () => {
  it('refuses a publish as unavailable once the broker closes: the job waits in its row for the next start', async () => {
    const own = await startPeer(server);
    try {
      await own.deps.gateway.close();
      // not an error to log per job (a stopping server logged ~90 of them): the pipeline keeps the job queued
      await expect(own.deps.gateway.publish('CLOSED0001', 'job', { v: PROTOCOL_VERSION })).rejects.toBeInstanceOf(
        GatewayUnavailable,
      );
    } finally {
      await own.close();
    }
  });

  it('settles the publishes in flight when the broker closes, so a stop never waits on one for good', async () => {
    const own = await startPeer(server);
    try {
      const sent = Array.from({ length: 200 }, (_, i) =>
        own.deps.gateway.publish(`INFLIGHT${i}`, 'job', { v: PROTOCOL_VERSION }).then(
          () => 'sent',
          (err: unknown) => (err instanceof GatewayUnavailable ? 'unavailable' : String(err)),
        ),
      );
      await own.deps.gateway.close();
      const outcomes = await Promise.race([
        Promise.all(sent),
        new Promise<string>((r) => setTimeout(() => r('still waiting 5 s after close'), 5_000)),
      ]);
      expect(
        Array.isArray(outcomes) ? [...new Set(outcomes)].filter((o) => o !== 'sent' && o !== 'unavailable') : outcomes,
      ).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
