import type { DeviceDetail } from '@herald/contract';
import { get } from '../../../lib/http';

export const getDevice = (id: number) => get<DeviceDetail>(`/v1/devices/${id}`);

export const deviceQuery = (id: number) => ({
  queryKey: ['devices', id] as const,
  queryFn: () => getDevice(id),
  enabled: id > 0,
});
