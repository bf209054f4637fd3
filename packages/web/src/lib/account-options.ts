import { get } from './http';

/**
 * The operator's account picker (`/v1/common/accountListQuery`), for the lists and forms that
 * filter or choose by account: one query, one cache entry, whichever page asks first.
 */
export const accountOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'accountListQuery'] as const,
  queryFn: () => get<{ id: number; name: string }[]>('/v1/common/accountListQuery'),
  enabled,
});
