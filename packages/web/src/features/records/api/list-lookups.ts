import { commonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Templates are the account's own, so only account users get the options. */
export const templateOptionsQuery = (enabled: boolean) => ({
  queryKey: ['common', 'templateListQuery'] as const,
  queryFn: () => call(commonApi.templateListQuery),
  enabled,
});
