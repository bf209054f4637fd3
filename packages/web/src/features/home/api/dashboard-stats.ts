import { dashboardApi, type DashboardRange } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Whose figures: no account is the platform (operators) or the user's own account; operators may name one. */
export type DashboardScope = { accountId?: number; range?: DashboardRange };

/** A figure's title for the chosen range (`home.byRange.<range>.<what>`). */
export const rangeTitle = (scope: DashboardScope, what: 'business' | 'sessions' | 'accounts' | 'devices') =>
  `home.byRange.${scope.range ?? '7d'}.${what}`;

/**
 * One dashboard statistic. The server cuts its days on the browser's clock
 * (`utcOffset`: minutes east of UTC), so "today" is the viewer's today.
 */
type StatQuery = { accountId?: number; range?: DashboardRange; utcOffset: number };

const statQuery =
  <T>(name: string, fetch: (query: StatQuery) => Promise<T>) =>
  ({ accountId, range }: DashboardScope) => {
    const params = { accountId, range, utcOffset: -new Date().getTimezoneOffset() };
    return {
      queryKey: ['dashboard', name, params] as const,
      queryFn: () => fetch(params),
    };
  };

export const totalStatQuery = statQuery('queryTotalStat', (query) => call(dashboardApi.totalStat, { query }));
export const businessStatQuery = statQuery('queryBusinessStat', (query) => call(dashboardApi.businessStat, { query }));
export const devicePhysicalStatQuery = statQuery('queryDevicePhysicalStat', (query) =>
  call(dashboardApi.devicePhysicalStat, { query }),
);
export const deviceSessionStatQuery = statQuery('queryDeviceSessionStat', (query) =>
  call(dashboardApi.deviceSessionStat, { query }),
);
export const modelStatQuery = statQuery('queryModelStat', (query) => call(dashboardApi.modelStat, { query }));
export const accountStatQuery = statQuery('queryAccountStat', (query) => call(dashboardApi.accountStat, { query }));
