import { firmwareApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getFirmware = (id: number) => call(firmwareApi.get, { params: { id } });

export const firmwareQuery = (id: number) => ({
  queryKey: ['firmware', id] as const,
  queryFn: () => getFirmware(id),
  enabled: id > 0,
});
