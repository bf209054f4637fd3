/**
 * Connection-holding benchmark (issue 3): N simulated devices connected to one Herald server
 * (embedded Aedes broker, embedded PGlite), then the same N clients against a plain Mosquitto in
 * the same run. Prints connections held, the broker's RSS per connection and the ratio.
 *
 *   npx tsx bench/connections.ts --count 2000            (npm run bench:connections -- --count 2000)
 *
 * Options: --count N (2000)  --workers W (2)  --batch B (250 per worker)  --keepalive S (60)
 *          --telemetry-min M (10)  --settle S (10)  --timeout S (600)  --no-mosquitto  --no-herald
 *
 * The server and Mosquitto run as child processes; the devices live in W other child processes
 * (bench/connections-worker.ts), so each broker's RSS is measured alone (VmRSS of its process,
 * idle before the fleet connects and again once every device is in and a settle time has passed).
 * See docs/benchmarks.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserStatus } from '@herald/contract';
import { users } from '../packages/server/src/db/schema';
import { hashPassword } from '../packages/server/src/lib/crypto';
import type { WorkerParams, WorkerReport } from './connections-shared';
import { seedBenchFleet } from './seed';
import {
  freePort,
  log,
  procStatus,
  sleep,
  spawnHerald,
  startMosquitto,
  stopChild,
  stopDeviceWorkers,
  tmpDirs,
  track,
  waitForPort,
} from './processes';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    workers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '250' },
    keepalive: { type: 'string', default: '60' },
    'telemetry-min': { type: 'string', default: '10' },
    settle: { type: 'string', default: '10' },
    timeout: { type: 'string', default: '600' },
    'no-mosquitto': { type: 'boolean', default: false },
    'no-herald': { type: 'boolean', default: false },
    mosquitto: { type: 'string', default: '/usr/sbin/mosquitto' },
  },
});
const COUNT = Number(args.count);
const WORKERS = Math.max(1, Number(args.workers));
const BATCH = Math.max(1, Number(args.batch));
const KEEPALIVE = Number(args.keepalive);
const TELEMETRY_MS = Number(args['telemetry-min']) * 60_000;
const SETTLE_MS = Number(args.settle) * 1000;
const TIMEOUT_MS = Number(args.timeout) * 1000;
const ADMIN_PASSWORD = `Bench@${randomBytes(6).toString('hex')}`;

const mib = (kib: number) => (kib / 1024).toFixed(1);

// ── children and clean-up ──────────────────────────────────────────────────

// ── measurements ───────────────────────────────────────────────────────────

/** Open file descriptors of a process: each held connection is one. */
const fdCount = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;

function openFilesLimit(): { soft: number; hard: number } {
  const m = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  const n = (s: string | undefined) => (s === undefined || s === 'unlimited' ? Infinity : Number(s));
  return { soft: n(m?.[1]), hard: n(m?.[2]) };
}

// ── the fleet ──────────────────────────────────────────────────────────────

type FleetRun = { online: number; refused: number; rampMs: number; workers: ChildProcess[] };

