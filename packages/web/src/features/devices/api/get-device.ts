import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getDevice = (id: number) => call(devicesApi.get, { params: { id } });

export const deviceQuery = (id: number) => ({
  queryKey: ['devices', id] as const,
  queryFn: () => getDevice(id),
  enabled: id > 0,
});
