import { lt, sql } from 'drizzle-orm';
import { RETENTION_DAYS } from '@herald/contract';
import type { Db } from '../db/client';
import { authCodes, operLogs, sessions, userTokens } from '../db/schema';

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
  return logs.length + codes.length + tokens.length + sess.length;
}
