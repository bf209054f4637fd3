/**
 * The fault harness: Herald on its production path (PostgreSQL, Mosquitto, two server nodes)
 * or embedded (PGlite, its own broker, one node), a simulated fleet, an open-API print load
 * spread over the nodes, and faults during the load — kill -9 of a node, a graceful node
 * restart, a broker restart and a broker kill -9, a device and an account disabled (one of them
 * while a node starts). Afterwards every order is accounted for (accounting.ts); the run prints
 * the table and exits 1 on any violation.
 *
 *   npx tsx test/cluster/faults.ts                      # PostgreSQL + Mosquitto + 2 nodes
 *   npx tsx test/cluster/faults.ts --nodes 1            # PostgreSQL + Mosquitto + 1 node
 *   npx tsx test/cluster/faults.ts --mode embedded      # PGlite + embedded broker, 1 node
 *   options: --devices N (200) --rate R requests/s (40) --seconds S of load (80, embedded 40)
 *   KEEP_FAULT_LOGS=1 keeps the run's directory (node and broker logs)
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { HeraldApiError, HeraldClient } from '@herald/sdk';
import { VirtualDevice } from '@herald/device-sim';
import { AccountStatus, DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { openDatabase } from '../../packages/server/src/db/client';
import { accounts, apiKeys, devices, models } from '../../packages/server/src/db/schema';
import { benchSecret, benchSn } from '../../bench/connections-shared';
import { freePort, log, sleep } from '../../bench/processes';
import { account, report, type Row, type Sent } from './accounting';
import { ADMIN_PASSWORD, HeraldNode, mosquitto, runDir, startPostgres, type Broker } from './cluster';

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'cluster' },
    devices: { type: 'string', default: '200' },
    rate: { type: 'string', default: '40' },
    seconds: { type: 'string' },
    nodes: { type: 'string', default: '2' },
  },
});
const EMBEDDED = args.mode === 'embedded';
const N = Number(args.devices);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds ?? (EMBEDDED ? 40 : 80));
/** devices of a second account, disabled as a whole during the run */
const OTHER_N = 10;
const EXPIRE_SECONDS = 30;
const runKey = randomBytes(8).toString('hex');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const keyOf = (name: string) => ({ appKey: `faults-${name}-${runKey}`, secret: benchSecret(runKey, name) });

type Fleet = { main: string[]; other: string[]; ids: Map<string, number>; otherAccountId: number };

/** Two accounts with an API key each, a printer model, N + OTHER_N enabled, activated devices. */
async function seed(where: { databaseUrl?: string; pgliteDir?: string }): Promise<Fleet> {
  const database = await openDatabase(where);
  const db = database.db;
  const account = async (name: string) => {
    const [a] = await db
      .insert(accounts)
      .values({
        name,
        country: 'GB',
        timeZone: 'Europe/London',
        industry: 'retail',
        subjectType: 'business',
        subjectName: `${name} Ltd`,
      })
      .returning();
    await db.insert(apiKeys).values({ accountId: a!.id, name, ...keyOf(name) });
    return a!.id;
  };
  const [mainId, otherId] = [await account('main'), await account('other')];
  const [model] = await db
    .insert(models)
    .values({ name: 'Fault printer', code: 'FAULT-P1', type: 'printer', image: PNG, imageMime: 'image/png' })
    .returning();
  const now = new Date();
  const fleet: Fleet = { main: [], other: [], ids: new Map(), otherAccountId: otherId };
  for (let n = 1; n <= N + OTHER_N; n++) {
    const sn = benchSn(n);
    (n <= N ? fleet.main : fleet.other).push(sn);
    const [d] = await db
      .insert(devices)
      .values({
        accountId: n <= N ? mainId : otherId,
        sn,
        modelId: model!.id,
        secret: benchSecret(runKey, sn),
        status: DeviceStatus.ENABLED,
        activated: true,
        activatedAt: now,
        printParams: DEFAULT_PRINT_PARAMS,
      })
      .returning({ id: devices.id });
    fleet.ids.set(sn, d!.id);
  }
  await database.close();
  return fleet;
}

// ── the run ────────────────────────────────────────────────────────────────

const dir = runDir();
const timeline: string[] = [];
const t0 = Date.now();
const mark = (what: string) => {
  const line = `t+${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`;
  timeline.push(line);
  log(what);
};

