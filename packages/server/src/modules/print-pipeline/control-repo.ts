import { sql } from 'drizzle-orm';
import { CANCELLED, JobStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { named } from '../../db/named';
import { finishApiRequest, mapJob, type JobRow, type Raw } from './repo';

/** SQL of job control (cancel, reprint link, a device's queue); the pipeline's statements are in repo.ts/batch-repo.ts. */

/**
 * A job still at 0 or 1 ends as 4 `cancelled` (with its general request record), in one
 * conditional UPDATE: a device's ack or result that comes first wins, and one that comes later
 * finds the job ended and changes nothing (the pipeline's transitions need `status < X`).
 */
export async function cancelWaiting(db: Db, jobId: number, accountId: number): Promise<JobRow | undefined> {
  const { rows } = await db.execute<Raw>(
    sql`with j as (update jobs set status = ${JobStatus.FAILED}, reason = ${CANCELLED}, finished_at = now()
                    where id = ${jobId} and account_id = ${accountId} and finished_at is null
                      and status in (${JobStatus.NOT_PUSHED}, ${JobStatus.PUSHED})
                  returning *),
        ${finishApiRequest}
        select * from j`,
  );
  return rows[0] ? mapJob(rows[0]) : undefined;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  const { rows } = await db.execute<Raw>(sql`select * from jobs where id = ${id}`);
  return rows[0] ? mapJob(rows[0]) : undefined;
}

export async function setReprintOf(db: Db, jobId: number, reprintOf: number): Promise<void> {
  await db.execute(sql`update jobs set reprint_of = ${reprintOf} where id = ${jobId}`);
}

/** The device's jobs not finished (0, 1, 2), oldest first: what it will print or play next. */
export async function waitingJobs(db: Db, deviceId: number, limit = 200): Promise<JobRow[]> {
  const { rows } = await db.execute<Raw>(
    sql`select * from jobs where device_id = ${deviceId} and finished_at is null order by id limit ${limit}`,
  );
  return rows.map(mapJob);
}

/** A cancel the device has to hear when it is back (it may hold the job): kept until sent or the job expires. */
export async function addPendingCancel(db: Db, job: Pick<JobRow, 'id' | 'deviceId' | 'msgId' | 'expireAt'>) {
  await db.execute(
    sql`insert into pending_cancels (device_id, job_id, msg_id, expire_at)
        values (${job.deviceId}, ${job.id}, ${job.msgId}, ${job.expireAt.toISOString()}::timestamptz)
        on conflict do nothing`,
  );
}

/**
 * Takes the device's pending cancels: deleted as they are read, so of two servers that see the
 * device come back one sends each. Expired ones go too, unsent: the device drops an expired job.
 */
export async function takePendingCancels(db: Db, deviceId: number): Promise<{ jobId: number; msgId: string }[]> {
  return (await takePendingCancelsOf(db, [deviceId]))[0]!;
}

/**
 * The pending cancels of several devices, taken in one statement (devices coming back together: a
 * restart's reconnects), in the order asked; a device asked twice gets its cancels once, the
 * first time, as two takes one after the other would.
 */
export async function takePendingCancelsOf(db: Db, deviceIds: number[]): Promise<{ jobId: number; msgId: string }[][]> {
  const rows = await named(
    db,
    'jobs.take-cancels-of',
    sql`delete from pending_cancels where device_id = any(${sql.param(deviceIds)}::int[])
        returning device_id, job_id, msg_id, expire_at > now() as live`,
  );
  const byDevice = new Map<number, { jobId: number; msgId: string }[]>();
  for (const r of rows) {
    const list = byDevice.get(Number(r.device_id)) ?? [];
    if (r.live === true) list.push({ jobId: Number(r.job_id), msgId: String(r.msg_id) });
    byDevice.set(Number(r.device_id), list);
  }
  return deviceIds.map((id) => {
    const taken = byDevice.get(id) ?? [];
    byDevice.delete(id);
    return taken;
  });
}

export async function accountOfDevice(db: Db, deviceId: number): Promise<number | undefined> {
  const { rows } = await db.execute<{ account_id: number }>(sql`select account_id from devices where id = ${deviceId}`);
  return rows[0] ? Number(rows[0].account_id) : undefined;
}
