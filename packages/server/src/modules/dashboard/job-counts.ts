import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { JOB_STATS_BUCKET_MINUTES, JobStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { raiseDashboard } from '../live/raise';

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
/** key (zero-padded numbers joined by '|') → counts */
type Tally = Map<string, Counts>;

const pad = (n: number) => String(n).padStart(16, '0');

function bump(t: Tally, key: string, field: keyof Counts, by = 1) {
  let c = t.get(key);
  if (!c) t.set(key, (c = { requested: 0, success: 0, failed: 0 }));
  c[field] += by;
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
export class JobCounts {
  private buckets: Tally = new Map();
  private devices: Tally = new Map();
  private writing: Promise<void> = Promise.resolve();
  private round = 0;

  constructor(
    private readonly db: Db,
    /** the accounts whose quarter-hour counts were just written (0: the platform's) */
    private readonly written: (accountIds: number[]) => void = () => {},
  ) {}

  private add(job: JobLike, field: keyof Counts, by = 1) {
    const at = job.requestedAt.getTime();
    const bucket = pad(Math.floor(at / BUCKET_MS) * BUCKET_MS);
    for (const accountId of [0, job.accountId])
      bump(this.buckets, `${pad(accountId)}|${bucket}|${job.kind}`, field, by);
    const day = pad(Math.floor(at / DAY_MS) * DAY_MS);
    bump(this.devices, `${pad(job.accountId)}|${day}|${pad(job.deviceId)}`, field, by);
  }

  requested(job: JobLike) {
    this.add(job, 'requested');
  }

  /**
   * A job that had ended as not confirmed (5, counted failed) and that its device's late report
   * settled: counted again only when it moves from failed to success.
   */
  settledLate(job: JobLike) {
    if (job.status !== JobStatus.SUCCESS) return;
    this.add(job, 'success');
    this.add(job, 'failed', -1);
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
        await this.write('buckets', BUCKETS);
        if (withDevices) await this.write('devices', DEVICES);
      });
    this.writing = run;
    return run;
  }

  private async write(which: 'buckets' | 'devices', target: Target) {
    const taken = this[which];
    if (taken.size === 0) return;
    this[which] = new Map();
    try {
      await addCounts(this.db, taken, target);
    } catch (err) {
      mergeInto(this[which], taken);
      throw err;
    }
    if (which === 'buckets') this.written([...new Set([...taken.keys()].map((k) => Number(k.split('|')[0])))]);
  }
}

/**
 * Where a tally goes: its table and key columns (the second is a time, kept in the keys as epoch
 * milliseconds). Keys sort in the order rows are written, so two servers lock shared rows in one order.
 */
type Target = { table: string; keys: readonly [string, string, string]; third: 'int' | 'text' };
const BUCKETS: Target = { table: 'job_stats', keys: ['account_id', 'bucket', 'kind'], third: 'text' };
const DEVICES: Target = { table: 'device_job_stats', keys: ['account_id', 'day', 'device_id'], third: 'int' };

async function addCounts(db: Db, t: Tally, target: Target) {
  const keys = [...t.keys()].sort();
  const parts = keys.map((k) => k.split('|'));
  // one array parameter per column (a bare array in drizzle's sql would become a list of parameters)
  const key = (i: number) => sql.param(parts.map((p) => (i === 2 && target.third === 'text' ? p[i]! : Number(p[i]))));
  const count = (f: keyof Counts) => sql.param(keys.map((k) => t.get(k)![f]));
  const names = sql.raw(target.keys.join(', '));
  await db.execute(sql`
    insert into ${sql.raw(target.table)} as t (${names}, requested, success, failed)
    select a, to_timestamp(b / 1000.0), c, r, s, f
      from unnest(${key(0)}::int[], ${key(1)}::bigint[], ${key(2)}::${sql.raw(target.third)}[],
                  ${count('requested')}::int[], ${count('success')}::int[], ${count('failed')}::int[]) as v(a, b, c, r, s, f)
    on conflict (${names}) do update
       set requested = t.requested + excluded.requested, success = t.success + excluded.success,
           failed = t.failed + excluded.failed`);
}

/** A server's counter, whose writes tell the dashboards on every server (live feed). */
export const newJobCounts = (deps: Pick<Deps, 'db' | 'feed'>): JobCounts =>
  new JobCounts(deps.db, (accountIds) => accountIds.forEach((a) => raiseDashboard(deps, a)));

/** This server's counter (the field, for the callers that take it by function). */
export const jobCounts = (deps: Pick<Deps, 'jobCounts'>): JobCounts => deps.jobCounts;

/**
 * Write the counts every few seconds; the stop, after the routes and the job pipeline closed,
 * writes the last of them (a failure is logged, and the close goes on).
 */
export function jobCountsWorker(deps: Pick<Deps, 'jobCounts'>, log: FastifyBaseLogger): RoundWorker {
  return {
    name: 'job counts',
    everyMs: JOB_COUNTS_FLUSH_MS,
    round: () => deps.jobCounts.flush(false),
    outlivesRoutes: true,
    stop: async (stopRounds) => {
      await stopRounds();
      await deps.jobCounts.flush().catch((err: unknown) => log.error({ err }, 'job counts: the last write failed'));
    },
  };
}
