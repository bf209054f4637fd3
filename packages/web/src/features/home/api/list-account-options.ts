import { get } from '../../../lib/http';

/** The operator's account filter of the dashboard. */
export const accountOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'accountListQuery'] as const,
  queryFn: () => get<{ id: number; name: string }[]>('/v1/common/accountListQuery'),
  enabled,
});
