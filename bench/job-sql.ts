/**
 * The job pipeline's database work on its own: the same batched statements the server runs
 * (packages/server/src/modules/print-pipeline/batch-repo.ts) for J print jobs in batches of B, stage by
 * stage, on a fresh embedded database (PGlite, in memory) or an empty PostgreSQL. No HTTP, no
 * MQTT: it says what one job costs the database and which stage costs what.
 *
 *   npx tsx bench/job-sql.ts [--jobs 6000] [--batch 25] [--devices 1000] [--database-url URL]
 *                            [--data-dir DIR] [--alter SQL] [--checkpoint-every J]
 *
 * --checkpoint-every J runs CHECKPOINT after every J jobs of the batched run, as the server does on
 * the embedded database (housekeeping/checkpoint.ts): its own time, and the full-page images it makes the
 * next writes of each page log, show in the figures.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRINT_PARAMS, JobStatus } from '@herald/contract';
import { openDatabase } from '../packages/server/src/db/client';
import { accounts, devices, models } from '../packages/server/src/db/schema';
import * as sqlBatch from '../packages/server/src/modules/print-pipeline/batch-repo';
import type { NewJob } from '../packages/server/src/modules/print-pipeline/repo';
import { admitCalls } from '../packages/server/src/modules/open-api/repo';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '6000' },
    batch: { type: 'string', default: '25' },
    devices: { type: 'string', default: '1000' },
    'database-url': { type: 'string' },
    /** PGlite in this folder (as the server runs it) instead of in memory */
    'data-dir': { type: 'string' },
    /** SQL run after the migrations, to try a schema change before writing a migration for it */
    alter: { type: 'string' },
    /** CHECKPOINT after every J jobs of the batched run (0: never) */
    'checkpoint-every': { type: 'string', default: '0' },
  },
});
const J = Number(args.jobs);
const B = Number(args.batch);
const D = Number(args.devices);
const CHECKPOINT_EVERY = Number(args['checkpoint-every']);

const database = await openDatabase(
  args['database-url'] ? { databaseUrl: args['database-url'] } : { pgliteDir: args['data-dir'] },
);
const db = database.db;
for (const s of (args.alter ?? '').split(';').filter((x) => x.trim())) await db.execute(sql.raw(s));
const [account] = await db
  .insert(accounts)
  .values({
    name: 'Bench',
    country: 'GB',
    timeZone: 'UTC',
    industry: 'retail',
    subjectType: 'company',
    subjectName: 'B',
  })
  .returning();
const [model] = await db
  .insert(models)
  .values({ name: 'P', code: 'P1', type: 'printer', image: Buffer.from('x'), imageMime: 'image/png' })
  .returning();
const fleet = await db
  .insert(devices)
  .values(
    Array.from({ length: D }, (_, i) => ({
      accountId: account!.id,
      sn: `SQLB${String(i).padStart(6, '0')}`,
      modelId: model!.id,
      status: 1,
      activated: true,
      printParams: DEFAULT_PRINT_PARAMS,
    })),
  )
  .returning({ id: devices.id, sn: devices.sn });

// a ten-line receipt in ESC/POS is ~600 bytes: ~800 characters of base64
const data = crypto.randomBytes(600).toString('base64');
type Stages = {
  nonces: number;
  devices: number;
  insert: number;
  pushed: number;
  ack: number;
  result: number;
  checkpoint: number;
};
let serial = 0;

