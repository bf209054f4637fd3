import { get } from '../../../lib/http';

export const operModulesQuery = () => ({
  queryKey: ['common', 'operModuleList'] as const,
  queryFn: () => get<{ value: string }[]>('/v1/common/operModuleList'),
  staleTime: Infinity,
});

export const operTypesQuery = () => ({
  queryKey: ['common', 'operTypeList'] as const,
  queryFn: () => get<{ value: string }[]>('/v1/common/operTypeList'),
  staleTime: Infinity,
});
