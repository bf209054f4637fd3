import type { ModelOption } from '@herald/contract';
import { get } from '../../../lib/http';

/** Device models a firmware can be built for (the shared model lookup). */
export const modelOptionsQuery = () => ({
  queryKey: ['common', 'modelListQuery', null] as const,
  queryFn: () => get<ModelOption[]>('/v1/common/modelListQuery'),
});