/** Start the load processes against `mqttUrl` and wait until every device is online (or timeout). */
async function connectFleet(mqttUrl: string, runKey: string): Promise<FleetRun> {
  const per = Math.ceil(COUNT / WORKERS);
  const states: { online: number; refused: number; lastRefusal?: number; ramped: boolean }[] = [];
  const workers: ChildProcess[] = [];
  let t0 = Date.now();
  let firstSeen = false;
  for (let w = 0; w < WORKERS; w++) {
    const first = 1 + w * per;
    const count = Math.min(per, COUNT - w * per);
    if (count <= 0) break;
    const params: WorkerParams = {
      mqttUrl,
      first,
      count,
      batch: BATCH,
      batchTimeoutMs: 30_000,
      keepaliveSeconds: KEEPALIVE,
      telemetryIntervalMs: TELEMETRY_MS,
      runKey,
    };
    const state = { online: 0, refused: 0, ramped: false } as (typeof states)[number];
    states.push(state);
    const child = track(
      fork(path.join(import.meta.dirname, 'connections-worker.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_WORKER: JSON.stringify(params) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    child.on('message', (m: WorkerReport) => {
      // the ramp is timed from the first connection attempt, not from the load processes' start-up
      if (!firstSeen && m.type === 'progress' && m.started > 0) {
        firstSeen = true;
        t0 = Date.now();
      }
      if (m.type === 'ramped') state.ramped = true;
      else Object.assign(state, { online: m.online, refused: m.refused, lastRefusal: m.lastRefusal });
    });
    workers.push(child);
  }
  const total = () => states.reduce((s, x) => s + x.online, 0);
  const refusedTotal = () => states.reduce((s, x) => s + x.refused, 0);
  let lastLog = 0;
  let rampMs = NaN;
  const start = Date.now();
  while (Date.now() - start < TIMEOUT_MS) {
    await sleep(250);
    if (workers.some((w) => w.exitCode !== null)) throw new Error('a load process died');
    if (total() >= COUNT) {
      rampMs = Date.now() - t0;
      break;
    }
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      const last = states.find((s) => s.lastRefusal !== undefined)?.lastRefusal;
      log(
        `  ${total()}/${COUNT} online, ${refusedTotal()} refusals${last !== undefined ? ` (last code ${last})` : ''}`,
      );
    }
  }
  if (!Number.isFinite(rampMs)) log(`  timeout: ${total()}/${COUNT} online after ${TIMEOUT_MS / 1000} s`);
  return {
    online: total(),
    refused: refusedTotal(),
    rampMs: Number.isFinite(rampMs) ? rampMs : Date.now() - t0,
    workers,
  };
}

type Result = {
  broker: string;
  held: number;
  /** connections the broker process itself holds (fd count over idle) */
  fds: number;
  idleKiB: number;
  loadedKiB: number;
  peakKiB: number;
  rampMs: number;
  refused: number;
  serverOnline?: number;
};

async function measure(broker: string, pid: number, mqttUrl: string, runKey: string, extra?: () => Promise<number>) {
  await sleep(2000);
  const idleKiB = procStatus(pid, 'VmRSS');
  const idleFds = fdCount(pid);
  log(`${broker}: idle RSS ${mib(idleKiB)} MiB, ${idleFds} fds; connecting ${COUNT} devices`);
  const run = await connectFleet(mqttUrl, runKey);
  log(
    `${broker}: ${run.online}/${COUNT} online in ${(run.rampMs / 1000).toFixed(1)} s; settling ${SETTLE_MS / 1000} s`,
  );
  await sleep(SETTLE_MS);
  const result: Result = {
    broker,
    held: run.online,
    fds: fdCount(pid) - idleFds,
    idleKiB,
    loadedKiB: procStatus(pid, 'VmRSS'),
    peakKiB: procStatus(pid, 'VmHWM'),
    rampMs: run.rampMs,
    refused: run.refused,
  };
  if (extra) result.serverOnline = await extra().catch(() => NaN);
  log(
    `${broker}: RSS ${mib(result.loadedKiB)} MiB (peak ${mib(result.peakKiB)}), ${result.fds} connection fds` +
      (result.serverOnline !== undefined ? `, server reports ${result.serverOnline} online` : ''),
  );
  await stopDeviceWorkers(run.workers);
  return result;
}

// ── Herald ─────────────────────────────────────────────────────────────────

