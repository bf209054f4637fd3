/**
 * Reconnect-storm benchmark (issue 31): N simulated devices connected to one Herald server
 * (embedded defaults: PGlite, embedded broker); the server is stopped with SIGTERM and started
 * again on the same data directory and ports; measured: the time from the SIGTERM until Herald
 * itself reports every device online again (the console's online filter, /v1/devices?online=true),
 * and Herald's RSS with N devices connected. Then, in the same run, the same device processes
 * against a Mosquitto started here, restarted the same way: the time until every device is
 * connected again, and Mosquitto's RSS. Prints both and the ratios.
 *
 *   npx tsx bench/reconnect.ts --devices 5000            (npm run bench:reconnect -- --devices 5000)
 *
 * Options: --devices N (5000)  --workers W (2)  --batch B (250 per worker, first ramp only)
 *          --settle S (10)  --timeout S (300: per phase — ramp, shutdown, storm)  --no-mosquitto  --no-herald
 *          --cpu-prof (both Herald processes write V8 CPU profiles, one per thread, into
 *            $TMPDIR/herald-bench-profiles/reconnect/first/ (ramp and shutdown) and restarted/ (start-up and storm))  --mosquitto PATH (/usr/sbin/mosquitto)
 *          --server-flags="F…" (Node flags for both Herald processes, e.g. --server-flags="--trace-gc")
 *
 * The devices keep the simulator's own reconnect behaviour (docs/device-protocol.md § 1.4): after a
 * lost connection or a refused attempt they wait min(60 s, 1 s × 2^attempt) × random(0.5 … 1.5),
 * attempt reset by a successful connection; connect timeout 15 s, keepalive 60 s, telemetry every
 * 60 s. So a broker that is back sooner is found sooner: the storm includes how long the broker
 * took to come back, and how far the devices' backoff had grown meanwhile. See docs/benchmarks.md.
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
import type { ReconnectWorkerParams, ReconnectWorkerReport } from './reconnect-shared';
import { seedBenchFleet } from './seed';
import {
  cpuMs,
  freePort,
  log,
  procStatus,
  sleep,
  startMosquitto,
  stopChild,
  stopDeviceWorkers,
  tmpDirs,
  spawnHerald,
  track,
  waitForPort,
} from './processes';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '5000' },
    workers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '250' },
    settle: { type: 'string', default: '10' },
    timeout: { type: 'string', default: '300' },
    'no-mosquitto': { type: 'boolean', default: false },
    'no-herald': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'server-flags': { type: 'string', default: '' },
    mosquitto: { type: 'string', default: '/usr/sbin/mosquitto' },
  },
});
const COUNT = Number(args.devices);
const WORKERS = Math.max(1, Number(args.workers));
const BATCH = Math.max(1, Number(args.batch));
const SETTLE_MS = Number(args.settle) * 1000;
const TIMEOUT_MS = Number(args.timeout) * 1000;
const PROFILE_DIR = path.join(os.tmpdir(), 'herald-bench-profiles', 'reconnect');
const ADMIN_PASSWORD = `Bench@${randomBytes(6).toString('hex')}`;

const mib = (kib: number) => (kib / 1024).toFixed(1);
const secs = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '—');
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Polls `test` every `everyMs` until it holds; the time it first held, or NaN after the phase timeout. */
async function until(test: () => boolean | Promise<boolean>, what: string, progress: () => string, everyMs = 100) {
  const start = Date.now();
  let lastLog = start;
  while (Date.now() - start < TIMEOUT_MS) {
    if (await test()) return Date.now();
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`  ${progress()}`);
    }
    await sleep(everyMs);
  }
  log(`  timeout: ${what} not reached after ${TIMEOUT_MS / 1000} s (${progress()})`);
  return NaN;
}

// ── the fleet ──────────────────────────────────────────────────────────────

type Fleet = { workers: ChildProcess[]; states: Omit<ReconnectWorkerReport, 'type'>[] };

