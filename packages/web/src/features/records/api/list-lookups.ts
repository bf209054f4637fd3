import { get } from '../../../lib/http';

/** Templates are the account's own, so only account users get the options. */
export const templateOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'templateListQuery'] as const,
  queryFn: () => get<{ value: number; label: string }[]>('/v1/common/templateListQuery'),
  enabled,
});
