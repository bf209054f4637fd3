import { commonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The account's print templates, for the print business's template select. */
export const templateOptionsQuery = () => ({
  queryKey: ['common', 'templateListQuery'] as const,
  queryFn: () => call(commonApi.templateListQuery),
});
