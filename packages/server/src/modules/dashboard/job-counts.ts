import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { JOB_STATS_BUCKET_MINUTES, JobStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { every } from '../../jobs/every';
import type { Deps } from '../../lib/deps';

const BUCKET_MS = JOB_STATS_BUCKET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
/** How often a server adds its counts to the table: the dashboard reads them at most this late from another process. */
export const JOB_COUNTS_FLUSH_MS = 5_000;
/**
 * The per-device counts go every 12th round (a minute): a busy fleet has a job for most devices in
 * any 5 s, and a row per device every 5 s would cost about a write per job.
 */
const DEVICE_ROUNDS = 12;

type Counts = { requested: number; success: number; failed: number };
type JobLike = { accountId: number; deviceId: number; kind: string; status: number; requestedAt: Date };
/** key → counts; keys sort in the order rows are written, so two servers lock shared rows in one order */
type Tally = Map<string, Counts>;

const pad = (n: number) => String(n).padStart(16, '0');

function bump(t: Tally, key: string, field: keyof Counts) {
  let c = t.get(key);
  if (!c) t.set(key, (c = { requested: 0, success: 0, failed: 0 }));
  c[field]++;
}

function mergeInto(into: Tally, from: Tally) {
  for (const [key, c] of from) {
    const now = into.get(key);
    into.set(
      key,
      now
        ? { requested: now.requested + c.requested, success: now.success + c.success, failed: now.failed + c.failed }
        : c,
    );
  }
}

/**
 * Jobs requested and finished, added up in memory and written as additions every
 * JOB_COUNTS_FLUSH_MS: one statement for thousands of jobs, so the pipeline's own statements stay
 * as they are (docs/decisions.md). Per account, quarter hour and kind (plus the platform's totals
 * as account 0), and per device and UTC day for the device ranking. Several servers each add their
 * own. A server that dies loses at most the last round of counts; the records are not touched.
 */
class JobCounts {
  private buckets: Tally = new Map();
  private devices: Tally = new Map();
  private writing: Promise<void> = Promise.resolve();
  private round = 0;

  constructor(private readonly db: Db) {}

  private add(job: JobLike, field: keyof Counts) {
    const at = job.requestedAt.getTime();
    const bucket = pad(Math.floor(at / BUCKET_MS) * BUCKET_MS);
    for (const accountId of [0, job.accountId]) bump(this.buckets, `${pad(accountId)}|${bucket}|${job.kind}`, field);
    const day = pad(Math.floor(at / DAY_MS) * DAY_MS);
    bump(this.devices, `${pad(job.accountId)}|${day}|${pad(job.deviceId)}`, field);
  }

  requested(job: JobLike) {
    this.add(job, 'requested');
  }

  /** A job that reached its final status (3 success; 4 failed and 5 timeout count as failed). */
  finished(job: JobLike) {
    if (job.status === JobStatus.SUCCESS) this.add(job, 'success');
    else if (job.status > JobStatus.SUCCESS) this.add(job, 'failed');
  }

  /**
   * Write what was counted (the per-device counts too when `all`, else every DEVICE_ROUNDS-th
   * call). One writer at a time; what fails to write is kept for the next round, and a failed
   * round does not stop the next.
   */
  flush(all = true): Promise<void> {
    const withDevices = all || ++this.round % DEVICE_ROUNDS === 0;
    const run = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.write('buckets', addBucketCounts);
        if (withDevices) await this.write('devices', addDeviceCounts);
      });
    this.writing = run;
    return run;
  }

  private async write(which: 'buckets' | 'devices', add: (db: Db, t: Tally) => Promise<void>) {
    const taken = this[which];
    if (taken.size === 0) return;
    this[which] = new Map();
    try {
      await add(this.db, taken);
    } catch (err) {
      mergeInto(this[which], taken);
      throw err;
    }
  }
}

/** One array parameter per column (a bare array in drizzle's sql would become a list of parameters). */
function columns(t: Tally, types: readonly [string, string, string]): SQL[] {
  const keys = [...t.keys()].sort();
  const parts = keys.map((k) => k.split('|'));
  const key = (i: number, type: string) =>
    sql`${sql.param(parts.map((p) => (type === 'text' ? p[i]! : Number(p[i]))))}::${sql.raw(type)}[]`;
  const count = (f: keyof Counts) => sql`${sql.param(keys.map((k) => t.get(k)![f]))}::int[]`;
  return [key(0, types[0]), key(1, types[1]), key(2, types[2]), count('requested'), count('success'), count('failed')];
}

const ADD = sql.raw(`requested = t.requested + excluded.requested, success = t.success + excluded.success,
                     failed = t.failed + excluded.failed`);

async function addBucketCounts(db: Db, t: Tally) {
  const [account, bucket, kind, requested, success, failed] = columns(t, ['int', 'bigint', 'text']);
  await db.execute(sql`
    insert into job_stats as t (account_id, bucket, kind, requested, success, failed)
    select a, to_timestamp(b / 1000.0), k, r, s, f
      from unnest(${account}, ${bucket}, ${kind}, ${requested}, ${success}, ${failed}) as v(a, b, k, r, s, f)
    on conflict (account_id, bucket, kind) do update set ${ADD}`);
}

async function addDeviceCounts(db: Db, t: Tally) {
  const [account, day, device, requested, success, failed] = columns(t, ['int', 'bigint', 'int']);
  await db.execute(sql`
    insert into device_job_stats as t (account_id, day, device_id, requested, success, failed)
    select a, to_timestamp(d / 1000.0), dev, r, s, f
      from unnest(${account}, ${day}, ${device}, ${requested}, ${success}, ${failed}) as v(a, d, dev, r, s, f)
    on conflict (account_id, day, device_id) do update set ${ADD}`);
}

const counters = new WeakMap<Deps, JobCounts>();

/** This server's counter. */
export function jobCounts(deps: Deps): JobCounts {
  let c = counters.get(deps);
  if (!c) counters.set(deps, (c = new JobCounts(deps.db)));
  return c;
}

/** Write the counts every few seconds; the returned stop writes the last of them. */
export function startJobCounts(deps: Deps, log: FastifyBaseLogger): () => Promise<void> {
  const stop = every(JOB_COUNTS_FLUSH_MS, 'job counts', log, () => jobCounts(deps).flush(false));
  return async () => {
    await stop();
    await jobCounts(deps).flush();
  };
}