const onlineOf = (f: Fleet) => f.states.reduce((s, x) => s + x.online, 0);
const dropsOf = (f: Fleet) => f.states.reduce((s, x) => s + x.drops, 0);
const refusedOf = (f: Fleet) => f.states.reduce((s, x) => s + x.refused, 0);
const fleetLine = (f: Fleet) => {
  const code = f.states.find((s) => s.lastRefusal !== undefined)?.lastRefusal;
  return `${onlineOf(f)}/${COUNT} devices online, ${refusedOf(f)} refusals${code !== undefined ? ` (last code ${code})` : ''}`;
};

function startFleet(mqttUrl: string, runKey: string): Fleet {
  const per = Math.ceil(COUNT / WORKERS);
  const fleet: Fleet = { workers: [], states: [] };
  for (let w = 0; w < WORKERS && w * per < COUNT; w++) {
    const params: ReconnectWorkerParams = {
      mqttUrl,
      first: 1 + w * per,
      count: Math.min(per, COUNT - w * per),
      batch: BATCH,
      batchTimeoutMs: 30_000,
      runKey,
    };
    const state = { online: 0, drops: 0, refused: 0, lastRefusal: undefined, started: 0 };
    fleet.states.push(state);
    const child = track(
      fork(path.join(import.meta.dirname, 'reconnect-worker.ts'), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_WORKER: JSON.stringify(params) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    child.on('message', (m: ReconnectWorkerReport) => Object.assign(state, m));
    // stopDeviceWorkers ends them with SIGTERM (code null); an exit code means one failed
    child.once('exit', (code) => {
      if (code) log(`a load process exited with ${code}`);
    });
    fleet.workers.push(child);
  }
  return fleet;
}

// ── one broker's run ───────────────────────────────────────────────────────

type Result = {
  system: string;
  rampMs: number;
  /** RSS with every device connected, before the restart (KiB) */
  beforeKiB: number;
  /** RSS of the restarted process with every device back and a settle time passed (KiB) */
  afterKiB: number;
  /** peak RSS of the restarted process (KiB) */
  peakKiB: number;
  /** SIGTERM → the old process has exited */
  exitMs: number;
  /** SIGTERM → the new process accepts MQTT connections */
  listenMs: number;
  /** SIGTERM → every device has its presence acknowledged again (the devices' own view) */
  devicesMs: number;
  /** SIGTERM → the server reports every device online (Herald only) */
  reportedMs?: number;
  /** CPU the new process used from its start until every device was back (ms) */
  stormCpuMs: number;
  /** connections the devices saw dropped by the restart (N when all were), and refused attempts during the storm */
  drops: number;
  refusedInStorm: number;
};

type Broker = {
  system: string;
  mqttUrl: string;
  mqttPort: number;
  start(restart: boolean): Promise<ChildProcess>;
  /** what the broker itself says is online (Herald: its API); undefined when it says nothing */
  reported?: () => Promise<number>;
};

async function run(b: Broker, runKey: string): Promise<Result> {
  let proc = await b.start(false);
  let fleet: Fleet | undefined;
  try {
    await sleep(2000);
    log(
      `${b.system}: pid ${proc.pid}, idle RSS ${mib(procStatus(proc.pid!, 'VmRSS'))} MiB; connecting ${COUNT} devices`,
    );
    fleet = startFleet(b.mqttUrl, runKey);
    const f = fleet;
    const t0 = Date.now();
    const ramped = await until(
      () => onlineOf(f) >= COUNT,
      'every device online',
      () => fleetLine(f),
      250,
    );
    const rampMs = ramped - t0;
    log(`${b.system}: ${onlineOf(f)}/${COUNT} online in ${secs(rampMs)} s; settling ${SETTLE_MS / 1000} s`);
    await sleep(SETTLE_MS);
    if (b.reported) {
      const reported = b.reported;
      await until(
        async () => (await reported().catch(() => 0)) >= COUNT,
        'every device reported online',
        () => '',
        500,
      );
    }
    const beforeKiB = procStatus(proc.pid!, 'VmRSS');
    log(`${b.system}: RSS ${mib(beforeKiB)} MiB with ${onlineOf(f)} devices; SIGTERM`);

    // ── the storm ──
    const drops0 = dropsOf(f);
    const refused0 = refusedOf(f);
    const old = proc;
    const exited = new Promise<void>((r) => old.once('exit', () => r()));
    const tKill = Date.now();
    old.kill('SIGTERM');
    const exitAt = await Promise.race([exited.then(() => Date.now()), sleep(TIMEOUT_MS).then(() => NaN)]);
    if (!Number.isFinite(exitAt)) {
      log(`${b.system}: still running ${TIMEOUT_MS / 1000} s after SIGTERM; killed`);
      old.kill('SIGKILL');
      await exited;
    }
    proc = await b.start(true);
    const listenAt = Date.now();
    log(`${b.system}: exited after ${secs(exitAt - tKill)} s, listening again after ${secs(listenAt - tKill)} s`);
    // every device has seen its connection drop and is back: a count that has not caught up with
    // the drops yet (the load processes report every 100 ms) must not pass for a finished storm
    const devicesAt = await until(
      () => dropsOf(f) - drops0 >= COUNT && onlineOf(f) >= COUNT,
      'every device back',
      () => fleetLine(f),
    );
    log(`${b.system}: every device back ${secs(devicesAt - tKill)} s after SIGTERM`);
    let reportedAt: number | undefined;
    if (b.reported) {
      const reported = b.reported;
      let last = 0;
      reportedAt = await until(
        async () => (last = await reported().catch(() => last)) >= COUNT,
        'every device reported online',
        () => `${last}/${COUNT} reported online; ${fleetLine(f)}`,
        250,
      );
      log(`${b.system}: reports ${last} online ${secs(reportedAt - tKill)} s after SIGTERM`);
    }
    // the new process's whole life so far: its start-up is part of what the storm costs
    const stormCpuMs = cpuMs(proc.pid);
    await sleep(SETTLE_MS);
    const result: Result = {
      system: b.system,
      rampMs,
      beforeKiB,
      afterKiB: procStatus(proc.pid!, 'VmRSS'),
      peakKiB: procStatus(proc.pid!, 'VmHWM'),
      exitMs: exitAt - tKill,
      listenMs: listenAt - tKill,
      devicesMs: devicesAt - tKill,
      ...(reportedAt !== undefined ? { reportedMs: reportedAt - tKill } : {}),
      stormCpuMs,
      drops: dropsOf(f) - drops0,
      refusedInStorm: refusedOf(f) - refused0,
    };
    log(`${b.system}: RSS ${mib(result.afterKiB)} MiB after the storm (peak ${mib(result.peakKiB)})`);
    return result;
  } finally {
    if (fleet) await stopDeviceWorkers(fleet.workers);
    await stopChild(proc, 30_000);
  }
}

// ── Herald ─────────────────────────────────────────────────────────────────

async function herald(runKey: string): Promise<Broker> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
  tmpDirs.push(dataDir);
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
  log(`seeded ${COUNT} devices in ${secs(Date.now() - t0)} s`);
  const [httpPort, mqttPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${httpPort}`;
  let token: string | undefined;
  const login = async () => {
    const res = (await (
      await fetch(`${base}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      })
    ).json()) as { data?: { authInfo?: string } };
    if (!res.data?.authInfo) throw new Error(`login failed: ${JSON.stringify(res)}`);
    return res.data.authInfo;
  };
  return {
    system: 'Herald (embedded)',
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    mqttPort,
    async start(restart) {
      const profileDir = path.join(PROFILE_DIR, restart ? 'restarted' : 'first');
      if (args['cpu-prof']) fs.mkdirSync(profileDir, { recursive: true });
      const server = spawnHerald({
        dataDir,
        httpPort,
        mqttPort,
        nodeArgs: [
          ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
          ...args['server-flags'].split(' ').filter(Boolean),
        ],
      });
      // polled every 200 ms: the storm clock is no coarser than that
      await waitForPort(mqttPort, server, TIMEOUT_MS);
      return server;
    },
    // the count the console's device list shows with its online filter (the devices table's `online`)
    async reported() {
      token ??= await login();
      const res = (await (
        await fetch(`${base}/v1/devices?online=true&pageSize=1`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data?: { total?: number } };
      if (res.data?.total === undefined) token = undefined; // e.g. a session that did not survive the restart
      return res.data?.total ?? 0;
    },
  };
}

// ── Mosquitto ──────────────────────────────────────────────────────────────

async function mosquitto(): Promise<Broker> {
  const mqttPort = await freePort();
  return {
    system: 'Mosquitto',
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    mqttPort,
    start: async () => (await startMosquitto(args.mosquitto!, [], mqttPort)).broker,
  };
}

// ── main ───────────────────────────────────────────────────────────────────

function table(results: Result[]) {
  const cols = [
    'system',
    'ramp s',
    'exit s',
    'listening s',
    'devices back s',
    'reported online s',
    'storm s',
    'storm CPU s',
    'RSS before MiB',
    'RSS after MiB',
    'peak RSS MiB',
    'dropped',
    'refusals',
  ];
  console.log(`\n| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
  for (const r of results) {
    const storm = r.reportedMs ?? r.devicesMs;
    const row = [
      r.system,
      secs(r.rampMs),
      secs(r.exitMs),
      secs(r.listenMs),
      secs(r.devicesMs),
      r.reportedMs !== undefined ? secs(r.reportedMs) : '—',
      secs(storm),
      secs(r.stormCpuMs),
      mib(r.beforeKiB),
      mib(r.afterKiB),
      mib(r.peakKiB),
      String(r.drops),
      String(r.refusedInStorm),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
  console.log(
    '\nAll times from the SIGTERM. storm = until the system itself says every device is online ' +
      "(Herald: its API; Mosquitto: every device's connection and presence acknowledged). " +
      'RSS after = the restarted process with every device back and the settle time passed.',
  );
  const h = results.find((r) => r.system.startsWith('Herald'));
  const m = results.find((r) => r.system === 'Mosquitto');
  if (h && m) {
    const storm = (h.reportedMs ?? h.devicesMs) / m.devicesMs;
    const rss = Math.max(h.beforeKiB, h.afterKiB) / Math.max(m.beforeKiB, m.afterKiB);
    console.log(`Herald / Mosquitto storm time: ${storm.toFixed(1)}× (aim ≤ 3×: ${storm <= 3 ? 'met' : 'missed'})`);
    console.log(
      `Herald / Mosquitto RSS at ${COUNT} connected devices (the larger of before and after): ${rss.toFixed(1)}× ` +
        `(aim ≤ 10×: ${rss <= 10 ? 'met' : 'missed'})`,
    );
  }
}

async function main() {
  console.log(
    `reconnect bench: ${COUNT} devices, ${WORKERS} load processes, the simulator's reconnect defaults ` +
      '(backoff min(60 s, 1 s × 2^attempt) × 0.5–1.5, connect timeout 15 s, keepalive 60 s, telemetry 60 s)',
  );
  console.log(
    `machine: ${os.cpus().length} cpus, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, load ${loadavg()} at the start`,
  );
  const runKey = randomBytes(16).toString('hex');
  const results: Result[] = [];
  if (!args['no-herald']) results.push(await run(await herald(runKey), runKey));
  if (!args['no-mosquitto']) results.push(await run(await mosquitto(), runKey));
  table(results);
  if (args['cpu-prof'] && !args['no-herald'])
    console.log(`\nHerald's CPU profiles: ${PROFILE_DIR}/first/, ${PROFILE_DIR}/restarted/`);
  console.log(`load average at the end: ${loadavg()}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
