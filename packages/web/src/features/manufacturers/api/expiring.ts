import { EXPIRY_WARNING_DAYS, manufacturersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Licences and certificates that expire within the warning window (30 days). */
export const expiringQuery = () => ({
  queryKey: ['manufacturers', 'expiring'] as const,
  queryFn: () => call(manufacturersApi.expiring, { query: { days: EXPIRY_WARNING_DAYS } }),
  staleTime: 0,
});
