import type { TradeStats, TradeStatsQuery } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { scope } from './service';
import { tradeStats } from './trade-stats-repo';

/** Same scope and retention window as the list; hourly unless asked for days. */
export async function getTradeStats(deps: Deps, auth: AuthContext, q: TradeStatsQuery): Promise<TradeStats> {
  const s = scope(auth, q);
  const bucket = q.bucket ?? 'hour';
  const points = await tradeStats(deps.db, { ...s, sn: q.sn, bucket, utcOffset: q.utcOffset ?? 0 });
  return { bucket, points };
}
