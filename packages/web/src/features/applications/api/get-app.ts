import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getApp = (id: number) => call(applicationsApi.get, { params: { id } });

export const appQuery = (id: number) => ({
  queryKey: ['applications', id] as const,
  queryFn: () => getApp(id),
  enabled: id > 0,
});
