import { EXPIRY_WARNING_DAYS } from '@herald/contract';
import { get } from '../../../lib/http';
import type { Expiring } from './types';

/** Licences and certificates that expire within the warning window (30 days). */
export const expiringQuery = () => ({
  queryKey: ['manufacturers', 'expiring'] as const,
  queryFn: () => get<Expiring>('/v1/manufacturers/expiring', { days: EXPIRY_WARNING_DAYS }),
  staleTime: 0,
});