let broker: Broker | undefined;
let pgUrl: string | undefined;
const dataDir = path.join(dir, 'data');
if (!EMBEDDED) {
  pgUrl = startPostgres().url;
  broker = await mosquitto(dir);
}
const fleet = await seed(pgUrl ? { databaseUrl: pgUrl } : { pgliteDir: path.join(dataDir, 'pgdata') });
mark(`seeded ${N} + ${OTHER_N} devices (${EMBEDDED ? 'PGlite' : 'PostgreSQL'})`);

const embeddedMqtt = EMBEDDED ? await freePort() : 0;
const shared: Record<string, string> = {
  // short enough for a run of minutes: a lost publish goes out again after 2 s, a lost result is asked for after 6 s
  JOB_RESEND_MS: '2000',
  // the time between a publish and its "pushed" row, widened from 5 ms so that every kill -9
  // falls inside it for the jobs of the last quarter second (burstThenKill)
  JOB_WRITE_WAIT_MS: '250',
  PRESENCE_CHECK_GRACE_MS: '10000',
  ...(EMBEDDED
    ? { DATA_DIR: dataDir, MQTT_HOST: '127.0.0.1', MQTT_PORT: String(embeddedMqtt) }
    : {
        DATABASE_URL: pgUrl!,
        MQTT_URL: broker!.serverUrl,
        MQTT_PROVISION: 'dynsec',
        // the run uploads no files: one folder of this machine, said to be shared, is enough
        DATA_DIR: dataDir,
        STORAGE_LOCAL_SHARED: 'true',
      }),
};
const nodes = (EMBEDDED || args.nodes === '1' ? ['node-a'] : ['node-a', 'node-b']).map(
  (name) => new HeraldNode({ name, dir, env: { ...shared, MQTT_CLIENT_ID: `herald-${name}` } }),
);
await Promise.all(nodes.map((n) => n.start()));
mark(`${nodes.length} node(s) up`);

// an operator who may disable devices and accounts (the seeded admin, its first password kept)
if (pgUrl) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`update users set must_change_password = false where username = 'admin'`);
  await c.end();
}

const mqttUrl = EMBEDDED ? `mqtt://127.0.0.1:${embeddedMqtt}` : broker!.url;
const sims = new Map<string, VirtualDevice>();
for (const sn of [...fleet.main, ...fleet.other]) {
  const d = new VirtualDevice({
    sn,
    secret: benchSecret(runKey, sn),
    mqttUrl,
    credentials: EMBEDDED ? 'hmac' : 'static',
    telemetryIntervalMs: 5_000,
    backoffMinMs: 200,
    backoffMaxMs: 3_000,
    printDelayMs: 20,
  });
  sims.set(sn, d);
  d.start();
}
await Promise.all([...sims.values()].map((d) => d.waitOnline(60_000)));
mark(`${sims.size} devices online`);

// ── load ───────────────────────────────────────────────────────────────────

const clients = await Promise.all(
  nodes.map(async (n) => ({
    main: new HeraldClient({ baseUrl: await n.url, ...keyOf('main'), retries: 0, timeoutMs: 5_000 }),
    other: new HeraldClient({ baseUrl: await n.url, ...keyOf('other'), retries: 0, timeoutMs: 5_000 }),
  })),
);
const sent: Sent[] = [];
const busy = new Set<string>();
const seqs = new Map<string, number>();
const disabled = new Map<string, number>();
/** devices no longer sent to (their disable was asked for) */
const stopped = new Set<string>();
let rr = 0;

/** An integrator behind a load balancer: a call that gets no answer goes to the next node, same order id. */
async function submit(s: Sent, which: 'main' | 'other') {
  let last = '';
  s.sentAt = Date.now();
  for (let attempt = 0; attempt < 16; attempt++) {
    const node = (rr + attempt) % nodes.length;
    try {
      await clients[node]![which].print({
        sn: s.sn,
        content: `Order ${s.orderId}`,
        orderId: s.orderId,
        expireSeconds: EXPIRE_SECONDS,
      });
      s.acceptedAt = Date.now();
      return;
    } catch (err) {
      if (err instanceof HeraldApiError && err.httpStatus < 500 && err.code !== 40029) {
        s.refused = `${err.code} ${err.message}`;
        return;
      }
      last = err instanceof Error ? err.message : String(err);
      await sleep(Math.min(200 * 2 ** attempt, 2_000));
    }
  }
  s.unanswered = last;
}

