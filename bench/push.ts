/**
 * Push pipeline benchmark (issue 4): N simulated devices connected to one Herald server (embedded
 * Aedes broker, embedded PGlite) and an open-loop load of print requests through the signed open
 * API (@herald/sdk); then, in the same run, the same devices on a bare Aedes with a plain MQTT
 * publisher sending the same rate of job messages — the relay round trip Herald adds its work to.
 *
 *   npx tsx bench/push.ts --devices 5000 --rate 1000 --seconds 20      (npm run bench:push -- ...)
 *
 * Options: --devices N (5000)  --rate R jobs/s (1000)  --seconds S (20)  --warmup S (3)
 *          --workers W (2)  --batch B (250)  --drain S (20)  --no-baseline  --no-herald
 *          --cpu-prof (the server and the device processes write V8 CPU profiles into
 *            $TMPDIR/herald-bench-profiles/, the device processes' into its folders device-N/)
 *          --database-url URL (Herald on that empty PostgreSQL database instead of PGlite; when the cluster
 *            runs on this machine its CPU is measured too, see below)
 *          --pg-temp (Herald on a throwaway durable PostgreSQL started here: scripts/pg-temp.sh with
 *            PG_TEMP_DURABLE=1, stopped and removed at the end; --pg-opts="-c name=value …" adds settings)
 *          --pg-stat (with --pg-temp: pg_stat_statements over the measured load, its top statements per job,
 *            and the rows and WAL it wrote per job, pg_stat_user_tables and pg_stat_wal)
 *          --no-embedded (on PostgreSQL: skip the embedded run that follows it in the same invocation)
 *          --connections C (64: HTTP connections to Herald; 0 = the global fetch, no cap)
 *          --fetch (the generator uses undici's WHATWG fetch, ~1 ms more CPU per call, instead of its request)
 *          --in-flight F (256: calls in flight at most; a call due beyond that is shed and counted; 0 = no limit)
 *          --server-flags="F…" (Node flags for the Herald server, e.g. --server-flags="--trace-gc --max-semi-space-size=32")
 *          --qr (each receipt also carries a QR code of its order: rendered on Herald's rendering thread)
 *          --mosquitto (Herald and its devices on a Mosquitto started here, MQTT_URL, instead of the embedded
 *            broker; the server's CPU then includes Mosquitto's; --mosquitto-binary PATH, /usr/sbin/mosquitto)
 *          --timeline FILE (Herald's measured jobs as CSV: when each was sent, in ms since the epoch, then its
 *            answer, to device and to final in ms; to see whether slow jobs come in bursts or are spread out)
 *
 * Measured on the bench side, per job: request sent → the simulated device received the job
 * ("to device"), and request sent → the device's final result was accepted by the broker
 * ("to final"; Herald acknowledges a device's QoS 1 result only after storing status 3, so this is
 * when the record says success). The baseline measures publish → device received and publish →
 * the device's result back at the publisher. See docs/benchmarks.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { PROTOCOL_VERSION, topics, type JobMessage } from '@herald/contract';
import { HeraldApiError, HeraldClient } from '@herald/sdk';
import pg from 'pg';
import { Agent, Pool, fetch as undiciFetch, type Dispatcher } from 'undici';
import { apiKeys as apiKeysTable } from '../packages/server/src/db/schema';
import { seedBenchFleet } from './seed';
import { benchSn } from './connections-shared';
import { now, RECEIPT, RECEIPT_QR, type PushWorkerParams, type PushWorkerReport } from './push-shared';
import {
  clusterCpuMs,
  databaseCounters,
  postmasterOf,
  startPgTemp,
  statementsReady,
  topStatements,
  writesOf,
  writesPerJob,
} from './pg-cost';
import {
  cpuMs,
  freePort,
  log,
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
    devices: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '250' },
    drain: { type: 'string', default: '20' },
    timeout: { type: 'string', default: '900' },
    'no-baseline': { type: 'boolean', default: false },
    'no-herald': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    /** run Herald on this (empty) PostgreSQL database instead of the embedded PGlite */
    'database-url': { type: 'string' },
    /** a throwaway durable PostgreSQL of the bench's own (scripts/pg-temp.sh) */
    'pg-temp': { type: 'boolean', default: false },
    'pg-opts': { type: 'string', default: '' },
    /** pg_stat_statements over the measured load (the library is preloaded on --pg-temp) */
    'pg-stat': { type: 'boolean', default: false },
    /** on PostgreSQL, no embedded run after it */
    'no-embedded': { type: 'boolean', default: false },
    /** HTTP connections the load generator keeps to Herald (0: no cap, the global fetch) */
    connections: { type: 'string', default: '64' },
    /** the load generator calls through undici's WHATWG fetch (heavier) instead of its request */
    fetch: { type: 'boolean', default: false },
    /**
     * calls the load generator has in flight at most; one due beyond that is not sent but counted
     * as shed (0: no limit, calls queue in the client until they time out)
     */
    'in-flight': { type: 'string', default: '256' },
    timeline: { type: 'string' },
    /** receipts with a QR code (push-shared RECEIPT_QR) */
    qr: { type: 'boolean', default: false },
    /** Node flags for the Herald server process, space-separated */
    'server-flags': { type: 'string', default: '' },
    /** Herald and the fleet on a Mosquitto of the bench's own (MQTT_URL) instead of the embedded broker */
    mosquitto: { type: 'boolean', default: false },
    'mosquitto-binary': { type: 'string', default: '/usr/sbin/mosquitto' },
  },
});
const N = Number(args.devices);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const WORKERS = Math.max(1, Number(args.workers));
const BATCH = Math.max(1, Number(args.batch));
const DRAIN_MS = Number(args.drain) * 1000;
const TIMEOUT_MS = Number(args.timeout) * 1000;
const ROOT = path.resolve(import.meta.dirname, '..');
const MARKUP = args.qr ? RECEIPT_QR : RECEIPT;
const CONNECTIONS = Math.max(0, Number(args.connections));
const IN_FLIGHT = Math.max(0, Number(args['in-flight']));
const SHED = 'shed by the load generator (calls in flight at --in-flight)';

