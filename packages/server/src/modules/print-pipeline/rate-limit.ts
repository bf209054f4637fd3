import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { rateLimited } from '../../lib/errors';
import { inTurn } from '../../lib/in-turn';
import { insertJobs, type JobInsert } from './batch-repo';
import * as repo from './repo';
import { writeQueue } from './write-queue';

/**
 * A device's print rate limit: printParams.rateLimitCount jobs per rateLimitSeconds (either 0:
 * no limit), counted from the jobs table, exact however many servers take calls for the device.
 *
 * The count and the job's insert must not interleave with another call's, on this server or any
 * other. So a limited device's job is written by a transaction of its own that holds the device's
 * advisory lock from the count to the insert (instead of joining the batched inserts of the
 * others); this server also takes the device's calls one at a time, so it never holds more than one
 * connection waiting on that lock, and counts once before rendering, to refuse a call over the
 * limit without rendering it. Devices without a limit pay none of this: their jobs go through the
 * batched inserts as before.
 */
const inDeviceTurn = <T>(deps: Deps, deviceId: number, work: () => Promise<T>) =>
  inTurn(deps.pipeline.rateTurns, deviceId, work);

/** The advisory lock space of a device's rate limit (with the device id). */
const RATE_LOCK = 727_278;

/** How a job is stored: the batched insert, or a limited device's own transaction. */
export type InsertJob = (item: JobInsert) => Promise<repo.JobRow | null>;

/** Over the limit: refused with the time until the window has room again (Retry-After). */
async function checkWindow(db: Db, device: repo.TargetDevice, now: number, seconds: number, count: number) {
  const { n, edge } = await repo.recentJobs(db, device.accountId, device.id, new Date(now - seconds * 1000), count);
  if (n >= count) throw rateLimited((edge ? edge.getTime() : now) + seconds * 1000 - now, 'error.deviceRateLimited');
}

export function withinRateLimit<T>(
  deps: Deps,
  device: repo.TargetDevice,
  now: number,
  work: (insert: InsertJob) => Promise<T>,
): Promise<T> {
  const seconds = Number(device.printParams.rateLimitSeconds ?? 0);
  const count = Number(device.printParams.rateLimitCount ?? 0);
  if (!(seconds > 0 && count > 0)) return work((item) => writeQueue(deps).jobs.add(item));

  const insert: InsertJob = async (item) => {
    const row = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LOCK}, ${device.id})`);
      // read after the lock: the jobs of calls that held it before are committed and counted
      await checkWindow(tx, device, now, seconds, count);
      return (await insertJobs(tx, [item]))[0] ?? null;
    });
    if (row) deps.jobEvents.emit('accepted', row);
    return row;
  };
  return inDeviceTurn(deps, device.id, async () => {
    await checkWindow(deps.db, device, now, seconds, count);
    return work(insert);
  });
}
