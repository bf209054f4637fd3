import type { FenceDeviceOption } from '@herald/contract';
import { get } from '../../../lib/http';

/**
 * The devices a fence may watch, by S/N or name (at most FENCE_DEVICE_OPTIONS_MAX): the account's
 * devices, asked of the fences' own endpoint, which a fence editor may call without the device list.
 */
export const deviceOptionsQuery = (keyword: string) => ({
  queryKey: ['geo-fences', 'device-options', keyword] as const,
  queryFn: () => get<FenceDeviceOption[]>('/v1/geo-fences/device-options', { keyword }),
});
