import { commonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const operModulesQuery = () => ({
  queryKey: ['common', 'operModuleList'] as const,
  queryFn: () => call(commonApi.operModuleList),
  staleTime: Infinity,
});

export const operTypesQuery = () => ({
  queryKey: ['common', 'operTypeList'] as const,
  queryFn: () => call(commonApi.operTypeList),
  staleTime: Infinity,
});
