import { commonApi } from '@herald/contract';
import { call } from './api-client';

/**
 * The operator's account picker (`/v1/common/accountListQuery`), for the lists and forms that
 * filter or choose by account: one query, one cache entry, whichever page asks first.
 */
export const accountOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'accountListQuery'] as const,
  queryFn: () => call(commonApi.accountListQuery),
  enabled,
});
