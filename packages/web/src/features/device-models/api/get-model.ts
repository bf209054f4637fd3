import { get } from '../../../lib/http';
import type { DeviceModel } from './types';

export const getModel = (id: number) => get<DeviceModel>(`/v1/models/${id}`);

export const modelQuery = (id: number) => ({
  queryKey: ['models', id] as const,
  queryFn: () => getModel(id),
  enabled: id > 0,
});
