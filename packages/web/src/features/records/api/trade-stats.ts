import { recordsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { Params } from '../../../lib/http';

export const tradeStatsQuery = (params: Params) => ({
  queryKey: ['records', 'trade', 'stats', params] as const,
  queryFn: () => call(recordsApi.tradeStats, { query: params }),
});