let loadOn = true;
const inFlight = new Set<Promise<void>>();
const load = (async () => {
  const every = 1000 / RATE;
  const all = [...fleet.main, ...fleet.other];
  let i = 0;
  let next = Date.now();
  while (loadOn) {
    next += every;
    // the next device with no request under way (a device's requests go one after another)
    for (let k = 0; k < all.length; k++) {
      const sn = all[(i + k) % all.length]!;
      if (busy.has(sn) || stopped.has(sn)) continue;
      i = (i + k + 1) % all.length;
      const seq = (seqs.get(sn) ?? 0) + 1;
      seqs.set(sn, seq);
      const s: Sent = { orderId: `${runKey}-${sent.length}`, sn, seq };
      sent.push(s);
      busy.add(sn);
      rr++;
      const p = submit(s, fleet.other.includes(sn) ? 'other' : 'main').finally(() => {
        busy.delete(sn);
        inFlight.delete(p);
      });
      inFlight.add(p);
      break;
    }
    await sleep(Math.max(0, next - Date.now()));
  }
})();

/** Sign in as the operator on one node and call the admin API. */
async function admin(node: HeraldNode, method: string, url: string, body: unknown) {
  const base = await node.url;
  const call = async (u: string, b: unknown, token?: string) => {
    const res = await fetch(new URL(u, base), {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(b),
    });
    return (await res.json()) as { code: number; message: string; data: { authInfo?: string } };
  };
  const login = await call('/user/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (login.code !== 20000) throw new Error(`operator sign-in on ${base}: ${login.message}`);
  const r = await call(url, body, login.data.authInfo);
  if (r.code !== 20000) {
    adminFailures.push(`${node.name} ${url}: ${r.code} ${r.message}`);
    mark(`FAILED: ${url} on ${node.name}: ${r.code} ${r.message}`);
  }
}
const adminFailures: string[] = [];

async function disableDevice(node: HeraldNode, sn: string) {
  stopped.add(sn);
  await admin(node, 'POST', '/v1/devices/status', { ids: [fleet.ids.get(sn)], status: DeviceStatus.DISABLED });
  disabled.set(sn, Date.now());
  mark(`disabled device ${sn}`);
}

// ── faults ─────────────────────────────────────────────────────────────────

/**
 * The crash window: a job is published before its "pushed" row is written (batched with the
 * device's ack), so a kill -9 right then leaves a job the device printed at status 0. A burst of
 * short-lived jobs through one node, killed 100 ms after the first is answered (they are then
 * published and not yet recorded), and kept down past their expiry: the expiry, not the node,
 * decides what their rows say, and a printed one must not end as "expired".
 */
const BURST = 40;
const burstOrders = new Set<string>();
const BURST_EXPIRE_SECONDS = 5;
async function burstThenKill(node: HeraldNode) {
  const client = clients[nodes.indexOf(node)]!.main;
  // devices with no request under way, held as they become free (a device's requests go one
  // after another, so the burst's receipts have their place in its order)
  const idle: string[] = [];
  for (const until = Date.now() + 10_000; idle.length < BURST && Date.now() < until; await sleep(50))
    for (const sn of fleet.main)
      if (idle.length < BURST && !busy.has(sn) && !stopped.has(sn)) {
        busy.add(sn);
        idle.push(sn);
      }
  const burst = idle.map((sn) => {
    const seq = (seqs.get(sn) ?? 0) + 1;
    seqs.set(sn, seq);
    const s: Sent = { orderId: `${runKey}-${sent.length}`, sn, seq, sentAt: Date.now() };
    sent.push(s);
    burstOrders.add(s.orderId);
    return client
      .print({ sn, content: `Order ${s.orderId}`, orderId: s.orderId, expireSeconds: BURST_EXPIRE_SECONDS })
      .then(
        () => void (s.acceptedAt = Date.now()),
        (err: unknown) => {
          if (err instanceof HeraldApiError && err.httpStatus < 500) s.refused = `${err.code} ${err.message}`;
          else s.unanswered = err instanceof Error ? err.message : String(err);
          throw err;
        },
      );
  });
  // 100 ms after the first answer: the burst's jobs have reached their devices (the publish follows
  // the answer by a few ms), their "pushed" rows are JOB_WRITE_WAIT_MS away
  await Promise.any(burst).catch(() => {});
  await sleep(100);
  await node.stop(true);
  const answered = Date.now();
  await Promise.allSettled(burst);
  const ours = sent.slice(-idle.length);
  const before = ours.filter((s) => s.acceptedAt !== undefined && s.acceptedAt <= answered).length;
  for (const sn of idle) busy.delete(sn);
  mark(
    `kill -9 ${node.name} 100 ms into the answers to a burst of ${idle.length} jobs expiring in ${BURST_EXPIRE_SECONDS} s (${before} answered before it; ${ours
      .filter((s) => s.unanswered)
      .map((s) => s.unanswered)
      .slice(0, 1)})`,
  );
  await sleep((BURST_EXPIRE_SECONDS + 2) * 1000);
}

/**
 * A graceful stop under load ends inside a supervisor's 30 s (HeraldNode.stop kills it then, as
 * one would): the drain waits only for the answers clients still wait for, and the close for the
 * work in progress (issue 27: a restart under load was killed). Each stop's time is in the timeline.
 */
const slowStops: string[] = [];
async function gracefulStop(node: HeraldNode) {
  const { ms, killed } = await node.stop();
  const steps = killed ? undefined : node.stopSteps();
  mark(
    `${node.name} stopped in ${(ms / 1000).toFixed(1)} s${killed ? ' (killed)' : ''}${steps ? ` (ms: ${steps})` : ''}`,
  );
  if (killed) slowStops.push(`${node.name}: still running 30 s after SIGTERM, killed`);
}

const at = async (second: number) => sleep(Math.max(0, t1 + second * 1000 - Date.now()));
const t1 = Date.now();
const [a, b = a] = nodes as [HeraldNode, HeraldNode | undefined];
const scenario = EMBEDDED
  ? (async () => {
      await at(SECONDS * 0.2);
      // the server and its embedded broker
      await burstThenKill(a);
      await a.start();
      mark('node-a started again');
      // some load on the restarted node before the next fault
      await at(SECONDS * 0.6);
      await sleep(5_000);
      mark('graceful restart of node-a');
      await gracefulStop(a);
      await a.start();
      mark('node-a started again');
    })()
  : (async () => {
      await at(SECONDS * 0.12);
      // node-b expires node-a's jobs meanwhile
      await burstThenKill(a);
      await a.start();
      mark('node-a started again');
      await at(SECONDS * 0.3);
      mark(`graceful restart of ${b.name}`);
      await gracefulStop(b);
      await b.start();
      mark(`${b.name} started again`);
      await at(SECONDS * 0.45);
      mark('graceful broker restart');
      await broker!.stop();
      await sleep(1_000);
      await broker!.start();
      mark('broker up again');
      await at(SECONDS * 0.6);
      await disableDevice(a, fleet.main[0]!);
      for (const sn of fleet.other) stopped.add(sn);
      await admin(b, 'POST', `/v1/accounts/${fleet.otherAccountId}/status`, { status: AccountStatus.DISABLED });
      for (const sn of fleet.other) disabled.set(sn, Date.now());
      mark(`disabled account "other" (${OTHER_N} devices)`);
      await at(SECONDS * 0.7);
      if (b !== a) {
        mark('kill -9 node-a, and a device disabled through node-b while node-a starts');
        await a.stop(true);
        const starting = a.start();
        await disableDevice(b, fleet.main[1]!);
        await starting;
      } else {
        mark('kill -9 node-a, and a device disabled as soon as it is back');
        await a.stop(true);
        await a.start();
        await disableDevice(a, fleet.main[1]!);
      }
      mark('node-a started again');
      await at(SECONDS * 0.85);
      mark('kill -9 of the broker');
      await broker!.stop(true);
      await sleep(2_000);
      await broker!.start();
      mark('broker up again');
    })();

await at(SECONDS);
await scenario;
loadOn = false;
await load;
await Promise.all([...inFlight]);
mark(`load ended: ${sent.length} requests`);

// ── settle: every job final, every unconfirmed one asked about ───────────────

const query = async <T>(text: string): Promise<T[]> => {
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  }
  // the embedded database is one process's: the node stops first (only at the end)
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
  try {
    return (await database.db.execute(sql.raw(text))).rows as T[];
  } finally {
    await database.close();
  }
};
const openJobs = `select count(*) filter (where status < 3)::int as unfinished,
                         count(*) filter (where reason = 'notConfirmed')::int as unconfirmed from jobs`;
