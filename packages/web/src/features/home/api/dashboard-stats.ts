import type {
  AccountStat,
  BusinessStat,
  DashboardRange,
  DevicePhysicalStat,
  DeviceSessionStat,
  ModelStat,
  TotalStat,
} from '@herald/contract';
import { get } from '../../../lib/http';

/** Whose figures: no account is the platform (operators) or the user's own account; operators may name one. */
export type DashboardScope = { accountId?: number; range?: DashboardRange };

/** A figure's title for the chosen range (`home.byRange.<range>.<what>`). */
export const rangeTitle = (scope: DashboardScope, what: 'business' | 'sessions' | 'accounts' | 'devices') =>
  `home.byRange.${scope.range ?? '7d'}.${what}`;

/**
 * One GET /v1/dashboard/* statistic. The server cuts its days on the browser's clock
 * (`utcOffset`: minutes east of UTC), so "today" is the viewer's today.
 */
const statQuery =
  <T>(name: string) =>
  ({ accountId, range }: DashboardScope) => {
    const params = { accountId, range, utcOffset: -new Date().getTimezoneOffset() };
    return {
      queryKey: ['dashboard', name, params] as const,
      queryFn: () => get<T>(`/v1/dashboard/${name}`, params),
    };
  };

export const totalStatQuery = statQuery<TotalStat>('queryTotalStat');
export const businessStatQuery = statQuery<BusinessStat>('queryBusinessStat');
export const devicePhysicalStatQuery = statQuery<DevicePhysicalStat>('queryDevicePhysicalStat');
export const deviceSessionStatQuery = statQuery<DeviceSessionStat>('queryDeviceSessionStat');
export const modelStatQuery = statQuery<ModelStat>('queryModelStat');
export const accountStatQuery = statQuery<AccountStat>('queryAccountStat');
