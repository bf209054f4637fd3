import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getModel = (id: number) => call(modelsApi.get, { params: { id } });

export const modelQuery = (id: number) => ({
  queryKey: ['models', id] as const,
  queryFn: () => getModel(id),
  enabled: id > 0,
});
