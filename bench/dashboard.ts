/**
 * The dashboard's reads on a store the size of a busy platform: A accounts (one of them holding
 * half the fleet and half the jobs), D devices, J jobs and S device sessions over the last 7 days,
 * on a fresh embedded database (PGlite, in memory) or an empty PostgreSQL. Each of the dashboard's
 * queries (packages/server/src/modules/dashboard/repo.ts) runs R times, for the platform and for
 * the large account; next to them, in the same run, the figures they replace read from the jobs
 * themselves (jobs per day by kind and outcome, and the device ranking), which is the baseline.
 *
 *   npx tsx bench/dashboard.ts [--accounts 50] [--devices 5000] [--jobs 1000000] [--sessions 100000]
 *                              [--rounds 5] [--database-url URL]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS } from '@herald/contract';
import { openDatabase } from '../packages/server/src/db/client';
import * as repo from '../packages/server/src/modules/dashboard/repo';

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '50' },
    devices: { type: 'string', default: '5000' },
    jobs: { type: 'string', default: '1000000' },
    sessions: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
const A = Number(args.accounts);
const D = Number(args.devices);
const J = Number(args.jobs);
const S = Number(args.sessions);
const R = Number(args.rounds);
const DAY_MS = 86_400_000;

const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);
const database = await openDatabase(args['database-url'] ? { databaseUrl: args['database-url'] } : {});
const db = database.db;
const run = (q: ReturnType<typeof sql>) => db.execute(q);

// ---- the store: generated in the database, so seeding a million jobs takes seconds, not minutes
const seedStart = performance.now();
await run(sql`insert into accounts (name, country, time_zone, industry, subject_type, subject_name)
              select 'Bench ' || i, 'GB', 'UTC', '01', 'business', 'B' from generate_series(1, ${A}) i`);
await run(
  sql`insert into models (name, code, type, image, image_mime)
      select 'Model ' || i, 'BM' || i, 'printer', '\\x00'::bytea, 'image/png' from generate_series(1, 12) i`,
);
// the first account holds half the fleet; the rest share the other half
await run(sql`
  insert into devices (account_id, sn, model_id, status, activated, online, print_params)
  select (select min(id) from accounts) + case when i <= ${D / 2} then 0 else 1 + i % greatest(${A} - 1, 1) end,
         'DB' || lpad(i::text, 8, '0'),
         (select min(id) from models) + i % 12, case when i % 20 = 0 then 1 else 2 end, i % 3 > 0, i % 4 > 0, '{}'::jsonb
    from generate_series(1, ${D}) i`);
await run(sql`
  insert into jobs (msg_id, account_id, device_id, sn, kind, source, status, payload, requested_at, expire_at, finished_at)
  select gen_random_uuid(), d.account_id, d.id, d.sn, (array['print','speak','trade'])[1 + i % 3], 'api',
         case when i % 50 = 0 then 4 else 3 end, '{"type":"print"}'::jsonb, t, t + interval '1 day', t + interval '1 second'
    from generate_series(1, ${J}) i
    cross join lateral (select now() - (i::float / ${J}) * interval '${sql.raw(String(DASHBOARD_DAYS))} days' as t) w
    join devices d on d.id = (select min(id) from devices) + i % ${D}`);
await run(sql`
  insert into device_connections (device_id, connected_at, disconnected_at)
  select (select min(id) from devices) + i % ${D}, now() - (i::float / ${S}) * interval '7 days',
         now() - (i::float / ${S}) * interval '7 days' + interval '10 minutes'
    from generate_series(1, ${S}) i`);
// the counts the servers keep (job-counts.ts), here made from the jobs as the migrations do
await run(sql`
  insert into job_stats (account_id, bucket, kind, requested, success, failed)
  select g.account_id, to_timestamp(floor(extract(epoch from j.requested_at) / 900) * 900), j.kind, count(*),
         count(*) filter (where j.status = 3), count(*) filter (where j.status in (4, 5))
    from jobs j cross join lateral (values (j.account_id), (0)) g(account_id) group by 1, 2, 3`);
await run(sql`
  insert into device_job_stats (account_id, day, device_id, requested, success, failed)
  select j.account_id, date_trunc('day', j.requested_at at time zone 'UTC') at time zone 'UTC', j.device_id, count(*),
         count(*) filter (where j.status = 3), count(*) filter (where j.status in (4, 5))
    from jobs j group by 1, 2, 3`);
await run(sql`analyze`);
const [big] = (await run(sql`select min(id)::int as id from accounts`)).rows as { id: number }[];
const bigAccount = big!.id;
log(
  `seeded ${A} accounts, ${D} devices, ${J} jobs, ${S} sessions over ${DASHBOARD_DAYS} days in ` +
    `${((performance.now() - seedStart) / 1000).toFixed(1)} s (${database.kind})`,
);

// ---- the reads
const now = Date.now();
const today = Math.floor(now / DAY_MS);
const w: repo.Window = {
  offsetMs: 0,
  from: new Date((today - DASHBOARD_DAYS + 1) * DAY_MS),
  to: new Date((today + 1) * DAY_MS),
};
const todayFrom = new Date(today * DAY_MS);

/** The figures from the jobs themselves: what the counts replace. */
const fromJobs = {
  jobsByDay: (scope: repo.Scope) =>
    run(sql`select floor(extract(epoch from requested_at) * 1000 / ${DAY_MS})::int as day, kind, count(*)::int,
                   (count(*) filter (where status = 3))::int, (count(*) filter (where status in (4, 5)))::int
              from jobs where ${scope === undefined ? sql`true` : sql`account_id = ${scope}`}
               and requested_at >= ${w.from} and requested_at < ${w.to} group by 1, 2`),
  topDevices: (accountId: number) =>
    run(sql`select device_id, count(*)::int as n from jobs
             where account_id = ${accountId} and requested_at >= ${w.from} and requested_at < ${w.to}
             group by 1 order by 2 desc, 1 limit 10`),
};

