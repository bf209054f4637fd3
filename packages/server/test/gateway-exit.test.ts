import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { VirtualDevice } from '@herald/device-sim';
import { builtServerCommand } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../src/db/client';
import { pgliteDirOf } from '../src/db/embedded-thread';
import { accounts, deviceConnections, devices, models } from '../src/db/schema';
import { eventually } from './devices-fixture';
import { PNG_1X1 } from './fleet';
import { processEnv, spawnServer, untilReady, type ServerProcess } from './server-process';
import { testDatabase } from './harness';

/**
 * SIGTERM to a server process whose embedded broker holds devices (main.ts closes with
 * `exiting`): the devices keep their connections until the server has recorded what they started
 * and marked them offline, then lose them all with the process, which exits 0. The broker does not
 * close its clients one by one first (at 5,000 devices that took ~1 s, and the devices dropped
 * then retried while nothing listened: docs/benchmarks.md). Devices on the WebSocket endpoint are
 * ended by the gateway once recorded offline (the HTTP server's close would wait for them for good).
 * On PGlite, or on a fresh database of TEST_DATABASE_URL, both seeded before the server starts.
 */
const N = 12;
/** the last of them connect through the WebSocket endpoint (/mqtt on the HTTP port) */
const WS = 2;

let server: ServerProcess | undefined;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const sims: VirtualDevice[] = [];
/** when each device saw its connection end (this process's clock, as the server's log times) */
const droppedAt = new Map<string, number>();

const openSeeded = () => openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDirOf(dataDir) });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-gateway-exit-'));
  const database = await testDatabase();
  databaseUrl = database?.url;
  if (database) dropDatabase = database.drop;
  else {
    // the run's migrated database (global-setup.ts), written into this server's data directory
    const snapshot = inject('pgliteSnapshot');
    const db = new PGlite(pgliteDirOf(dataDir), { loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
    await db.close();
  }

  // one account, one model, N enabled devices with known secrets
  const secrets = new Map<string, string>();
  const seeding = await openSeeded();
  try {
    const { db } = seeding;
    const [account] = await db
      .insert(accounts)
      .values({
        name: 'Exit shop',
        country: 'GB',
        timeZone: 'Europe/London',
        industry: 'retail',
        subjectType: 'business',
        subjectName: 'Exit shop Ltd',
      })
      .returning();
    const [model] = await db
      .insert(models)
      .values({
        name: 'Exit printer',
        code: 'EXIT-P1',
        type: 'printer',
        image: Buffer.from(PNG_1X1, 'base64'),
        imageMime: 'image/png',
      })
      .returning();
    for (let i = 1; i <= N; i++) {
      const sn = `EXIT${String(i).padStart(4, '0')}`;
      const secret = randomBytes(16).toString('hex');
      secrets.set(sn, secret);
      await db.insert(devices).values({
        accountId: account!.id,
        sn,
        modelId: model!.id,
        secret,
        status: DeviceStatus.ENABLED,
        printParams: DEFAULT_PRINT_PARAMS,
      });
    }
  } finally {
    await seeding.close();
  }

  const { env, base, mqttPort } = await processEnv({ dataDir, databaseUrl });
  server = spawnServer(builtServerCommand(), env);
  await untilReady(server, base);

  for (const [sn, secret] of secrets) {
    const mqttUrl = sims.length < N - WS ? `mqtt://127.0.0.1:${mqttPort}` : `${base.replace('http', 'ws')}/mqtt`;
    // no second attempt within the test: what the test sees is the first connection's end
    const d = new VirtualDevice({ sn, secret, mqttUrl, backoffMinMs: 60_000 });
    d.on('offline', () => droppedAt.set(sn, Date.now()));
    sims.push(d);
    d.start();
  }
  // online: connected, subscribed, and its presence message acknowledged (so stored)
  await Promise.all(sims.map((d) => d.waitOnline(20_000)));
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

it('keeps the devices connected until they are recorded offline, then they go with the process', async () => {
  const { child, exited, output } = server!;
  child.kill('SIGTERM');
  expect(await exited, output()).toBe(0);
  await eventually(async () => droppedAt.size === N, 'every device saw its connection end');

  // the close's last line is written before the process ends, and with it the connections
  const closed = output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; time?: number; ms?: Record<string, number> })
    .find((l) => l.msg === 'closed' || l.msg === 'closed slowly');
  expect(closed?.time, output()).toBeTypeOf('number');
  // the WebSocket devices go before the HTTP server closes (it would wait for them), once recorded offline
  const tcp = new Set(sims.slice(0, N - WS).map((d) => d.sn));
  const early = [...droppedAt].filter(([sn, at]) => tcp.has(sn) && at < closed!.time!);
  expect(
    early.map(([sn]) => sn),
    'devices dropped before the server had closed',
  ).toEqual([]);
  expect(output()).not.toContain('"level":50');

  // what the server recorded before it went: every device offline, its one connection closed
  const database = await openSeeded();
  try {
    const { db } = database;
    const sns = sims.map((d) => d.sn);
    const rows = await db.select().from(devices).where(inArray(devices.sn, sns));
    expect(rows.filter((r) => r.online || r.connectionId !== null).map((r) => r.sn)).toEqual([]);
    const connections = await db
      .select()
      .from(deviceConnections)
      .where(
        inArray(
          deviceConnections.deviceId,
          rows.map((r) => r.id),
        ),
      );
    expect(connections).toHaveLength(N);
    expect(connections.filter((c) => c.disconnectedAt === null || c.reason !== 'server stopped')).toEqual([]);
  } finally {
    await database.close();
  }
});