const settleUntil = Date.now() + (EXPIRE_SECONDS + 60) * 1000;
if (pgUrl) {
  for (;;) {
    const [o] = await query<{ unfinished: number; unconfirmed: number }>(openJobs);
    if ((o!.unfinished === 0 && o!.unconfirmed === 0) || Date.now() > settleUntil) {
      mark(`settled: ${o!.unfinished} unfinished, ${o!.unconfirmed} not confirmed`);
      break;
    }
    await sleep(2_000);
  }
} else {
  await sleep((EXPIRE_SECONDS + 15) * 1000);
  mark('settled (waited for expiry and confirmation)');
}

const connectedDisabled = [...disabled.keys()].filter((sn) => sims.get(sn)!.online);
// presence: the database's online flag against each device's connection, twice, 3 s apart (a
// device may be between two states at one instant); the embedded database is read only at the end
const presenceWrong = async () => {
  if (!pgUrl) return new Set<string>();
  const rows = await query<{ sn: string; online: boolean }>(`select sn, online from devices`);
  return new Set(rows.filter((r) => r.online !== sims.get(r.sn)?.online).map((r) => r.sn));
};
const wrongOnce = await presenceWrong();
await sleep(3_000);
const wrongTwice = [...(await presenceWrong())].filter((sn) => wrongOnce.has(sn));
await Promise.all([...sims.values()].map((d) => d.stop().catch(() => {})));
const warnings = nodes.map((n) => n.warnings());
await Promise.all(nodes.map((n) => n.stop()));
await broker?.stop();