/** J jobs through the six steps, B at a time (and a checkpoint every `checkpointEvery`); the time each step took in total. */
async function run(J: number, B: number, checkpointEvery = 0): Promise<Stages> {
  const stages: Stages = { nonces: 0, devices: 0, insert: 0, pushed: 0, ack: 0, result: 0, checkpoint: 0 };
  let sinceCheckpoint = 0;
  const time = async <T>(stage: keyof Stages, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    stages[stage] += performance.now() - t;
    return r;
  };

  for (let n = 0; n < J; n += B) {
    const now = Date.now();
    const batch = Array.from({ length: Math.min(B, J - n) }, (_, k) => {
      const d = fleet[(n + k) % D]!;
      const orderId = `o-${serial++}`;
      const job: NewJob = {
        msgId: crypto.randomUUID(),
        accountId: account!.id,
        deviceId: d.id,
        sn: d.sn,
        kind: 'print',
        source: 'api',
        orderId,
        businessId: null,
        templateId: null,
        payload: { type: 'print', data, format: 'escpos', copies: 1 },
        request: { sn: d.sn, content: '{receipt}', orderId },
        copies: 1,
        requestedAt: new Date(now),
        expireAt: new Date(now + 86_400_000),
      };
      return job;
    });
    await time('nonces', () =>
      admitCalls(
        db,
        batch.map((j) => ({ appKey: 'k', nonce: j.msgId, expiresAt: new Date(now + 300_000) })),
        undefined,
      ),
    );
    await time('devices', () =>
      sqlBatch.findDevices(
        db,
        batch.map((j) => ({ accountId: j.accountId, sn: j.sn })),
      ),
    );
    const rows = await time('insert', () =>
      sqlBatch.insertJobs(
        db,
        batch.map((job) => ({ job, api: { appKey: 'k', path: '/open/v1/print', ip: '127.0.0.1', startedAt: now } })),
      ),
    );
    const at = Date.now();
    await time('pushed', () =>
      sqlBatch.markPushedMany(
        db,
        rows.map((r) => ({
          jobId: r!.id,
          deviceId: r!.deviceId,
          msgId: r!.msgId,
          topic: `herald/${r!.sn}/down/job`,
          bytes: 900,
          publishedAt: at,
        })),
      ),
    );
    await time('ack', () =>
      sqlBatch.ackJobs(
        db,
        batch.map((j) => ({
          deviceId: j.deviceId,
          msgId: j.msgId,
          echoedTs: at,
          outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
          arrivedAt: at + 3,
        })),
      ),
    );
    await time('result', () =>
      sqlBatch.finishJobs(
        db,
        batch.map((j) => ({
          deviceId: j.deviceId,
          msgId: j.msgId,
          status: JobStatus.SUCCESS,
          reason: null,
          at: at + 30,
        })),
      ),
    );
    sinceCheckpoint += batch.length;
    if (checkpointEvery > 0 && sinceCheckpoint >= checkpointEvery) {
      sinceCheckpoint = 0;
      await time('checkpoint', () => db.execute(sql`checkpoint`));
    }
  }
  return stages;
}

// the baseline, in the same run: the same statements one job at a time (what the server did
// before group commit), on fewer jobs
const baselineJobs = Math.min(J, 1000);
const baseline = await run(baselineJobs, 1);
// the main thread's busy time for the batched run: with PGlite, the database itself works on its
// own thread, so this is what building statements, passing them over and reading the rows costs
const elu = performance.eventLoopUtilization();
// and the write-ahead log it wrote: unlike the times, a count that other work on the machine does not move
const walAt = async () =>
  (await db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`)).rows[0]!.lsn;
const wal0 = await walAt();
const stages = await run(J, B, CHECKPOINT_EVERY);
const mainBusy = performance.eventLoopUtilization(elu).active;
const [walBytes] = (
  await db.execute<{ n: string }>(sql`select pg_wal_lsn_diff(${await walAt()}::pg_lsn, ${wal0}::pg_lsn)::text as n`)
).rows;
// the table's and an index's size: with updates that are not HOT, every row version adds an entry
// to every index of the table (PGlite keeps no statistics of its own to count HOT updates by)
const [size] = (
  await db.execute<{ table: string; index: string }>(
    sql`select pg_relation_size('jobs') / 8192 as table, pg_relation_size('jobs_account_idx') / 8192 as index`,
  )
).rows;
await database.close();

const sum = (s: Stages) => Object.values(s).reduce((a, b) => a + b, 0);
const total = sum(stages);
console.log(
  `job-sql: ${J} jobs in batches of ${B}${CHECKPOINT_EVERY ? `, a checkpoint every ${CHECKPOINT_EVERY}` : ''}, ${D} devices, ${args['database-url'] ? 'PostgreSQL' : args['data-dir'] ? 'PGlite (on disk)' : 'PGlite (in memory)'}; ` +
    `${os.cpus().length} cpus, node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
for (const [k, v] of Object.entries(stages)) {
  if (k === 'checkpoint' && !CHECKPOINT_EVERY) continue;
  console.log(
    `  ${k.padEnd(8)} ${((v / J) * 1000).toFixed(0).padStart(5)} µs/job  ${((100 * v) / total).toFixed(1)} %`,
  );
}
console.log(
  `  total    ${((total / J) * 1000).toFixed(0).padStart(5)} µs/job → ${(J / (total / 1000)).toFixed(0)} jobs/s of database work alone`,
);
console.log(
  `  main thread busy ${((mainBusy / J) * 1000).toFixed(0).padStart(5)} µs/job (building the batches, the driver, the rows back)`,
);
console.log(`  write-ahead log ${(Number(walBytes!.n) / J).toFixed(0).padStart(5)} bytes/job`);
console.log(`  jobs: ${size!.table} pages of 8 kB; its index by account and time: ${size!.index} pages`);
const base = (sum(baseline) / baselineJobs) * 1000;
console.log(
  `  baseline (same statements one job at a time, ${baselineJobs} jobs): ${base.toFixed(0)} µs/job; ` +
    `batches of ${B}: ${(base / ((total / J) * 1000)).toFixed(1)}× less database time per job`,
);