type Row = { read: string; scope: string; ms: number[]; baseline?: boolean };
const rows: Row[] = [];
async function time(read: string, scope: string, f: () => Promise<unknown>, baseline = false) {
  const ms: number[] = [];
  await f(); // plan and cache once
  for (let i = 0; i < R; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  rows.push({ read, scope, ms, baseline });
}

for (const [label, scope] of [
  ['platform', undefined],
  ['large account', bigAccount],
] as const) {
  await time('device totals', label, () => repo.deviceTotals(db, scope));
  await time("today's jobs", label, () => repo.jobTotals(db, scope, todayFrom, w.to));
  await time('jobs per day', label, () => repo.jobsByDay(db, scope, w));
  await time('device states', label, () => repo.deviceStates(db, scope));
  await time('sessions per day', label, () => repo.sessionsByDay(db, scope, w));
  await time('devices per model', label, () => repo.devicesByModel(db, scope));
  await time('jobs per day, from the jobs (baseline)', label, () => fromJobs.jobsByDay(scope), true);
}
await time('account ranking', 'platform', () => repo.topAccounts(db, w.from, w.to));
await time('device ranking', 'large account', () => repo.topDevices(db, bigAccount, w.from, w.to));
await time('device ranking, from the jobs (baseline)', 'large account', () => fromJobs.topDevices(bigAccount), true);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const of = (read: string, scope: string) => rows.find((r) => r.read === read && r.scope === scope)!;
console.log(`\nmedian of ${R} rounds, ms\n`);
console.log('| read | scope | median ms | max ms |');
console.log('|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.read} | ${r.scope} | ${median(r.ms).toFixed(1)} | ${Math.max(...r.ms).toFixed(1)} |`);
console.log('');
for (const scope of ['platform', 'large account']) {
  const counts = median(of('jobs per day', scope).ms);
  const jobs = median(of('jobs per day, from the jobs (baseline)', scope).ms);
  console.log(
    `jobs per day (${scope}): from the counts ${counts.toFixed(1)} ms, from the jobs ${jobs.toFixed(1)} ms: ${(jobs / counts).toFixed(1)}× faster`,
  );
}
const rank = median(of('device ranking', 'large account').ms);
const rankJobs = median(of('device ranking, from the jobs (baseline)', 'large account').ms);
console.log(
  `device ranking (large account): from the counts ${rank.toFixed(1)} ms, from the jobs ${rankJobs.toFixed(1)} ms: ${(rankJobs / rank).toFixed(1)}× faster`,
);
const page = [
  'device totals',
  "today's jobs",
  'jobs per day',
  'device states',
  'sessions per day',
  'devices per model',
];
for (const scope of ['platform', 'large account']) {
  const total =
    page.reduce((n, r) => n + median(of(r, scope).ms), 0) +
    median(of(scope === 'platform' ? 'account ranking' : 'device ranking', scope).ms);
  console.log(`a home page's reads (${scope}), one after another: ${total.toFixed(1)} ms`);
}
await database.close();
