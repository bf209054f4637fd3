import { lt, sql } from 'drizzle-orm';
import { RETENTION_DAYS } from '@herald/contract';
import type { Db } from '../db/client';
import {
  apiRequests,
  authCodes,
  jobs,
  operLogs,
  publishRecords,
  sessions,
  userTokens,
  webhookDeliveries,
} from '../db/schema';

/** Delete what the spec keeps for 90 days, and expired sign-in artefacts. Returns rows removed. */
export async function purgeExpiredRecords(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000);
  const logs = await db.delete(operLogs).where(lt(operLogs.createdAt, cutoff)).returning({ id: operLogs.id });
  const codes = await db.delete(authCodes).where(lt(authCodes.expiresAt, now)).returning({ c: authCodes.codeHash });
  const tokens = await db
    .delete(userTokens)
    .where(lt(userTokens.expiresAt, cutoff))
    .returning({ c: userTokens.tokenHash });
  // sessions cascade to their refresh tokens
  const sess = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`${now.toISOString()}::timestamptz - interval '1 day'`))
    .returning({ id: sessions.id });
  // pipeline records (webhook attempts cascade with their deliveries); jobs are removed last
  const records = await purgePipelineRecords(db, cutoff);
  return logs.length + codes.length + tokens.length + sess.length + records;
}

/** Jobs, their publish records, open API request records and webhook deliveries older than `cutoff`. */
export async function purgePipelineRecords(db: Db, cutoff: Date): Promise<number> {
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, cutoff))
    .returning({ id: webhookDeliveries.id });
  const publishes = await db
    .delete(publishRecords)
    .where(lt(publishRecords.publishedAt, cutoff))
    .returning({ id: publishRecords.id });
  const requests = await db
    .delete(apiRequests)
    .where(lt(apiRequests.createdAt, cutoff))
    .returning({ id: apiRequests.id });
  const oldJobs = await db.delete(jobs).where(lt(jobs.requestedAt, cutoff)).returning({ id: jobs.id });
  return deliveries.length + publishes.length + requests.length + oldJobs.length;
}
