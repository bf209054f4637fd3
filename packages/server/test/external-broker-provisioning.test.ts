import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountStatus, DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { mqttStaticPassword } from '@herald/contract/device-sign';
import { openDatabase, type Database } from '../src/db/client';
import { devices } from '../src/db/schema';
import { Dynsec } from '../src/gateway/dynsec';
import { startProvisioning, type Provisioning } from '../src/gateway/provisioning';
import { seedAccount } from './fixtures';
import { eventually, seedModel } from './devices-fixture';
import { adminClient, Client, expectOk, startServer, type TestServer } from './harness';
import { startDynsecMosquitto } from './mosquitto';
import { uniq } from './people';

/**
 * Provisioning into Mosquitto's dynamic-security plugin (MQTT_PROVISION=dynsec) against a real
 * Mosquitto: a node starts in seconds whatever the fleet, a background reconcile then lets the
 * devices in, and neither a reconcile nor a start undoes a change made meanwhile on another node.
 * "Another node" here is a second provisioning object on the same database with a broker
 * connection of its own (on PostgreSQL it holds devices through the database, as a node does).
 */
const ADMIN = { user: 'herald-server', password: 'Srv-secret-2' };
const FLEET = 1000;

let broker: Awaited<ReturnType<typeof startDynsecMosquitto>>;
let server: TestServer;
let A: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
const clients: mqtt.MqttClient[] = [];

beforeAll(async () => {
  broker = await startDynsecMosquitto(ADMIN);
  server = await startServer({
    MQTT_URL: `mqtt://${ADMIN.user}:${ADMIN.password}@127.0.0.1:${broker.port}`,
    MQTT_PROVISION: 'dynsec',
  });
  A = await seedAccount(server);
  modelId = (await seedModel(server)).id;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await server?.close();
  broker?.stop();
});

/** `count` devices of A (or of `accountId`) straight in the database: S/N → secret. */
async function seedFleet(count: number, status: number = DeviceStatus.ENABLED, accountId = A.accountId) {
  const prefix = `P${uniq()}`.toUpperCase();
  const rows = Array.from({ length: count }, (_, i) => ({
    accountId,
    sn: `${prefix}${String(i).padStart(5, '0')}`,
    modelId,
    secret: randomBytes(16).toString('hex'),
    status,
    printParams: DEFAULT_PRINT_PARAMS,
  }));
  return server.deps.db
    .insert(devices)
    .values(rows)
    .returning({ id: devices.id, sn: devices.sn, secret: devices.secret });
}

