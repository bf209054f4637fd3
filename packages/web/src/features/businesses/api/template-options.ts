import { get } from '../../../lib/http';
import type { TemplateOption } from './types';

/** The account's print templates, for the print business's template select. */
export const templateOptionsQuery = () => ({
  queryKey: ['common', 'templateListQuery'] as const,
  queryFn: () => get<TemplateOption[]>('/v1/common/templateListQuery'),
});
