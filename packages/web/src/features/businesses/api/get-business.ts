import { businessesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getBusiness = (id: number) => call(businessesApi.get, { params: { id } });

export const businessQuery = (id: number) => ({
  queryKey: ['businesses', id] as const,
  queryFn: () => getBusiness(id),
  enabled: id > 0,
});
