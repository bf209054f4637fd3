import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { JOB_STATS_BUCKET_MINUTES, JobStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { every } from '../../jobs/every';
import type { Deps } from '../../lib/deps';

const BUCKET_MS = JOB_STATS_BUCKET_MINUTES * 60_000;
/** How often a server adds its counts to the table: the dashboard reads them at most this late from another process. */
export const JOB_COUNTS_FLUSH_MS = 5_000;

type Counts = { requested: number; success: number; failed: number };
type JobLike = { accountId: number; kind: string; status: number; requestedAt: Date };

/**
 * Jobs requested and finished, added up in memory and written as a few additions every
 * JOB_COUNTS_FLUSH_MS: one statement for thousands of jobs, so the pipeline's own statements stay
 * as they are (docs/decisions.md). Several servers each add their own. A server that dies loses at
 * most the last few seconds of counts; the records themselves are not touched.
 */
class JobCounts {
  private pending = new Map<string, Counts>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  private add(job: JobLike, field: keyof Counts) {
    const bucket = Math.floor(job.requestedAt.getTime() / BUCKET_MS) * BUCKET_MS;
    for (const accountId of [job.accountId, 0]) {
      const key = `${accountId}|${bucket}|${job.kind}`;
      let c = this.pending.get(key);
      if (!c) this.pending.set(key, (c = { requested: 0, success: 0, failed: 0 }));
      c[field]++;
    }
  }

  requested(job: JobLike) {
    this.add(job, 'requested');
  }

  /** A job that reached its final status (3 success; 4 failed and 5 timeout count as failed). */
  finished(job: JobLike) {
    if (job.status === JobStatus.SUCCESS) this.add(job, 'success');
    else if (job.status > JobStatus.SUCCESS) this.add(job, 'failed');
  }

  /** Write what was counted; one writer at a time, and what fails to write is kept for the next round. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending.size === 0) return;
      const taken = this.pending;
      this.pending = new Map();
      try {
        await addCounts(this.db, taken);
      } catch (err) {
        for (const [key, c] of taken) {
          const now = this.pending.get(key);
          this.pending.set(
            key,
            now
              ? {
                  requested: now.requested + c.requested,
                  success: now.success + c.success,
                  failed: now.failed + c.failed,
                }
              : c,
          );
        }
        throw err;
      }
    });
    return this.writing;
  }
}

async function addCounts(db: Db, counts: Map<string, Counts>) {
  const rows = [...counts].map(([key, c]) => {
    const [accountId, bucket, kind] = key.split('|');
    return { accountId: Number(accountId), bucket: new Date(Number(bucket)).toISOString(), kind: kind!, ...c };
  });
  // one array parameter per column (a bare array in drizzle's sql would become a list of parameters)
  const col = <K extends keyof (typeof rows)[number]>(k: K) => sql.param(rows.map((r) => r[k]));
  await db.execute(sql`
    insert into job_stats (account_id, bucket, kind, requested, success, failed)
    select * from unnest(${col('accountId')}::int[], ${col('bucket')}::timestamptz[], ${col('kind')}::text[],
                         ${col('requested')}::int[], ${col('success')}::int[], ${col('failed')}::int[])
    on conflict (account_id, bucket, kind) do update
       set requested = job_stats.requested + excluded.requested,
           success = job_stats.success + excluded.success,
           failed = job_stats.failed + excluded.failed`);
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
  const stop = every(JOB_COUNTS_FLUSH_MS, 'job counts', log, () => jobCounts(deps).flush());
  return async () => {
    await stop();
    await jobCounts(deps).flush();
  };
}
