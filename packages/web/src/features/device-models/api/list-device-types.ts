import { get } from '../../../lib/http';
import type { DeviceType } from './types';

export const deviceTypesQuery = () => ({
  queryKey: ['device-types'] as const,
  queryFn: () => get<DeviceType[]>('/v1/device-types'),
  staleTime: Infinity,
});
