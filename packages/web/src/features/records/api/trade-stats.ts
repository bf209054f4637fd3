import type { TradeStats } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const tradeStatsQuery = (params: Params) => ({
  queryKey: ['records', 'trade', 'stats', params] as const,
  queryFn: () => get<TradeStats>('/v1/records/trade/stats', params),
});
