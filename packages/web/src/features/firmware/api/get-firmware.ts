import { get } from '../../../lib/http';
import type { Firmware } from './types';

export const getFirmware = (id: number) => get<Firmware>(`/v1/firmware/${id}`);

export const firmwareQuery = (id: number) => ({
  queryKey: ['firmware', id] as const,
  queryFn: () => getFirmware(id),
  enabled: id > 0,
});
