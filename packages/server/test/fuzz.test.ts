import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_API, ResultCode } from '@herald/contract';
import { accounts, users } from '../src/db/schema';
import { findUserById } from '../src/modules/auth/repo';
import { startSession } from '../src/modules/auth/service';
import { openApiSignature } from '../src/modules/open-api/sign';
import { seedApplication, seedDevice, seedManufacturer, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { rawRequest, requestBytes, type Answer } from './fuzz-http';
import { buildRequest, type Actor, type FuzzRequest, type Plan } from './fuzz-cases';
import { operationsOf, type Operation } from './fuzz-schema';
import { judge } from './fuzz-verdict';
import { drainWrites, unexplained, watchWrites, type Write } from './fuzz-writes';
import { adminClient, startServer } from './harness';
import { collectRoutes, sideCodes } from './route-catalogue';
import { seedApiKey, seedBusiness, seedTemplate } from './open-api-fixture';
import { seedFirmware, seedPack, tempDataDir } from './ota-fixture';

/**
 * A fuzzer over the server's own OpenAPI document (/openapi.json): every operation, as the
 * operators' super-administrator and as an account's super-administrator, with values derived
 * from its parameters' and body's schemas and then made wrong one way or another (fuzz-cases.ts).
 * Part of it goes through app.inject, part as real HTTP to 127.0.0.1, so Node's and Fastify's own
 * handling of bad requests is exercised too.
 *
 * Every answer: no 5xx; Herald's envelope unless a documented download succeeded
 * (fuzz-verdict.ts); and a refused request changed no row (fuzz-writes.ts: a write log by
 * trigger, each write given to the request running at its time; a refused request that wrote is
 * sent again, alone, to tell its own write from a background one).
 *
 *   FUZZ_SEED      the run's seed (default: a fresh one, printed); a failure prints it with the request
 *   FUZZ_REQUESTS  requests per run (default 10000)
 *   FUZZ_OPS       a regular expression: after the first pass, only operations whose `METHOD /path` matches
 *
 * Kept alive rather than skipped: operations that end the fuzzing session (sign-out) get a
 * session of their own (SESSION_ENDING); the fuzzing users and their account are put back by
 * `restore` whenever an accepted request disabled, deleted, demoted or signed them out (account
 * status, change of administrator, user status, password reset). Nothing is skipped.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const FOCUS = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : undefined;
const FUZZ_PASSWORD = 'Fuzz@Secret-9';

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let port: number;
let dataDir: string;
let ops: Operation[];
let plan: Plan;

/** The two identities the fuzzer sends as, and what they must stay. */
type Identity = { userId: number; accountId: number | null; token: string; sessionId: string };
const who: Record<Actor, Identity> = {} as Record<Actor, Identity>;
let apiKey: { appKey: string; secret: string };
let pristine = '';

beforeAll(async () => {
  dataDir = tempDataDir();
  // the background engines would write on their own while refused requests are watched;
  // their work has tests of their own
  server = await startServer({
    DATA_DIR: dataDir,
    OTA_TICK_MS: '3600000',
    PUSH_TICK_MS: '3600000',
    IMPORT_CLAIM_MS: '3600000',
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
  const doc = await server.app.inject({ method: 'GET', url: '/openapi.json' });
  ops = operationsOf(doc.json());
  const focus = FOCUS ? ops.filter((o) => FOCUS.test(o.key)) : ops;
  plan = { seed: SEED, ops, pools: await seed(), actors: await actorsOf(ops), focus };
  plan.pools.paths = await listedIds(ops);
  pristine = await fingerprint();
  await watchWrites(server.deps.db);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database the fuzzer aims at: two accounts with a little of everything, ids in the pools. */
async function seed(): Promise<Plan['pools']> {
  const op = await adminClient(server);
  const own = await seedAccount(server, { password: FUZZ_PASSWORD });
  const other = await seedAccount(server);
  await seedRoleUser(server, { side: 'ac', accountId: own.accountId, permissions: ['herald.device.group.query'] });
  await seedRoleUser(server, { side: 'op', permissions: ['herald.oper.log'] });
  const model = await seedModel(server);
  const maker = await seedManufacturer(server, 100);
  const sns: string[] = [];
  for (const [i, accountId] of [own.accountId, own.accountId, other.accountId].entries()) {
    const app = await seedApplication(server, accountId);
    const d = await seedDevice(server, accountId, model.id, {
      sn: `FUZZ${i}SN${SEED % 1000}`,
      manufacturerId: maker.id,
      appId: app.id,
    });
    sns.push(d.sn);
  }
  apiKey = await seedApiKey(server, own.accountId);
  const template = await seedTemplate(server, own.accountId, 'Fuzz receipt {amount}\n');
  await seedBusiness(server, own.accountId, { type: 0, templateId: template.id });
  await seedFirmware(server, { accountId: own.accountId, modelId: model.id, version: '1.00.00.05' });
  await seedPack(server, { accountId: own.accountId, version: '1.0.0' });
  for (const service of ['geo-service', 'qr-brand-service'])
    expect((await op.post(`/v1/accounts/${own.accountId}/${service}`, { enabled: true })).body.code).toBe(20000);

  const opAdmin = (await server.deps.db.select().from(users).where(eq(users.username, 'admin')))[0]!;
  who.op = { userId: opAdmin.id, accountId: null, ...(await session(opAdmin.id)) };
  who.ac = { userId: own.adminId, accountId: own.accountId, ...(await session(own.adminId)) };

  const { rows } = await server.deps.db.execute<{ id: number }>(sql`
    select id from devices union select id from accounts union select id from users
    union select id from device_groups union select id from templates union select id from models`);
  return {
    ids: [...new Set(rows.map((r) => Number(r.id)))].sort((a, b) => a - b),
    strings: { sn: sns, sns, appKey: [apiKey.appKey], username: [other.username], orderId: ['FUZZ-ORDER-1'] },
    paths: {},
  };
}

/** The identities each operation's route lets through (route-catalogue.ts reads the access declarations). */
async function actorsOf(operations: Operation[]): Promise<Plan['actors']> {
  const { routes, probe } = await collectRoutes(server);
  await probe.close();
  const out: Plan['actors'] = {};
  for (const o of operations) {
    const url = o.path.replace(/\{(\w+)\}/g, ':$1');
    const access = routes.find((r) => r.method === o.method && r.url === url)?.access;
    out[o.key] = (['op', 'ac'] as const).filter(
      (side) => !(access?.side && access.side !== side) && sideCodes(access?.permission, side) !== 'refused',
    );
  }
  return out;
}

/**
 * Ids for path parameters, from what the lists show the fuzzing identities: `/v1/devices/{id}` is
 * filled from `GET /v1/devices` (as both), so most requests name an object that exists.
 */
async function listedIds(operations: Operation[]): Promise<Plan['pools']['paths']> {
  const out: Plan['pools']['paths'] = {};
  for (const o of operations) {
    const m = /^(.*)\/\{(\w+)\}$/.exec(o.path);
    if (!m || out[o.path] || !operations.some((l) => l.key === `GET ${m[1]}`)) continue;
    const ids = new Set<number | string>();
    for (const actor of ['op', 'ac'] as const) {
      const res = await server.app.inject({
        method: 'GET',
        url: `${m[1]}?pageSize=200`,
        headers: { authorization: `Bearer ${who[actor].token}` },
      });
      const data = (res.json() as { data?: unknown }).data;
      const list = Array.isArray(data) ? data : ((data as { list?: unknown[] } | null)?.list ?? []);
      for (const item of list as { id?: number | string }[]) if (item?.id !== undefined) ids.add(item.id);
    }
    if (ids.size) out[o.path] = [...ids];
  }
  return out;
}

/** A fresh session of a user, without a password (startSession is what sign-in does after the check). */
async function session(userId: number): Promise<{ token: string; sessionId: string }> {
  const user = (await findUserById(server.deps.db, userId))!;
  const pair = await startSession(server.deps, user, { ip: '127.0.0.1' });
  const [, payload] = pair.accessToken.split('.');
  const sid = (JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string }).sid;
  return { token: pair.accessToken, sessionId: sid };
}

// ── keeping the fuzzing identities alive ──────────────────────────────────

/** What must not change for the fuzzer to go on as both identities (one statement). */
async function fingerprint(): Promise<string> {
  const { rows } = await server.deps.db.execute<{ f: string }>(sql`
    select concat_ws('|',
      (select string_agg(concat_ws(',', id, status, is_super_admin, must_change_password, password_hash, account_id, locked), ';' order by id)
         from users where id in (${who.op.userId}, ${who.ac.userId})),
      (select concat_ws(',', status, admin_user_id, permissions::text) from accounts where id = ${who.ac.accountId}),
      (select count(*) from sessions
        where id in (${who.op.sessionId}, ${who.ac.sessionId}) and revoked_at is null and expires_at > now())
    ) as f`);
  return rows[0]!.f;
}

let pristineRows: { users: (typeof users.$inferSelect)[]; account: typeof accounts.$inferSelect } | undefined;
let restores = 0;

/** Put the fuzzing users, their account and their sessions back as they were. */
async function restore(): Promise<void> {
  restores++;
  const db = server.deps.db;
  for (const u of pristineRows!.users) {
    await db
      .update(users)
      .set({
        status: u.status,
        isSuperAdmin: u.isSuperAdmin,
        mustChangePassword: u.mustChangePassword,
        passwordHash: u.passwordHash,
        accountId: u.accountId,
        locked: false,
        failedLogins: 0,
      })
      .where(eq(users.id, u.id));
  }
  const a = pristineRows!.account;
  await db
    .update(accounts)
    .set({ status: a.status, adminUserId: a.adminUserId, permissions: a.permissions })
    .where(eq(accounts.id, a.id));
  for (const actor of ['op', 'ac'] as const) Object.assign(who[actor], await session(who[actor].userId));
  pristine = await fingerprint();
}

// ── sending ───────────────────────────────────────────────────────────────

let nonceSeq = 0;
/** Sessions signed in ahead for the operations that end their caller's (SESSION_ENDING), topped up between batches. */
const spare: Record<Actor, string[]> = { op: [], ac: [] };

/** Whether it signed any in. */
async function topUpSpareSessions(): Promise<boolean> {
  let minted = false;
  for (const actor of ['op', 'ac'] as const)
    while (spare[actor].length < 3) {
      spare[actor].push((await session(who[actor].userId)).token);
      minted = true;
    }
  return minted;
}

async function headersOf(req: FuzzRequest): Promise<Record<string, string>> {
  const headers = { ...req.headers };
  const a = req.auth;
  if (a.kind === 'actor') headers.authorization = `Bearer ${who[req.actor].token}`;
  else if (a.kind === 'throwaway')
    headers.authorization = `Bearer ${spare[req.actor].pop() ?? (await session(who[req.actor].userId)).token}`;
  else if (a.kind === 'header') headers.authorization = a.value;
  if (req.op.signed && req.signing !== 'none') {
    const h = OPEN_API.headers;
    const appKey = req.signing === 'unknownKey' ? 'kfuzzunknownkey' : apiKey.appKey;
    const timestamp = String(req.signing === 'staleTimestamp' ? Date.now() - 600_000 : Date.now());
    const nonce =
      req.signing === 'badNonce'
        ? 'bad nonce!'
        : req.signing === 'reusedNonce'
          ? 'fuzz-reused-nonce'
          : `fuzz${SEED}n${++nonceSeq}`;
    const path = req.target.split('?')[0]!;
    const signature =
      req.signing === 'badSignature'
        ? 'ab'.repeat(32)
        : openApiSignature(apiKey.secret, { appKey, timestamp, nonce, method: req.method, path, body: req.body ?? '' });
    Object.assign(headers, {
      [h.appKey]: appKey,
      [h.timestamp]: timestamp,
      [h.nonce]: nonce,
      [h.signature]: signature,
    });
  }
  return headers;
}

/** The answer, or why the request could not be sent at all (a client-side refusal, not the server's). */
async function send(req: FuzzRequest, headers: Record<string, string>): Promise<Answer | { unsent: string }> {
  try {
    if (req.lane === 'http') return await rawRequest(port, requestBytes({ ...req, headers }, port));
    const res = await server.app.inject({
      method: req.method as 'GET',
      url: req.target,
      headers,
      ...(req.body ? { payload: req.body } : {}),
    });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  } catch (err) {
    if (req.lane === 'http') throw err;
    return { unsent: (err as Error).message };
  }
}

// ── the run ───────────────────────────────────────────────────────────────

type Failure = { req: FuzzRequest; problem: string; answer?: Answer; writes?: Write[] };

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** A failing request as a person replays it. */
function describeFailure(f: Failure): string {
  const r = f.req;
  const headers = Object.entries(r.headers).map(([k, v]) => `  ${k}: ${clip(v, 120)}`);
  const auth =
    {
      actor: `bearer token of the ${r.actor} identity`,
      throwaway: `a fresh session of the ${r.actor} identity`,
      none: 'no token',
      header: '',
    }[r.auth.kind] || `authorization: ${clip((r.auth as { value: string }).value, 80)}`;
  const body = r.body ? clip(r.body.toString('utf8'), 600) : '(none)';
  return [
    `✗ ${f.problem}`,
    `  FUZZ_SEED=${SEED} request #${r.n} (${r.op.key}, as ${r.actor}, over ${r.lane}${r.raw ? ` raw ${r.raw}` : ''}): ${r.mutation}`,
    `  ${r.method} ${clip(r.target, 300)}`,
    ...headers,
    `  auth: ${auth}${r.op.signed ? `, signing: ${r.signing}` : ''}`,
    `  body: ${body}`,
    f.answer ? `  → HTTP ${f.answer.status} ${f.answer.contentType} ${clip(f.answer.body, 400)}` : '',
    ...(f.writes ?? []).slice(0, 5).map((w) => `  wrote ${w.op} ${w.table}: ${clip(w.row, 200)}`),
    `  replay: FUZZ_SEED=${SEED} FUZZ_REQUESTS=${r.n + 1}${FOCUS ? ` FUZZ_OPS='${FOCUS.source}'` : ''} npx vitest run --project integration packages/server/test/fuzz.test.ts`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The time in ms since the epoch, to the microsecond (the write log's clock is the same wall clock). */
const now = () => performance.timeOrigin + performance.now();

/** Requests between two looks at the write log. */
const BATCH = 50;

type Sent = { req: FuzzRequest; answer: Answer; refused: boolean; start: number; end: number };

/** What a run found and counted. */
class Run {
  failures: Failure[] = [];
  covered = new Set<string>();
  known = new Map<string, number>();
  unsent: string[] = [];
  noise: string[] = [];
  writingGets = new Set<string>();
  statuses = new Map<number, number>();
  replays = 0;
}

/**
 * The write log since the last look, each write given to the request running at its time. The
 * embedded database's clock counts whole milliseconds, so a write stamped t happened in [t, t+1):
 * a write near the end of one request and the start of the next is given to both. One given to
 * an accepted request is its; one given only to refused requests makes them suspects, sent again
 * alone: a refused request's own write comes back, a background worker's or a neighbour's does not.
 */
async function checkWrites(run: Run, batch: Sent[]): Promise<void> {
  const writes = await drainWrites(server.deps.db);
  const suspects = new Map<Sent, Write[]>();
  for (const w of unexplained(writes)) {
    const around = batch.filter((s) => s.start < w.at + 1 && w.at <= s.end);
    if (around.some((s) => !s.refused)) {
      const [only] = around;
      if (around.length === 1 && only!.req.method === 'GET')
        run.writingGets.add(`${only!.req.op.key} (${w.op} ${w.table})`);
      continue;
    }
    if (!around.length) run.noise.push(`${w.op} ${w.table} between requests`);
    for (const s of around) suspects.set(s, [...(suspects.get(s) ?? []), w]);
  }
  for (const [s, bad] of suspects) {
    run.replays++;
    // twice: a background write (the job sweep's, every second) can land in one replay's window, not in both
    let confirmed: { answer: Answer; writes: Write[] } | undefined;
    for (let i = 0; i < 2; i++) {
      await drainWrites(server.deps.db);
      const again = await send(s.req, await headersOf(s.req));
      const same = unexplained(await drainWrites(server.deps.db)).filter((w) =>
        bad.some((b) => b.table === w.table && b.op === w.op),
      );
      confirmed =
        same.length && !('unsent' in again) && again.status >= 400 ? { answer: again, writes: same } : undefined;
      if (!confirmed) break;
    }
    if (confirmed) run.failures.push({ req: s.req, problem: 'a refused request changed rows', ...confirmed });
    else run.noise.push(`${bad.map((w) => `${w.op} ${w.table}`).join(', ')} near #${s.req.n}`);
  }
}

describe('fuzzing the OpenAPI document', () => {
  it(`${REQUESTS} requests: no 5xx, always the envelope, and no refused request writes (FUZZ_SEED=${SEED})`, async () => {
    expect(ops.length).toBeGreaterThan(200);
    const db = server.deps.db;
    pristineRows = {
      users: await db
        .select()
        .from(users)
        .where(inArray(users.id, [who.op.userId, who.ac.userId])),
      account: (await db.select().from(accounts).where(eq(accounts.id, who.ac.accountId!)))[0]!,
    };
    await topUpSpareSessions();
    await drainWrites(db);
    const started = Date.now();
    const cpu = process.cpuUsage();
    const run = new Run();
    let batch: Sent[] = [];

    for (let n = 0; n < REQUESTS && run.failures.length < 20; n++) {
      const req = buildRequest(plan, n);
      const headers = await headersOf(req);
      const start = now();
      const answer = await send(req, headers);
      const end = now();
      if ('unsent' in answer) {
        run.unsent.push(`#${n} ${req.op.key} ${req.mutation}: ${answer.unsent}`);
        continue;
      }
      run.covered.add(`${req.actor} ${req.op.key}`);
      run.statuses.set(answer.status, (run.statuses.get(answer.status) ?? 0) + 1);
      const verdict = judge(req.op, answer);
      if (!verdict.ok) run.failures.push({ req, problem: verdict.problem, answer });
      else if (verdict.known) run.known.set(verdict.known, (run.known.get(verdict.known) ?? 0) + 1);
      batch.push({ req, answer, refused: verdict.refused, start, end });

      // an accepted change may have disabled, demoted or signed out a fuzzing identity
      // (one statement; the write log waits for the batch unless something must be put back)
      const changed = !verdict.refused && req.method !== 'GET';
      const signedOut = verdict.ok && SIGNED_OUT.has(verdict.code ?? 0);
      const broken = (changed || signedOut) && (await fingerprint()) !== pristine;
      if (broken || batch.length >= BATCH) {
        await checkWrites(run, batch);
        batch = [];
        if (broken) await restore();
        if ((await topUpSpareSessions()) || broken) await drainWrites(db); // their own writes
      }
    }
    await checkWrites(run, batch);

    const used = process.cpuUsage(cpu);
    const seconds = `${((Date.now() - started) / 1000).toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`;
    console.log(summary(run, seconds));
    expect(run.failures.map(describeFailure).join('\n\n')).toBe('');
    const missing = ops
      .flatMap((o) => (['op', 'ac'] as const).map((a) => `${a} ${o.key}`))
      .filter((k) => !run.covered.has(k));
    if (REQUESTS >= ops.length * 2) expect(missing).toEqual([]);
  }, 600_000);
});

/** Codes that say a fuzzing identity can no longer act as itself. */
const SIGNED_OUT = new Set<number>([
  ResultCode.LOGIN_TIMEOUT,
  ResultCode.USER_LOCKED,
  ResultCode.PASSWORD_CHANGE_REQUIRED,
]);

function summary(run: Run, seconds: string): string {
  return [
    `fuzz: FUZZ_SEED=${SEED}, ${REQUESTS} requests in ${seconds} on ${server.deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
    `  statuses: ${[...run.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}×${c}`)
      .join(' ')}`,
    `  ${run.replays} suspects sent again, fuzzing identities restored ${restores} times, ${run.unsent.length} requests the client could not send`,
    ...[...run.known].map(([k, c]) => `  known, not yet in the envelope (${c}×): ${k}`),
    ...(run.writingGets.size
      ? [
          `  accepted GETs that wrote rows (or in whose time a background write landed): ${[...run.writingGets].join(', ')}`,
        ]
      : []),
    ...(run.noise.length
      ? [`  writes not reproduced on a replay (background work): ${run.noise.slice(0, 5).join('; ')}`]
      : []),
    ...run.unsent.slice(0, 3).map((u) => `  unsent ${u}`),
  ].join('\n');
}