const rows = await query<{ order_id: string; sn: string; status: number; reason: string | null }>(
  `select order_id, sn, status, reason from jobs where order_id like '${runKey}-%'`,
);
const printed = new Map<string, string[]>();
for (const [sn, d] of sims)
  printed.set(
    sn,
    d.printed.map((text) => /Order (\S+)/.exec(text)?.[1] ?? `?${text.slice(0, 20)}`),
  );
const tally = account({
  sent,
  rows: rows.map((r): Row => ({ orderId: r.order_id, sn: r.sn, status: Number(r.status), reason: r.reason })),
  printed,
  disabled,
  connectedDisabled,
  presenceWrong: wrongTwice,
});

console.log(
  `\n==== fault run: ${EMBEDDED ? 'embedded (PGlite, one node)' : `PostgreSQL + Mosquitto + ${nodes.length} node(s)`}`,
);
console.log(`${N + OTHER_N} devices, ${RATE} requests/s for ${SECONDS} s, jobs expire after ${EXPIRE_SECONDS} s`);
for (const line of timeline) console.log(`  ${line}`);
const burstRows = rows.filter((r) => burstOrders.has(r.order_id));
const burstEnds = new Map<string, number>();
for (const r of burstRows)
  burstEnds.set(`${r.status}/${r.reason ?? '-'}`, (burstEnds.get(`${r.status}/${r.reason ?? '-'}`) ?? 0) + 1);
console.log(`burst jobs stored ${burstRows.length}: ${[...burstEnds].map(([k, n]) => `${k} × ${n}`).join(', ')}`);
// every violation before the report, so its table lists them all
for (const f of slowStops) tally.violations.push({ kind: 'graceful stop too slow', detail: f });
for (const f of adminFailures) tally.violations.push({ kind: 'administrator action failed', detail: f });
console.log(report(tally));
console.log(`log lines at warn or above: ${nodes.map((n, i) => `${n.name} ${warnings[i]!.length}`).join(', ')}`);
// the first few of them, each in brief (its time, message and error, not its stack): the run's logs
// are removed at its end (KEEP_FAULT_LOGS keeps them)
for (const [i, lines] of warnings.entries())
  for (const line of lines.slice(0, 8)) console.log(`  ${nodes[i]!.name}: ${briefLogLine(line)}`);
if (tally.violations.length > 0) {
  for (const n of nodes) console.log(`\n---- end of ${n.name}'s log\n${n.tail(30)}`);
  console.log(
    `\n✗ ${tally.violations.length} violations (run directory ${dir}${process.env.KEEP_FAULT_LOGS ? '' : ', removed'})`,
  );
  process.exit(1);
}
console.log('\n✓ every order accounted for');
process.exit(0);

/** A pino line as `HH:MM:SS.mmm message (error) {other fields}`; a line that is not JSON, cut at 300 characters. */
function briefLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.slice(0, 300);
  }
  const { time, msg, err, level: _level, pid: _pid, hostname: _host, ...rest } = entry;
  const at = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '?';
  const error = err && typeof err === 'object' ? ` (${String((err as { message?: unknown }).message)})` : '';
  const fields = Object.keys(rest).length ? ` ${JSON.stringify(rest).slice(0, 200)}` : '';
  return `${at} ${String(msg)}${error}${fields}`;
}
