import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const deviceTypesQuery = () => ({
  queryKey: ['device-types'] as const,
  queryFn: () => call(modelsApi.deviceTypes),
  staleTime: Infinity,
});