/** Account, model, an operator admin with a known password and N devices, before the server starts. */
async function seedHerald(dataDir: string, runKey: string) {
  const t0 = Date.now();
  await seedBenchFleet(dataDir, COUNT, runKey, async (db) => {
    await db.insert(users).values({
      side: 'op',
      username: 'admin',
      email: 'admin@herald.local',
      name: 'Administrator',
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      status: UserStatus.ENABLED,
      isSuperAdmin: true,
      mustChangePassword: false,
    });
  });
  log(`seeded ${COUNT} devices in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function onlineByApi(httpPort: number): Promise<number> {
  const base = `http://127.0.0.1:${httpPort}`;
  const login = (await (
    await fetch(`${base}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    })
  ).json()) as { data?: { authInfo?: string } };
  const token = login.data?.authInfo;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const res = (await (
    await fetch(`${base}/v1/devices?online=true&pageSize=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data?: { total?: number } };
  return res.data?.total ?? NaN;
}

async function runHerald(runKey: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
  tmpDirs.push(dataDir);
  await seedHerald(dataDir, runKey);
  const [httpPort, mqttPort] = [await freePort(), await freePort()];
  const server = spawnHerald({ dataDir, httpPort, mqttPort });
  await waitForPort(mqttPort, server);
  await waitForPort(httpPort, server);
  log(`Herald server pid ${server.pid}: http ${httpPort}, mqtt ${mqttPort}`);
  try {
    return await measure('Herald (embedded)', server.pid!, `mqtt://127.0.0.1:${mqttPort}`, runKey, () =>
      onlineByApi(httpPort),
    );
  } finally {
    await stopChild(server, 30_000);
  }
}

// ── Mosquitto ──────────────────────────────────────────────────────────────

async function runMosquitto(runKey: string): Promise<Result> {
  const { broker, port } = await startMosquitto(args.mosquitto!);
  log(`Mosquitto pid ${broker.pid}: mqtt ${port}`);
  try {
    return await measure('Mosquitto', broker.pid!, `mqtt://127.0.0.1:${port}`, runKey);
  } finally {
    await stopChild(broker);
  }
}

// ── main ───────────────────────────────────────────────────────────────────

function table(results: Result[]) {
  const rows = results.map((r) => {
    const perConn = ((r.loadedKiB - r.idleKiB) * 1024) / Math.max(1, r.held);
    return {
      broker: r.broker,
      held: `${r.held}/${COUNT}`,
      fds: String(r.fds),
      'idle RSS MiB': mib(r.idleKiB),
      'loaded RSS MiB': mib(r.loadedKiB),
      'peak RSS MiB': mib(r.peakKiB),
      'KiB/conn': (perConn / 1024).toFixed(1),
      'ramp s': (r.rampMs / 1000).toFixed(1),
      'conn/s': (r.held / (r.rampMs / 1000)).toFixed(0),
      refusals: String(r.refused),
      ...(r.serverOnline !== undefined ? { 'API online': String(r.serverOnline) } : {}),
      perConn,
    };
  });
  const cols = [
    'broker',
    'held',
    'fds',
    'idle RSS MiB',
    'loaded RSS MiB',
    'peak RSS MiB',
    'KiB/conn',
    'ramp s',
    'conn/s',
    'refusals',
  ] as const;
  console.log(`\n| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => r[c]).join(' | ')} |`);
  const h = rows.find((r) => r.broker.startsWith('Herald'));
  const m = rows.find((r) => r.broker === 'Mosquitto');
  if (h?.['API online']) console.log(`\nHerald API reports ${h['API online']} devices online.`);
  if (h && m) console.log(`Herald / Mosquitto RSS per connection: ${(h.perConn / m.perConn).toFixed(1)}×`);
}

async function main() {
  const limit = openFilesLimit();
  console.log(
    `connections bench: ${COUNT} devices, ${WORKERS} load processes, batch ${BATCH}, keepalive ${KEEPALIVE} s, ` +
      `telemetry every ${TELEMETRY_MS / 60_000} min`,
  );
  console.log(
    `machine: ${os.cpus().length} cpus, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ulimit -n ${limit.soft} (hard ${limit.hard})`,
  );
  // each broker holds one descriptor per connection, plus its own files and listeners
  if (COUNT + 100 > limit.soft) {
    console.warn(
      `warning: ulimit -n is ${limit.soft}; a broker needs one descriptor per connection plus ~100 of its own, ` +
        `so at most ~${limit.soft - 100} devices can be held. Raise it (ulimit -n ${COUNT + 1000}) if the hard limit allows.`,
    );
  }
  if (Math.ceil(COUNT / WORKERS) + 100 > limit.soft) console.warn('warning: use more --workers for this many devices');
  const runKey = randomBytes(16).toString('hex');
  const results: Result[] = [];
  if (!args['no-herald']) results.push(await runHerald(runKey));
  if (!args['no-mosquitto']) results.push(await runMosquitto(runKey));
  table(results);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
