import { fleetCommonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Device models a firmware can be built for (the shared model lookup). */
export const modelOptionsQuery = () => ({
  queryKey: ['common', 'modelListQuery', null] as const,
  queryFn: () => call(fleetCommonApi.modelListQuery),
});