// ── children and clean-up ──────────────────────────────────────────────────

// ── the fleet ──────────────────────────────────────────────────────────────

/** Job arrivals and final results as the device processes report them (job id → time). */
type Fleet = {
  arrived: Map<string, number>;
  finished: Map<string, number>;
  workers: ChildProcess[];
  /** connections lost so far, per device process */
  drops: number[];
};
const dropsOf = (fleet: Fleet) => fleet.drops.reduce((a, b) => a + b, 0);

const PROFILE_DIR = path.join(os.tmpdir(), 'herald-bench-profiles');
/** a folder per device process: each of its threads (the TypeScript loader's too) writes a profile */
const deviceProfile = (w: number) => ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `device-${w}`)}`];

async function connectFleet(mqttUrl: string, runKey: string): Promise<Fleet> {
  const per = Math.ceil(N / WORKERS);
  const fleet: Fleet = { arrived: new Map(), finished: new Map(), workers: [], drops: [] };
  const online: number[] = [];
  for (let w = 0; w < WORKERS; w++) {
    const count = Math.min(per, N - w * per);
    if (count <= 0) break;
    const params: PushWorkerParams = {
      mqttUrl,
      first: 1 + w * per,
      count,
      batch: BATCH,
      batchTimeoutMs: 30_000,
      runKey,
    };
    online.push(0);
    const child = track(
      fork(path.join(import.meta.dirname, 'push-worker.ts'), [], {
        execArgv: ['--import', 'tsx', ...(args['cpu-prof'] ? deviceProfile(w) : [])],
        env: { ...process.env, BENCH_PUSH_WORKER: JSON.stringify(params) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    child.on('message', (m: PushWorkerReport) => {
      if (m.type === 'progress') {
        online[w] = m.online;
        fleet.drops[w] = m.drops;
      } else if (m.type === 'jobs') {
        for (const [id, at] of m.arrived) if (!fleet.arrived.has(id)) fleet.arrived.set(id, at);
        for (const [id, at] of m.finished) if (!fleet.finished.has(id)) fleet.finished.set(id, at);
      }
    });
    fleet.workers.push(child);
  }
  const t0 = Date.now();
  let lastLog = 0;
  const total = () => online.reduce((a, b) => a + b, 0);
  while (total() < N) {
    if (Date.now() - t0 > TIMEOUT_MS) throw new Error(`only ${total()}/${N} devices online after ${TIMEOUT_MS} ms`);
    if (fleet.workers.some((w) => w.exitCode !== null)) throw new Error('a device process died');
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`  ${total()}/${N} online`);
    }
    await sleep(250);
  }
  log(`  ${N}/${N} online in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return fleet;
}

