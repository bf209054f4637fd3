import { spawn, type ChildProcess } from 'node:child_process';
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
import { adminQuery } from './global-setup';
import { PNG_1X1 } from './fleet';
import { ADMIN_PASSWORD } from './harness';
import { freePort } from './mosquitto';

/**
 * SIGTERM to a server process whose embedded broker holds devices (main.ts closes with
 * `exiting`): the devices keep their connections until the server has recorded what they started
 * and marked them offline, then lose them all with the process, which exits 0. The broker does not
 * close its clients one by one first (at 5,000 devices that took ~1 s, and the devices dropped
 * then retried while nothing listened: docs/benchmarks.md). On PGlite, or on a fresh database of
 * TEST_DATABASE_URL, both seeded before the server starts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const N = 12;

let child: ChildProcess | undefined;
let output = '';
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const sims: VirtualDevice[] = [];
/** when each device saw its connection end (this process's clock, as the server's log times) */
const droppedAt = new Map<string, number>();

const openSeeded = () => openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDirOf(dataDir) });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-gateway-exit-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `herald_test_${randomBytes(6).toString('hex')}`;
    const template = inject('pgTemplate');
    await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  } else {
    // the run's migrated database (global-setup.ts), written into this server's data directory
    const snapshot = inject('pgliteSnapshot');
    const db = new PGlite(pgliteDirOf(dataDir), { loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
    await db.close();
  }

  // one account, one model, N enabled devices with known secrets
  const secrets = new Map<string, string>();
  const database = await openSeeded();
  try {
    const { db } = database;
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
    await database.close();
  }

  const port = await freePort();
  const mqttPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: '',
    LOG_LEVEL: 'info',
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_TLS_PORT: '-1',
  };
  delete env.MQTT_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const { command, args } = builtServerCommand();
  const started = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  const collect = (chunk: Buffer) => (output += chunk.toString());
  started.stdout!.on('data', collect);
  started.stderr!.on('data', collect);
  await eventually(async () => {
    if (started.exitCode !== null) throw new Error(`the server exited: ${output}`);
    return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
  }, 'the server ready');

  for (const [sn, secret] of secrets) {
    // no second attempt within the test: what the test sees is the first connection's end
    const d = new VirtualDevice({ sn, secret, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, backoffMinMs: 60_000 });
    d.on('offline', () => droppedAt.set(sn, Date.now()));
    sims.push(d);
    d.start();
  }
  // online: connected, subscribed, and its presence message acknowledged (so stored)
  await Promise.all(sims.map((d) => d.waitOnline(20_000)));
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

it('keeps the devices connected until they are recorded offline, then they go with the process', async () => {
  const server = child!;
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  expect(await exited, output).toBe(0);
  await eventually(async () => droppedAt.size === N, 'every device saw its connection end');

  // the close's last line is written before the process ends, and with it the connections
  const closed = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; time?: number; ms?: Record<string, number> })
    .find((l) => l.msg === 'closed');
  expect(closed?.time, output).toBeTypeOf('number');
  const early = [...droppedAt].filter(([, at]) => at < closed!.time!);
  expect(
    early.map(([sn]) => sn),
    'devices dropped before the server had closed',
  ).toEqual([]);
  expect(output).not.toContain('"level":50');

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
