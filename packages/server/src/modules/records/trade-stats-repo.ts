import { and, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { TradeStatsPoint } from '@herald/contract';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { ofOwnedDevice } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';
import type { TimeScope } from './repo';

export type TradeStatsFilters = TimeScope & { sn?: string; bucket: 'hour' | 'day'; utcOffset: number };

/**
 * Transaction broadcasts counted per bucket. Buckets are cut on the viewer's clock: shift UTC by
 * the offset, truncate, shift back. Unit and offset are validated values written into the SQL, so
 * the bucket expression is one text and `group by 1` needs no parameter matching.
 */
export async function tradeStats(db: Db, f: TradeStatsFilters): Promise<TradeStatsPoint[]> {
  const shift = sql.raw(`interval '${Math.trunc(f.utcOffset)} minutes'`);
  const unit = sql.raw(`'${f.bucket === 'day' ? 'day' : 'hour'}'`);
  const at = sql<
    Date | string
  >`(date_trunc(${unit}, (${jobs.requestedAt} at time zone 'UTC') + ${shift}) - ${shift}) at time zone 'UTC'`;
  const where = and(
    ...([
      eq(jobs.kind, 'trade'),
      f.accountId !== undefined ? eq(jobs.accountId, f.accountId) : undefined,
      ofOwnedDevice(jobs.deviceId, f.owner),
      f.sn ? ilike(jobs.sn, containsPattern(f.sn)) : undefined,
      f.from ? gte(jobs.requestedAt, f.from) : undefined,
      f.to ? lt(jobs.requestedAt, f.to) : undefined,
    ] as (SQL | undefined)[]),
  );
  const rows = await db
    .select({
      at,
      success: sql<number>`(count(*) filter (where ${jobs.status} = 3))::int`,
      failed: sql<number>`(count(*) filter (where ${jobs.status} in (4, 5)))::int`,
      pending: sql<number>`(count(*) filter (where ${jobs.status} < 3))::int`,
    })
    .from(jobs)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    success: Number(r.success),
    failed: Number(r.failed),
    pending: Number(r.pending),
  }));
}