/** A device's connection attempt with its static password: true when the broker lets it in. */
const getsIn = (d: { sn: string; secret: string | null }) =>
  new Promise<boolean>((resolve) => {
    const client = mqtt.connect(broker.url, {
      clientId: d.sn,
      username: d.sn,
      password: mqttStaticPassword(d.secret!),
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    client.once('connect', () => (clients.push(client), resolve(true)));
    client.once('error', () => (client.end(true), resolve(false)));
  });

/** What the broker's copy says about a device (undefined: not there). */
async function atBroker(sn: string) {
  const c = mqtt.connect(broker.url, { username: ADMIN.user, password: ADMIN.password, protocolVersion: 5 });
  try {
    const d = new Dynsec(c);
    await d.start();
    return (await d.getClients([sn])).get(sn);
  } finally {
    await c.endAsync(true);
  }
}

/** Enable (2) or disable (1) through the API of the server as it is now (restarts make new ones). */
const setStatus = (id: number, status: 1 | 2) => {
  const c = new Client(server);
  c.token = A.client.token;
  return c.post('/v1/devices/status', { ids: [id], status });
};
const statusOf = async (id: number) =>
  (await server.deps.db.select({ status: devices.status }).from(devices).where(eq(devices.id, id)))[0]!.status;

describe('dynamic-security provisioning', () => {
  it(
    `starts and is ready in seconds with ${FLEET} devices to provision; the reconcile then lets them in`,
    { timeout: 240_000 },
    async () => {
      const fleet = await seedFleet(FLEET);
      const [late] = await seedFleet(1, DeviceStatus.DISABLED);
      const t0 = Date.now();
      server = await server.restart();
      const startMs = Date.now() - t0;
      // listening and answering: a real HTTP request to the started node
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
      const res = await fetch(`${base}/openapi.json`);
      expect(res.status).toBe(200);
      expect(startMs).toBeLessThan(5000);
      const gateway = server.deps.gateway;
      expect(gateway.provisioned!()).toBe(false);
      // ready at once: the reconcile is the broker's copy for every node, not this node's work; the
      // detail says it runs, and its end is a worker round in the metrics
      const brokerCheck = async () => {
        const r = await fetch(`${base}/readyz`);
        expect(r.status).toBe(200);
        return ((await r.json()) as { broker: unknown }).broker;
      };
      expect(await brokerCheck()).toEqual({
        ready: true,
        detail: "the first reconcile of the devices' broker copies is running",
      });
      const provisioningRound = async () =>
        (
          await server.deps.metrics.registry.getSingleMetric('herald_worker_last_success_timestamp_seconds')!.get()
        ).values.find((v) => v.labels.worker === 'broker provisioning');
      expect(await provisioningRound()).toBeUndefined();

      // a device enabled while the node starts gets in without waiting for the reconcile
      expectOk(await setStatus(late!.id, 2));
      expect(await getsIn(late!)).toBe(true);

      // Mosquitto 2.0 writes its whole file after each created client and role, so the first
      // reconcile's broker CPU grows with the square of the fleet (~12 s for 1,000 here, alone):
      // on a loaded machine it takes minutes, not the default 50 s
      await eventually(async () => gateway.provisioned!(), 'first reconcile', 150_000);
      const readyMs = Date.now() - t0;
      expect(await brokerCheck()).toEqual({ ready: true });
      expect((await provisioningRound())!.value).toBeGreaterThan(t0 / 1000);
      expect(await getsIn(fleet[0]!)).toBe(true);
      expect(await getsIn(fleet.at(-1)!)).toBe(true);
      console.info(`dynsec: ${FLEET} devices — started in ${startMs} ms, provisioned after ${readyMs} ms`);

      // a second start finds the broker up to date: nothing to send
      const t1 = Date.now();
      server = await server.restart();
      await eventually(async () => server.deps.gateway.provisioned!(), 'second reconcile');
      console.info(`dynsec: ${FLEET} devices already provisioned — reconciled after ${Date.now() - t1} ms`);
    },
  );

  it('fails a batch at once when its connection closes, not after the answer timeout', async () => {
    const c = mqtt.connect(broker.url, {
      username: ADMIN.user,
      password: ADMIN.password,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    try {
      const dynsec = new Dynsec(c);
      await dynsec.start();
      // the broker answers nothing while stopped; the connection then drops, as in a broker restart
      process.kill(broker.pid, 'SIGSTOP');
      try {
        const t0 = Date.now();
        const pending = dynsec.getClients(['NOBODY']);
        pending.catch(() => {});
        await new Promise((r) => setTimeout(r, 200));
        c.stream.destroy();
        await expect(pending).rejects.toThrow('dynamic-security: the connection to the broker closed');
        // the answer timeout is 10 s
        expect(Date.now() - t0).toBeLessThan(5000);
        // and nothing is sent while the connection is down
        await expect(dynsec.getClients(['NOBODY'])).rejects.toThrow('dynamic-security: not connected to the broker');
      } finally {
        // (a broker gone meanwhile must not hide the test's own failure)
        try {
          process.kill(broker.pid, 'SIGCONT');
        } catch {
          // gone: nothing to resume
        }
      }
    } finally {
      await c.endAsync(true);
    }
  });

  it(
    'an account disabled and enabled at once: its devices in a few messages, each as the database says',
    { timeout: 60_000 },
    async () => {
      const C = await seedAccount(server);
      const fleet = await seedFleet(60, DeviceStatus.ENABLED, C.accountId);
      const sns = fleet.map((d) => d.sn);
      const batches = vi.spyOn(Dynsec.prototype, 'batch');
      const c = mqtt.connect(broker.url, { username: ADMIN.user, password: ADMIN.password, protocolVersion: 5 });
      try {
        const dynsec = new Dynsec(c);
        await dynsec.start();
        const copies = async () => [...(await dynsec.getClients(sns)).values()];
        await server.deps.gateway.deviceChanged!(sns);
        expect(await copies()).toHaveLength(60);
        expect(await getsIn(fleet[0]!)).toBe(true);

        const op = await adminClient(server);
        for (const [status, disabled] of [
          [AccountStatus.DISABLED, true],
          [AccountStatus.ENABLED, false],
        ] as const) {
          batches.mockClear();
          expectOk(await op.post(`/v1/accounts/${C.accountId}/status`, { status }));
          // one message of reads and two of changes (50 a message), not two round trips per device
          expect(batches.mock.calls.length).toBeLessThanOrEqual(3);
          expect((await copies()).map((x) => x.disabled ?? false)).toEqual(sns.map(() => disabled));
          expect(await getsIn(fleet.at(-1)!)).toBe(!disabled);
        }

        // in pages (another node's provisioning with pages of 25), the devices disabled in the database
        await server.deps.db
          .update(devices)
          .set({ status: DeviceStatus.DISABLED })
          .where(eq(devices.accountId, C.accountId));
        const paged = startProvisioning(server.deps, dynsec, server.app.log, { everyMs: 3600_000, pageSize: 25 });
        try {
          await paged.changed([...sns].reverse());
          expect((await copies()).every((x) => x.disabled)).toBe(true);
        } finally {
          // (it ends this connection's batches: nothing is asked of the broker after it)
          await paged.close();
        }
      } finally {
        batches.mockRestore();
        await c.endAsync(true);
      }
    },
  );

  describe('a change on another node while a reconcile holds the device', () => {
    let other: mqtt.MqttClient;
    let dynsec: Dynsec;
    let b: Provisioning;
    let ownDb: Database | undefined;
    const hooks: { afterRead?: (sns: string[]) => Promise<void> } = {};
    beforeAll(async () => {
      other = mqtt.connect(broker.url, { username: ADMIN.user, password: ADMIN.password, protocolVersion: 5 });
      dynsec = new Dynsec(other);
      await dynsec.start();
      // on PostgreSQL, a database pool of its own: B holds devices only through the database, as a node does
      const url = server.deps.config.databaseUrl;
      if (url) ownDb = await openDatabase({ databaseUrl: url });
      b = startProvisioning(ownDb ? { ...server.deps, db: ownDb.db } : server.deps, dynsec, server.app.log, {
        everyMs: 3600_000,
        hooks: { afterRead: (sns) => hooks.afterRead?.(sns) ?? Promise.resolve() },
      });
      await eventually(async () => b.ready(), 'the other node reconciled');
    });
    afterAll(async () => {
      await b?.close();
      await other?.endAsync(true);
      await ownDb?.close();
    });

    /**
     * Run B's reconcile; when it has read `target`'s state, change the device through the API of
     * the server (node A) and let that change run as far as it can (done, or waiting for the
     * device) before B applies what it read.
     */
    async function reconcileWhile(target: { id: number; sn: string }, status: 1 | 2) {
      let change: Promise<unknown> | undefined;
      hooks.afterRead = async (sns) => {
        if (change || !sns.includes(target.sn)) return;
        change = setStatus(target.id, status);
        await eventually(async () => (await statusOf(target.id)) === status, 'the change written');
        await Promise.race([change, new Promise((r) => setTimeout(r, 500))]);
      };
      try {
        await b.reconcile();
      } finally {
        hooks.afterRead = undefined;
      }
      expect(change, 'the reconcile read the device').toBeDefined();
      expectOk((await change) as Parameters<typeof expectOk>[0]);
    }

    it('a device disabled during a reconcile stays out', { timeout: 60_000 }, async () => {
      const [d] = await seedFleet(1);
      await server.deps.gateway.deviceChanged!([d!.sn]);
      expect(await getsIn(d!)).toBe(true);
      // the broker lost its copy, so the reconcile holds the device to create it again
      expect(await dynsec.run({ command: 'deleteClient', username: d!.sn })).toBeUndefined();
      await reconcileWhile(d!, 1);
      expect(await statusOf(d!.id)).toBe(DeviceStatus.DISABLED);
      expect(await atBroker(d!.sn)).toMatchObject({ disabled: true });
      expect(await getsIn(d!)).toBe(false);
    });

    it.runIf(process.env.TEST_DATABASE_URL)(
      'a change applies at once the devices no other node holds, and the one held when it is let go',
      { timeout: 60_000 },
      async () => {
        const fleet = await seedFleet(7);
        const sns = fleet.map((d) => d.sn);
        const [held] = sns;
        // another node holds one device, as provisioning.ts does (class 727276, the S/N's hash)
        const holder = new pg.Client({ connectionString: server.deps.config.databaseUrl });
        await holder.connect();
        try {
          await holder.query('select pg_advisory_lock(727276, hashtext($1))', [held]);
          const change = b.changed(sns);
          await eventually(
            async () => [...(await dynsec.getClients(sns)).keys()].length === 6,
            'the six devices not held applied',
          );
          expect((await dynsec.getClients(sns)).has(held!)).toBe(false);
          await holder.query('select pg_advisory_unlock(727276, hashtext($1))', [held]);
          await change;
          expect([...(await dynsec.getClients(sns)).keys()].sort()).toEqual([...sns].sort());
        } finally {
          await holder.end();
        }
      },
    );

    it('a device enabled during a reconcile gets in', { timeout: 60_000 }, async () => {
      const [d] = await seedFleet(1, DeviceStatus.DISABLED);
      await server.deps.gateway.deviceChanged!([d!.sn]);
      expect(await getsIn(d!)).toBe(false);
      // a copy made at the broker behind Herald's back, so the reconcile holds the device to disable it
      expect(
        await dynsec.run({ command: 'createClient', username: d!.sn, password: 'made-elsewhere' }),
      ).toBeUndefined();
      await reconcileWhile(d!, 2);
      const copy = await atBroker(d!.sn);
      expect(copy?.username).toBe(d!.sn);
      expect(copy?.disabled ?? false).toBe(false);
      expect(await getsIn(d!)).toBe(true);
    });

    it('a reconcile holds no device while it reads: a change does not wait for its broker answer', async () => {
      const [d] = await seedFleet(1);
      await server.deps.gateway.deviceChanged!([d!.sn]);
      expect(await getsIn(d!)).toBe(true);
      // B's reconcile stops at its read of the broker's copies of d's page until let go
      let letGo!: () => void;
      const gate = new Promise<void>((r) => (letGo = r));
      let reached!: () => void;
      const atRead = new Promise<void>((r) => (reached = r));
      const read = dynsec.getClients.bind(dynsec);
      let stopped = false;
      const spy = vi.spyOn(dynsec, 'getClients').mockImplementation(async (sns) => {
        if (!stopped && sns.includes(d!.sn)) {
          stopped = true;
          reached();
          await gate;
        }
        return read(sns);
      });
      try {
        const reconciling = b.reconcile();
        await atRead;
        // disabled in the database, then brought to the broker by B while its reconcile waits
        await server.deps.db.update(devices).set({ status: DeviceStatus.DISABLED }).where(eq(devices.id, d!.id));
        const change = b.changed([d!.sn]);
        const first = await Promise.race([change.then(() => 'change'), sleep(5000).then(() => 'timeout')]);
        letGo();
        await reconciling;
        await change;
        expect(first, 'the change was applied while the reconcile read').toBe('change');
        expect(await atBroker(d!.sn)).toMatchObject({ disabled: true });
      } finally {
        letGo();
        spy.mockRestore();
      }
    });
  });
});