/**
 * A device counts as online once its presence is acked; what the server does for each connection
 * after that (queued jobs, upgrade and push tasks to offer) trails behind. The load starts once the
 * server has caught up (under a quarter of a core for 2 s), or after 2 minutes whatever happens.
 */
async function settle(pid: number | undefined) {
  const t0 = Date.now();
  let quiet = 0;
  while (quiet < 2 && Date.now() - t0 < 120_000) {
    const c0 = cpuMs(pid);
    await sleep(1000);
    quiet = cpuMs(pid) - c0 < 250 ? quiet + 1 : 0;
  }
  log(`  server settled after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const fleetCpuMs = (fleet: Fleet) => fleet.workers.reduce((sum, w) => sum + cpuMs(w.pid), 0);

// ── load and figures ───────────────────────────────────────────────────────

/** One job of the load: when it was sent, and under which id the device will see it. */
type Sent = { at: number; measured: boolean; id?: string; orderId?: string; answeredAt?: number; error?: string };

/**
 * Open loop: job i is due at t0 + i/rate whatever happened to the earlier ones, so a slow server
 * meets a growing backlog instead of a politely waiting client.
 */
async function openLoop(total: number, fire: (i: number) => void): Promise<number> {
  const t0 = performance.now();
  let i = 0;
  let maxLagMs = 0;
  while (i < total) {
    const elapsed = performance.now() - t0;
    const due = Math.min(total, Math.floor((elapsed * RATE) / 1000) + 1);
    if (due > i) maxLagMs = Math.max(maxLagMs, elapsed - (i * 1000) / RATE);
    while (i < due) fire(i++);
    await sleep(1);
  }
  return maxLagMs;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Figures = {
  system: string;
  sent: number;
  accepted: number;
  errors: Record<string, number>;
  reached: number;
  finished: number;
  /** finals per second over the measured window: first measured send → last measured final */
  jobsPerSec: number;
  answer: number[];
  toDevice: number[];
  toFinal: number[];
  maxLagMs: number;
  /** CPU ms per finished job (warm-up included): the server (or bare broker), the device processes, this process (the load) */
  cpuPerJob?: { broker: number; devices: number; load: number };
  /** on PostgreSQL: the cluster's CPU per finished job (NaN when it is not on this machine), what it did */
  pg?: PgFigures;
  /** statuses of a sample of the accepted jobs, read back from the records */
  recordCheck?: Record<string, number>;
  /** calls that got no answer: when they were sent (s after the first measured send), and what the server did with them */
  unanswered?: { bySecond: Record<string, number>; records: Record<string, number>; sentToStoredMs: number[] };
};

/** The measured jobs one per line (see --timeline). */
function writeTimeline(file: string, sent: Sent[], fleet: Fleet): void {
  const ms = (x: number | undefined, from: number) => (x === undefined ? '' : (x - from).toFixed(1));
  const lines = sent
    .filter((s) => s.measured)
    .map((s) =>
      [
        s.at.toFixed(1),
        ms(s.answeredAt, s.at),
        ms(s.id ? fleet.arrived.get(s.id) : undefined, s.at),
        ms(s.id ? fleet.finished.get(s.id) : undefined, s.at),
      ].join(','),
    );
  fs.writeFileSync(file, ['sent_ms,answer_ms,to_device_ms,to_final_ms', ...lines].join('\n') + '\n');
}

function figures(system: string, sent: Sent[], fleet: Fleet, maxLagMs: number): Figures {
  const measured = sent.filter((s) => s.measured);
  const errors: Record<string, number> = {};
  for (const s of measured) if (s.error) errors[s.error] = (errors[s.error] ?? 0) + 1;
  const sort = (xs: number[]) => xs.sort((a, b) => a - b);
  const toDevice: number[] = [];
  const toFinal: number[] = [];
  const answer: number[] = [];
  let lastFinal = 0;
  for (const s of measured) {
    if (s.answeredAt !== undefined) answer.push(s.answeredAt - s.at);
    if (!s.id) continue;
    const a = fleet.arrived.get(s.id);
    const f = fleet.finished.get(s.id);
    if (a !== undefined) toDevice.push(a - s.at);
    if (f !== undefined) {
      toFinal.push(f - s.at);
      lastFinal = Math.max(lastFinal, f);
    }
  }
  const first = measured[0]?.at ?? 0;
  return {
    system,
    sent: measured.length,
    accepted: measured.filter((s) => s.id && !s.error).length,
    errors,
    reached: toDevice.length,
    finished: toFinal.length,
    jobsPerSec: toFinal.length / Math.max(0.001, (lastFinal - first) / 1000),
    answer: sort(answer),
    toDevice: sort(toDevice),
    toFinal: sort(toFinal),
    maxLagMs,
  };
}

/** Wait until every sent job has a final result, or the drain time is over. */
async function drain(sent: Sent[], fleet: Fleet) {
  const deadline = Date.now() + DRAIN_MS;
  while (Date.now() < deadline) {
    const open = sent.filter((s) => !s.error && (s.id === undefined || !fleet.finished.has(s.id))).length;
    if (open === 0) return;
    await sleep(200);
  }
}

// ── Herald ─────────────────────────────────────────────────────────────────

const apiKeys = (runKey: string) => ({
  appKey: `bench-${runKey.slice(0, 12)}`,
  secret: createHmac('sha256', runKey).update('open-api').digest('hex'),
});

/** Account with an open API key, printer model and N devices, before the server starts. */
async function seedHerald(dataDir: string, runKey: string, databaseUrl: string | undefined) {
  const t0 = Date.now();
  await seedBenchFleet(
    dataDir,
    N,
    runKey,
    async (db, accountId) => {
      await db.insert(apiKeysTable).values({ accountId, name: 'bench', ...apiKeys(runKey) });
    },
    databaseUrl,
  );
  log(`seeded ${N} devices and an open API key in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The load generator's HTTP client: like an integration's, a keep-alive pool of `connections`
 * (calls beyond it wait in this process, and that wait counts in their latency). Unbounded, a
 * burst opens a connection per call, and the server (one accept per event-loop turn) takes them
 * on seconds late: the bench then measures connection set-up, not Herald.
 *
 * The SDK is given a `fetch` that goes straight to undici's `request` and returns only what the
 * SDK reads (status and text). The WHATWG `fetch` of Node and undici cost the generator ~1.2 ms
 * of CPU per call, on the same two cores as the server it measures; `--fetch` keeps that one.
 */
function pooledFetch(connections: number, base: string): typeof fetch | undefined {
  if (connections === 0) return undefined;
  if (args.fetch) {
    const agent = new Agent({ connections });
    return (input, init) =>
      undiciFetch(input as string, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>;
  }
  const pool = new Pool(base, { connections });
  return (async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const res = await pool.request({
      path: url.pathname + url.search,
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: init.headers as Record<string, string>,
      body: init.body as Buffer,
      signal: init.signal ?? undefined,
    });
    const text = await res.body.text();
    return { status: res.statusCode, ok: res.statusCode < 300, text: () => Promise.resolve(text) } as Response;
  }) as typeof fetch;
}

/** per finished job (warm-up included, as the CPU): the cluster's CPU, commits; sessions opened in the load */
type PgFigures = { cpuPerJob: number; sessions: number; commitsPerJob: number; statements?: string[] };

/**
 * PostgreSQL over the measured load, from a connection of the bench's own opened before it: the
 * cluster's CPU (postmaster and every process under it, bench/pg-cost.ts), the sessions opened
 * and the commits in the window, and with --pg-stat its statements (pg_stat_statements, reset
 * at the start).
 */
async function watchPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const postmaster = await postmasterOf(client);
  if (postmaster === undefined) log('  PostgreSQL is not on this machine: its CPU is not measured');
  const stats = args['pg-stat'] && (await statementsReady(client));
  if (args['pg-stat'] && !stats) log('  pg_stat_statements is not available (shared_preload_libraries)');
  const counters0 = await databaseCounters(client);
  const writes0 = stats ? await writesOf(client) : undefined;
  const cpu0 = postmaster === undefined ? NaN : clusterCpuMs(postmaster);
  return {
    async end(jobs: number): Promise<PgFigures> {
      const cpu = postmaster === undefined ? NaN : clusterCpuMs(postmaster);
      const counters = await databaseCounters(client);
      // a backend idle after a flush less than a second old reports its counters after
      // PGSTAT_IDLE_INTERVAL (10 s, PostgreSQL's pgstat_report_stat): wait for the last of them
      if (writes0) await new Promise((r) => setTimeout(r, 11_000));
      const statements = stats
        ? [...(await topStatements(client, jobs)), '', ...writesPerJob(writes0!, await writesOf(client), jobs)]
        : undefined;
      await client.end();
      return {
        cpuPerJob: (cpu - cpu0) / jobs,
        sessions: counters.sessions - counters0.sessions,
        commitsPerJob: (counters.commits - counters0.commits) / jobs,
        statements,
      };
    },
  };
}

async function runHerald(runKey: string, databaseUrl: string | undefined): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
  tmpDirs.push(dataDir);
  await seedHerald(dataDir, runKey, databaseUrl);
  const external = args.mosquitto ? await startMosquitto(args['mosquitto-binary']) : undefined;
  const [httpPort, mqttPort] = [await freePort(), external?.port ?? (await freePort())];
  if (args['cpu-prof']) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const server = spawnHerald({
    dataDir,
    httpPort,
    mqttPort,
    nodeArgs: [
      ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      ...args['server-flags'].split(' ').filter(Boolean),
    ],
    env: {
      MQTT_PORT: external ? '-1' : String(mqttPort),
      DATABASE_URL: databaseUrl ?? '',
      MQTT_URL: external ? `mqtt://127.0.0.1:${external.port}` : '',
    },
  });
  if (!external) await waitForPort(mqttPort, server);
  await waitForPort(httpPort, server);
  log(`Herald server pid ${server.pid}: http ${httpPort}, mqtt ${mqttPort}; connecting ${N} devices`);
  try {
    const fleet = await connectFleet(`mqtt://127.0.0.1:${mqttPort}`, runKey);
    await settle(server.pid);
    const client = new HeraldClient({
      baseUrl: `http://127.0.0.1:${httpPort}`,
      ...apiKeys(runKey),
      retries: 0,
      fetch: pooledFetch(CONNECTIONS, `http://127.0.0.1:${httpPort}`),
    });
    const total = Math.round((WARMUP + SECONDS) * RATE);
    const warm = Math.round(WARMUP * RATE);
    const sent: Sent[] = [];
    log(`Herald: ${WARMUP} s warm-up + ${SECONDS} s at ${RATE} prints/s through the open API`);
    // with --mosquitto the broker's work is the server's side of the relay: counted with it
    const serverCpu = () => cpuMs(server.pid) + (external ? cpuMs(external.broker.pid) : 0);
    const cpu0 = { broker: serverCpu(), devices: fleetCpuMs(fleet), load: cpuMs(process.pid) };
    const mosquitto0 = cpuMs(external?.broker.pid);
    const pgWatch = databaseUrl ? await watchPostgres(databaseUrl) : undefined;
    const drops0 = dropsOf(fleet);
    let inFlight = 0;
    const maxLagMs = await openLoop(total, (i) => {
      const s: Sent = { at: now(), measured: i >= warm, orderId: `${runKey}-${i}` };
      sent.push(s);
      // beyond capacity an open loop would queue calls in the client until they all time out
      // (throughput then falls to near nothing); shed instead, and count what was shed
      if (IN_FLIGHT > 0 && inFlight >= IN_FLIGHT) {
        s.error = SHED;
        return;
      }
      inFlight++;
      client
        .print({ sn: benchSn(1 + (i % N)), content: MARKUP.replaceAll('{{n}}', String(i)), orderId: s.orderId })
        .then(
          (job) => {
            inFlight--;
            s.answeredAt = now();
            s.id = job.msgId;
          },
          (err: unknown) => {
            inFlight--;
            s.answeredAt = now();
            s.error = err instanceof HeraldApiError ? `${err.code} ${err.message}` : (err as Error).message;
          },
        );
    });
    await drain(sent, fleet);
    if (args.timeline) writeTimeline(args.timeline, sent, fleet);
    log(`  devices that lost their connection while the load ran: ${dropsOf(fleet) - drops0}`);
    // per job that finished (warm-up included): work for abandoned requests counts against the rest
    const done = Math.max(1, fleet.finished.size);
    const cpuPerJob = {
      broker: (serverCpu() - cpu0.broker) / done,
      devices: (fleetCpuMs(fleet) - cpu0.devices) / done,
      load: (cpuMs(process.pid) - cpu0.load) / done,
    };
    const pgFigures = await pgWatch?.end(done);
    if (external)
      log(
        `  of the server's CPU per job, Mosquitto's: ${((cpuMs(external.broker.pid) - mosquitto0) / done).toFixed(2)} ms`,
      );
    // read back before the fleet goes: 5,000 devices dropping at once keep the server busy for a while
    const recordCheck = await checkRecords(client, sent);
    const unanswered = await checkUnanswered(client, sent);
    await stopDeviceWorkers(fleet.workers);
    return {
      ...figures(
        `Herald (${databaseUrl ? 'PostgreSQL' : 'embedded'}${external ? ', Mosquitto' : ''}), open API`,
        sent,
        fleet,
        maxLagMs,
      ),
      cpuPerJob,
      pg: pgFigures,
      recordCheck,
      unanswered,
    };
  } finally {
    await stopChild(server, 30_000);
    if (external) await stopChild(external.broker);
    if (args['cpu-prof'])
      log(`server and device CPU profiles in ${PROFILE_DIR} (open in Chrome DevTools → Performance)`);
  }
}

