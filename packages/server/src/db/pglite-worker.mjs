// @ts-check
/**
 * The embedded database's thread. PGlite is PostgreSQL compiled to WASM; run on the server's
 * event loop, every statement stopped HTTP and MQTT handling for its whole duration. Here it
 * runs on a worker thread and speaks the PostgreSQL wire protocol to the main thread
 * (pglite-stream.ts), where the same `pg` driver as for a PostgreSQL server reads it.
 *
 * PGlite has one session; the main thread's pool has several connections. Their queries are
 * taken whole (a simple query, or extended-protocol messages up to their Sync) and run one after
 * the other, so each sees the session as if it were its own; while one connection holds a
 * transaction open, only its queries run. Everything that arrived by the time the thread wakes is
 * run in one go and answered in one message: one wake-up per burst instead of one per query.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader in every
 * runner (tsx, vitest), and this file needs nothing but PGlite.
 *
 * From the main thread: {type:'io', parts:[{conn, bytes?, end?}]}, {type:'shutdown'}.
 * To the main thread: {type:'ready'} | {type:'failed', message}, {type:'io', parts:[{conn, bytes}]},
 * {type:'closed'}.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { mapFramesOfBundle } from '../lib/bundle-stack-traces.mjs';
import { quiet } from './pglite-quiet.mjs';
import { bufferBytes, pgliteModule } from './pglite-buffers.mjs';

// this thread's stack traces name the source lines when it runs from the bundle, as the main thread's do
mapFramesOfBundle(import.meta.url);

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {PGlite} */
let db;
try {
  // PGlite's WASM with the buffer pool asked for (pglite-buffers.mjs)
  const sharedBuffers = /** @type {string} */ (workerData.sharedBuffers);
  const wasmModule = await pgliteModule(sharedBuffers);
  // a snapshot (PGlite's dumpDataDir, as a file) starts an in-memory database where the snapshot
  // left off: the test suite migrates once and starts each test's database from there
  db = workerData.dataDir
    ? new PGlite(workerData.dataDir, { wasmModule })
    : workerData.snapshot
      ? new PGlite({ loadDataDir: new Blob([await readFile(workerData.snapshot)]), wasmModule })
      : new PGlite({ wasmModule });
  await db.waitReady;
  // the rewritten WASM took (pglite-buffers.mjs): PostgreSQL counts the pool in blocks (8kB, rounding down)
  const { rows } = await db.query(
    `select setting::bigint * 8192 as bytes from pg_settings where name = 'shared_buffers'`,
  );
  const bytes = Number(/** @type {{ bytes: unknown }} */ (rows[0]).bytes);
  const asked = /** @type {number} */ (bufferBytes(sharedBuffers));
  if (bytes !== asked - (asked % 8192))
    throw new Error(`shared_buffers is ${bytes} bytes, not the ${sharedBuffers} asked for`);
  // PGlite's session logs at debug3 and its server log at debug1: every statement would format
  // messages nobody reads (client notices to be parsed and dropped, log lines to a discarded
  // stderr). PostgreSQL's defaults instead: a one-row statement took ~30 % less time (bench/job-sql,
  // batches of 1: 12.7 → 8.8 ms of database time per job).
  await db.exec('set client_min_messages to notice; set log_min_messages to warning');
  // this thread reads only ReadyForQuery, itself (pglite-quiet.mjs)
  quiet(true);
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

/**
 * @typedef {{ msgs: Uint8Array[], done: boolean, startup: boolean }} Unit
 * @typedef {{ pending: Buffer, startup: boolean, units: Unit[] }} Conn
 * pending: bytes not yet a whole message; units: queries (done: up to their end) waiting to run
 */
/** @type {Map<number, Conn>} */
const conns = new Map();
/** connections with units waiting, in arrival order */
/** @type {number[]} */
let ready = [];
/** whether the session is inside a transaction (its last ReadyForQuery said 'T' or 'E') */
let inTx = false;
/** the connection holding the session (open transaction, or an extended query not yet synced) */
let owner = 0;
let ownerSince = 0;
/** when a unit last ran; with units waiting and nothing run for STALL_MS, the session is stuck */
let lastRun = Date.now();
const STALL_MS = 10_000;
let stallReported = false;
// Queries that wait while nothing runs mean a connection holds the session (an open transaction,
// a startup) and does not go on. Say so once per stall, with who holds it, rather than wait silently.
setInterval(() => {
  const waiting = [...conns].filter(([, c]) => c.units[0]?.done).length;
  const stalled = waiting > 0 && Date.now() - lastRun > STALL_MS;
  if (stalled && !stallReported) {
    const held = owner
      ? `connection ${owner} has held the session for ${Date.now() - ownerSince} ms`
      : 'nobody holds it';
    process.stderr.write(
      `embedded database: ${waiting} connection(s) waiting, nothing ran for ${STALL_MS} ms; ${held}\n`,
    );
  }
  stallReported = stalled;
}, 1_000).unref();

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const PASSWORD = 0x70; // 'p'
const TERMINATE = 0x58; // 'X'
const READY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': ReadyForQuery's status outside a transaction

/**
 * Cut whole messages off a connection's bytes and group them into units. The startup message
 * has no type byte; every later one is a type byte and a length that counts itself.
 * @param {Conn} c
 */
function cut(c) {
  const lastUnit = c.units[c.units.length - 1];
  /** @type {Unit} */
  let unit = lastUnit && !lastUnit.done ? /** @type {Unit} */ (c.units.pop()) : fresh();
  for (;;) {
    const head = c.startup ? 4 : 5;
    if (c.pending.length < head) break;
    const len = c.startup ? c.pending.readInt32BE(0) : 1 + c.pending.readInt32BE(1);
    if (c.pending.length < len) break;
    const msg = c.pending.subarray(0, len);
    c.pending = c.pending.subarray(len);
    const type = c.startup ? 0 : msg[0];
    c.startup = false;
    // Terminate would shut the one backend down: a closing connection is released instead
    if (type === TERMINATE) continue;
    unit.msgs.push(new Uint8Array(msg.buffer, msg.byteOffset, msg.length));
    if (type === 0 || type === SYNC || type === QUERY || type === PASSWORD) {
      unit.done = true;
      unit.startup = type === 0;
      c.units.push(unit);
      unit = fresh();
    }
  }
  if (unit.msgs.length) c.units.push(unit);
}

/** @returns {Unit} */
const fresh = () => ({ msgs: [], done: false, startup: false });

/** @param {number} id */
function release(id) {
  conns.delete(id);
  ready = ready.filter((x) => x !== id);
  if (owner === id) {
    // a connection that ends inside a transaction must not leave it open for the next one
    if (inTx) db.execProtocolRawSync(rollback);
    inTx = false;
    owner = 0;
  }
}
/**
 * Named prepared statements are per session, and here every connection shares the one session:
 * a statement one connection prepared exists for all of them, and `pg` (which remembers only
 * what its own connection prepared) would prepare it again and fail with "already exists". So a
 * Parse of a name already prepared with the very same message is answered here (ParseComplete)
 * and not run; all connections then share the statement, prepared once. A different message
 * under a taken name goes through and fails as it should.
 * @type {Map<string, Buffer>} statement name → its Parse message
 */
const prepared = new Map();
const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const PARSE_DONE = 0x31; // '1'
const ERROR = 0x45; // 'E'
const PARSE_COMPLETE = new Uint8Array([PARSE_DONE, 0, 0, 0, 4]);

/**
 * The NUL-terminated string of a message at `at` (names and texts after the 5-byte header).
 * @param {Uint8Array} msg @param {number} at
 */
const cstr = (msg, at) => {
  const b = Buffer.from(msg.buffer, msg.byteOffset, msg.length);
  return b.toString('utf8', at, b.indexOf(0, at));
};
/** Where the string after the one at `at` starts. @param {Uint8Array} msg @param {number} at */
const after = (msg, at) => msg.indexOf(0, at) + 1;
/** @param {Uint8Array} msg */
const statementName = (msg) => cstr(msg, 5);
/** @param {Uint8Array} msg */
function alreadyPrepared(msg) {
  if (msg[0] !== PARSE || msg[5] === 0) return false; // not a Parse, or the unnamed statement
  const known = prepared.get(statementName(msg));
  return known !== undefined && known.equals(msg);
}
/** @param {Uint8Array} msg */
function remember(msg) {
  if (msg[5] !== 0) prepared.set(statementName(msg), Buffer.from(msg));
}

/**
 * HERALD_DB_PROFILE=1: every 10 s, this thread writes to stderr where its time went, by
 * statement (its prepared name, or the start of its text). A diagnostic for benchmarks
 * (docs/benchmarks.md), off by default.
 */
const PROFILE = Boolean(process.env.HERALD_DB_PROFILE);
/** @type {Map<string, { n: number, ms: number }>} */
const spent = new Map();
/** @param {Uint8Array | undefined} msg the unit's first message @param {number} ms */
function profile(msg, ms) {
  const key = msg ? statementOf(msg) : '?';
  const e = spent.get(key) ?? { n: 0, ms: 0 };
  e.n++;
  e.ms += ms;
  spent.set(key, e);
}
/** @param {Uint8Array} msg */
function statementOf(msg) {
  if (msg[0] === BIND) return `prepared ${cstr(msg, after(msg, 5))}`; // Bind: portal, then statement
  if (msg[0] === PARSE && msg[5] !== 0) return `prepared ${statementName(msg)}`;
  const text = msg[0] === PARSE ? cstr(msg, after(msg, 5)) : msg[0] === QUERY ? cstr(msg, 5) : '?';
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}
if (PROFILE) {
  setInterval(() => {
    const rows = [...spent].sort((x, y) => y[1].ms - x[1].ms);
    const total = rows.reduce((n, [, e]) => n + e.ms, 0);
    const line = (/** @type {[string, {n: number, ms: number}]} */ [k, e]) =>
      `${e.ms.toFixed(0).padStart(7)} ms ${String(e.n).padStart(6)}× ${(e.ms / e.n).toFixed(2).padStart(7)} ms  ${k}`;
    process.stderr.write(
      `embedded database, last 10 s: ${total.toFixed(0)} ms in statements\n${rows.slice(0, 15).map(line).join('\n')}\n`,
    );
    spent.clear();
  }, 10_000).unref();
}

/** A simple-query message (type, length, text, NUL). @param {string} text */
function query(text) {
  const t = Buffer.from(`${text}\0`, 'utf8');
  const m = Buffer.alloc(5 + t.length);
  m[0] = QUERY;
  m.writeInt32BE(4 + t.length, 1);
  t.copy(m, 5);
  return new Uint8Array(m);
}
const rollback = query('rollback');
const GENERIC = query('set plan_cache_mode to force_generic_plan');
const AUTO = query('set plan_cache_mode to auto');

/**
 * Named statements are planned once. A statement is named because it runs again and again with
 * one text (the job pipeline's batches); PostgreSQL would still plan it anew on every run while
 * it guesses a one-row batch cheaper to plan for than the generic case, which in WASM cost up to
 * 1 ms of a 2 ms statement (the Bind). So their units run with force_generic_plan, everything
 * else with PostgreSQL's own choice. The setting changes only while nobody holds the session: a
 * SET inside a transaction would be undone by its rollback behind our back.
 */
let generic = false;
/** @param {Uint8Array | undefined} msg a unit's first message */
function isNamed(msg) {
  if (!msg) return false;
  if (msg[0] === PARSE) return msg[5] !== 0;
  if (msg[0] === BIND) return msg[after(msg, 5)] !== 0; // Bind: portal, then statement
  return false;
}
/** @param {Unit} unit */
function planFor(unit) {
  // not while a connection holds the session (its startup, or its transaction)
  if (owner || unit.startup || inTx) return;
  const want = isNamed(unit.msgs[0]);
  if (want === generic) return;
  db.execProtocolRawSync(want ? GENERIC : AUTO);
  generic = want;
}

/** Run every whole unit that may run now; answers per connection. */
function run() {
  /** @type {Map<number, Uint8Array[]>} */
  const out = new Map();
  /** @type {number[]} */
  const broken = [];
  for (;;) {
    const id = owner || ready[0];
    if (!id) break;
    const c = conns.get(id);
    const unit = c?.units[0];
    if (!c || !unit || !unit.done) {
      if (owner) break; // the session's holder has not sent its next query yet
      ready.shift();
      continue;
    }
    c.units.shift();
    const replies = out.get(id) ?? [];
    // one call per message: given several at once, PGlite stopped after a 16,384-byte Parse and
    // left the rest unread (seen under load), and the query waited for ever
    planFor(unit);
    const t0 = PROFILE ? performance.now() : 0;
    let failed = false;
    for (const msg of unit.msgs) {
      if (!failed && alreadyPrepared(msg)) {
        replies.push(PARSE_COMPLETE.slice());
        continue;
      }
      const res = db.execProtocolRawSync(msg);
      if (res.length) replies.push(res);
      if (res[0] === ERROR) failed = true;
      else if (msg[0] === PARSE && res[0] === PARSE_DONE) remember(msg);
    }
    if (PROFILE) profile(unit.msgs[0], performance.now() - t0);
    out.set(id, replies);
    const last = replies[replies.length - 1];
    if (!unit.startup && (!last || last.length < 6 || last[last.length - 6] !== READY)) {
      // a query that did not end with ReadyForQuery would leave its caller waiting: fail the connection
      broken.push(id);
      release(id);
      continue;
    }
    if (!unit.startup && last) inTx = last[last.length - 1] !== IDLE;
    // a startup waits for its password; a transaction for its end: nobody else runs in between
    const newOwner = unit.startup || inTx ? id : 0;
    if (newOwner !== owner) ownerSince = Date.now();
    owner = newOwner;
    lastRun = Date.now();
    if (!c.units[0]?.done) ready = ready.filter((x) => x !== id);
    else if (!owner) {
      // fair: a connection with more queued goes to the back of the line
      ready = ready.filter((x) => x !== id);
      ready.push(id);
    }
  }
  const parts = [];
  /** @type {ArrayBuffer[]} */
  const transfer = [];
  for (const [conn, replies] of out) {
    if (!replies.length || !conns.has(conn)) continue;
    const bytes = replies.length === 1 ? replies[0] : joined(replies);
    parts.push({ conn, bytes });
    transfer.push(/** @type {ArrayBuffer} */ (bytes.buffer));
  }
  for (const conn of broken) parts.push({ conn, broken: true });
  if (parts.length) port.postMessage({ type: 'io', parts }, transfer);
}

/**
 * One array of its own (transferred, not copied); Buffer.concat may hand out a slice of Node's
 * shared pool, which must not be transferred. PGlite's answers are fresh arrays of their own.
 * @param {Uint8Array[]} parts
 */
function joined(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

port.on('message', async (m) => {
  if (m.type === 'shutdown') {
    quiet(false);
    await db.close();
    port.postMessage({ type: 'closed' });
    return;
  }
  for (const { conn, bytes, end } of m.parts) {
    if (end) {
      release(conn);
      continue;
    }
    let c = conns.get(conn);
    if (!c) conns.set(conn, (c = { pending: Buffer.alloc(0), startup: true, units: [] }));
    c.pending = c.pending.length ? Buffer.concat([c.pending, bytes]) : Buffer.from(bytes);
    cut(c);
    if (c.units.length && !ready.includes(conn)) ready.push(conn);
  }
  run();
});
