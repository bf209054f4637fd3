import { get } from '../../../lib/http';

/** Operators filter applications by account. */
export const accountOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'accountListQuery'] as const,
  queryFn: () => get<{ id: number; name: string }[]>('/v1/common/accountListQuery'),
  enabled,
});