/**
 * The device's result being acknowledged should mean Herald stored status 3: read the records of
 * a sample of the accepted jobs back through the open API and count their statuses.
 */
async function checkRecords(client: HeraldClient, sent: Sent[]): Promise<Record<string, number>> {
  const ok = sent.filter((s) => s.id && !s.error);
  const step = Math.max(1, Math.floor(ok.length / 100));
  const counts: Record<string, number> = {};
  for (let i = 0; i < ok.length; i += step) {
    const job = await client.record({ orderId: ok[i]!.orderId! }).catch(() => undefined);
    const key = job ? `status ${job.status}` : 'record call failed';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Calls the SDK gave up on (no answer in 10 s): when they were sent, and whether the server
 * stored the job anyway (read back by order id, up to 50 of them). Stored and final means the
 * answer was late, not the work lost; not found means the call never got to its insert.
 */
async function checkUnanswered(client: HeraldClient, sent: Sent[]): Promise<Figures['unanswered']> {
  const lost = sent.filter((s) => s.measured && s.error && /timeout|abort/i.test(s.error));
  if (!lost.length) return undefined;
  const t0 = sent.find((s) => s.measured)?.at ?? 0;
  const bySecond: Record<string, number> = {};
  for (const s of lost) {
    const k = String(Math.floor((s.at - t0) / 1000));
    bySecond[k] = (bySecond[k] ?? 0) + 1;
  }
  const records: Record<string, number> = {};
  const arrival: number[] = [];
  for (const s of lost.slice(0, 50)) {
    const job = await client.record({ orderId: s.orderId! }).catch((err: unknown) => err as Error);
    const key = job instanceof Error ? `not found (${job.message.slice(0, 40)})` : `status ${job.status}`;
    records[key] = (records[key] ?? 0) + 1;
    // the server's clock is this machine's: how long after sending did the call reach its handler?
    if (!(job instanceof Error)) arrival.push(Date.parse(job.requestedAt) - s.at);
  }
  arrival.sort((a, b) => a - b);
  return { bySecond, records, sentToStoredMs: arrival.length ? [arrival[0]!, pct(arrival, 50), arrival.at(-1)!] : [] };
}

// ── baseline: bare Aedes relay ─────────────────────────────────────────────

/** The same rendered size as a Herald print job (ESC/POS of the receipt above, ~300 bytes). */
const JOB_DATA = randomBytes(300).toString('base64');

async function runBaseline(runKey: string): Promise<Figures> {
  const port = await freePort();
  const broker = track(
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'push-aedes.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitForPort(port, broker);
  const url = `mqtt://127.0.0.1:${port}`;
  log(`bare Aedes pid ${broker.pid}: mqtt ${port}; connecting ${N} devices`);
  try {
    const fleet = await connectFleet(url, runKey);
    // the publisher stands where Herald's server is: it sends jobs and hears the devices' results
    const publisher = await mqtt.connectAsync(url, { clientId: `bench-publisher-${runKey.slice(0, 8)}`, clean: true });
    // the device acks a job on arrival and reports its outcome on up/result
    const replies = { ack: new Map<string, number>(), result: new Map<string, number>() };
    publisher.on('message', (topic, payload) => {
      const at = now();
      const kind = topics.parse(topic)?.kind;
      const seen = kind === 'ack' ? replies.ack : kind === 'result' ? replies.result : undefined;
      try {
        const { id } = JSON.parse(payload.toString('utf8')) as { id?: string };
        if (seen && id && !seen.has(id)) seen.set(id, at);
      } catch {
        // not one of ours
      }
    });
    await publisher.subscribeAsync(['herald/+/up/result', 'herald/+/up/ack'], { qos: 1 });
    const total = Math.round((WARMUP + SECONDS) * RATE);
    const warm = Math.round(WARMUP * RATE);
    const sent: Sent[] = [];
    log(`baseline: ${WARMUP} s warm-up + ${SECONDS} s at ${RATE} job messages/s, publish → device → reply`);
    const cpu0 = { broker: cpuMs(broker.pid), devices: fleetCpuMs(fleet), load: cpuMs(process.pid) };
    const maxLagMs = await openLoop(total, (i) => {
      const id = `${runKey.slice(0, 8)}-${i}`;
      const s: Sent = { at: now(), measured: i >= warm, id };
      sent.push(s);
      const sn = benchSn(1 + (i % N));
      const ts = Date.now();
      const job: JobMessage = {
        v: PROTOCOL_VERSION,
        id,
        ts,
        expireAt: ts + 300_000,
        type: 'print',
        data: JOB_DATA,
        format: 'escpos',
      };
      publisher.publish(topics.down(sn, 'job'), JSON.stringify(job), { qos: 1 }, (err) => {
        s.answeredAt = now();
        if (err) s.error = err.message;
      });
    });
    // the bare relay's "final" is the device's reply back at the publisher
    // (its result when the simulator reports results, else its ack)
    const final = () => (replies.result.size > 0 ? replies.result : replies.ack);
    const deadline = Date.now() + DRAIN_MS;
    while (Date.now() < deadline && sent.some((s) => !final().has(s.id!))) await sleep(200);
    const done = Math.max(1, final().size);
    const cpuPerJob = {
      broker: (cpuMs(broker.pid) - cpu0.broker) / done,
      devices: (fleetCpuMs(fleet) - cpu0.devices) / done,
      load: (cpuMs(process.pid) - cpu0.load) / done,
    };
    await publisher.endAsync();
    await stopDeviceWorkers(fleet.workers);
    return { ...figures('bare Aedes relay', sent, { ...fleet, finished: final() }, maxLagMs), cpuPerJob };
  } finally {
    await stopChild(broker);
  }
}

// ── main ───────────────────────────────────────────────────────────────────

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');

function table(results: Figures[]) {
  const cols = [
    'system',
    'sent',
    'accepted',
    'reached device',
    'final',
    'jobs/s',
    'answer p50',
    'answer p99',
    'to device p50',
    'to device p99',
    'to final p50',
    'to final p99',
    'to final max',
  ];
  console.log(`\nlatencies in ms; "answer" is the HTTP answer (Herald) or the PUBACK (baseline)`);
  console.log(`\n| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
  for (const r of results) {
    const row = [
      r.system,
      r.sent,
      r.accepted,
      r.reached,
      r.finished,
      r.jobsPerSec.toFixed(0),
      ms(pct(r.answer, 50)),
      ms(pct(r.answer, 99)),
      ms(pct(r.toDevice, 50)),
      ms(pct(r.toDevice, 99)),
      ms(pct(r.toFinal, 50)),
      ms(pct(r.toFinal, 99)),
      ms(r.toFinal.at(-1) ?? NaN),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
  for (const r of results) {
    if (Object.keys(r.errors).length > 0) console.log(`${r.system} errors: ${JSON.stringify(r.errors)}`);
    console.log(`${r.system}: load generator fell behind its schedule by at most ${r.maxLagMs.toFixed(1)} ms`);
    if (r.cpuPerJob) {
      const where = r.system.startsWith('Herald') ? 'server' : 'broker';
      console.log(
        `${r.system}: CPU per finished job ${r.cpuPerJob.broker.toFixed(2)} ms in the ${where}, ` +
          `${r.cpuPerJob.devices.toFixed(2)} ms in the device processes, ` +
          `${r.cpuPerJob.load.toFixed(2)} ms in the load generator (this process; all share the same cores)`,
      );
    }
    if (r.pg && r.cpuPerJob) {
      const both = r.cpuPerJob.broker + r.pg.cpuPerJob;
      console.log(
        `${r.system}: CPU per finished job ${r.pg.cpuPerJob.toFixed(2)} ms in PostgreSQL (the postmaster and every ` +
          `process under it), ${both.toFixed(2)} ms Herald + PostgreSQL; in the load ${r.pg.sessions} sessions opened, ` +
          `${r.pg.commitsPerJob.toFixed(2)} commits per job`,
      );
      if (r.pg.statements) console.log(`${r.system}: pg_stat_statements over the load\n${r.pg.statements.join('\n')}`);
    }
    if (r.recordCheck)
      console.log(`${r.system}: records of a sample of accepted jobs: ${JSON.stringify(r.recordCheck)}`);
    if (r.unanswered) {
      console.log(
        `${r.system}: calls without an answer, by second of sending: ${JSON.stringify(r.unanswered.bySecond)}`,
      );
      console.log(`${r.system}: what the server did with them (read back): ${JSON.stringify(r.unanswered.records)}`);
      console.log(
        `${r.system}: sent → stored of those, min/p50/max ms: ${r.unanswered.sentToStoredMs.map((x) => x.toFixed(0)).join(' / ')}`,
      );
    }
  }
  const h = results.find((r) => r.system.startsWith('Herald'));
  const b = results.find((r) => r.system.startsWith('bare'));
  if (h && b) {
    const ratio = (k: 'toDevice' | 'toFinal', p: number) => (pct(h[k], p) / pct(b[k], p)).toFixed(1);
    console.log(
      `\nHerald / bare relay: to device p50 ${ratio('toDevice', 50)}×, p99 ${ratio('toDevice', 99)}×; ` +
        `to final p50 ${ratio('toFinal', 50)}×, p99 ${ratio('toFinal', 99)}×`,
    );
  }
  const p = results.find((r) => r.pg);
  const e = results.find((r) => r.system.startsWith('Herald (embedded'));
  if (p?.pg && p.cpuPerJob && e?.cpuPerJob) {
    const both = p.cpuPerJob.broker + p.pg.cpuPerJob;
    console.log(
      `\nCPU per job: Herald + PostgreSQL ${both.toFixed(2)} ms (Herald ${p.cpuPerJob.broker.toFixed(2)}, PostgreSQL ` +
        `${p.pg.cpuPerJob.toFixed(2)}), embedded ${e.cpuPerJob.broker.toFixed(2)} ms: ratio ` +
        `${(both / e.cpuPerJob.broker).toFixed(2)}; aim (Herald + PostgreSQL ≤ 1.5 ms per job): ${both <= 1.5 ? 'met' : 'missed'}`,
    );
  }
  if (h && RATE >= 1000) {
    const ok = h.jobsPerSec >= 1000 * 0.98 && pct(h.toDevice, 99) < 50;
    console.log(
      `aim (1,000 jobs/s, p99 to device < 50 ms): ${ok ? 'met' : 'missed'} ` +
        `(${h.jobsPerSec.toFixed(0)} jobs/s, p99 ${ms(pct(h.toDevice, 99))} ms)`,
    );
  }
}

async function main() {
  console.log(
    `push bench: ${N} devices, ${RATE} jobs/s for ${SECONDS} s (+${WARMUP} s warm-up), ${WORKERS} device processes${args.qr ? ', receipts with a QR code' : ''}`,
  );
  console.log(
    `machine: ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `node ${process.version}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const runKey = randomBytes(16).toString('hex');
  const results: Figures[] = [];
  let databaseUrl = args['database-url'];
  if (args['pg-temp']) {
    const opts = [
      ...(args['pg-stat']
        ? ['-c shared_preload_libraries=pg_stat_statements', '-c pg_stat_statements.track_planning=on']
        : []),
      args['pg-opts'],
    ].join(' ');
    const t = startPgTemp(ROOT, opts);
    databaseUrl = t.url;
    log(`throwaway PostgreSQL (durable) in ${t.dir}: ${t.url}${opts.trim() ? ` with ${opts.trim()}` : ''}`);
  }
  if (!args['no-herald']) {
    results.push(await runHerald(runKey, databaseUrl));
    // the embedded server under the same load, in the same invocation, to compare with
    if (databaseUrl && !args['no-embedded']) results.push(await runHerald(runKey, undefined));
  }
  if (!args['no-baseline']) results.push(await runBaseline(runKey));
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
