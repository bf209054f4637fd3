import { randomUUID } from 'node:crypto';
import type { Server } from '../src/app';
import { apiRequests, jobs, publishRecords } from '../src/db/schema';

/**
 * Job, publish and open-API request rows written straight into the database, for the tests of
 * the record lists and webhooks (which read what the pipeline writes, without running it).
 */
export type JobInsert = typeof jobs.$inferInsert;

export async function insertJob(
  server: Server,
  base: { accountId: number; deviceId: number; sn: string },
  over: Partial<JobInsert> = {},
) {
  const requestedAt = over.requestedAt ?? new Date();
  const [row] = await server.deps.db
    .insert(jobs)
    .values({
      msgId: randomUUID(),
      kind: 'print',
      source: 'api',
      payload: { data: '' },
      expireAt: new Date(requestedAt.getTime() + 300_000),
      ...base,
      ...over,
      requestedAt,
      // a finished job has its finish time (the table checks it)
      finishedAt: over.finishedAt ?? ((over.status ?? 0) >= 3 ? requestedAt : null),
    })
    .returning();
  return row!;
}

export async function insertPublish(
  server: Server,
  job: typeof jobs.$inferSelect,
  over: Partial<typeof publishRecords.$inferInsert> = {},
) {
  const [row] = await server.deps.db
    .insert(publishRecords)
    .values({
      jobId: job.id,
      accountId: job.accountId,
      deviceId: job.deviceId,
      sn: job.sn,
      topic: `herald/${job.sn}/down/job`,
      msgId: job.msgId,
      qos: 1,
      status: 2,
      bytes: 120,
      publishedAt: job.pushedAt ?? new Date(),
      ackedAt: job.ackedAt,
      latencyMs: job.ackLatencyMs,
      ...over,
    })
    .returning();
  return row!;
}

export async function insertApiRequest(
  server: Server,
  over: Partial<typeof apiRequests.$inferInsert> & { accountId: number },
) {
  const [row] = await server.deps.db
    .insert(apiRequests)
    .values({ method: 'POST', path: '/open/v1/print', result: 1, code: 20000, message: 'Success', ...over })
    .returning();
  return row!;
}
