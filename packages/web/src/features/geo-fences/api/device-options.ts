import { geoFencesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/**
 * The devices a fence may watch, by S/N or name (at most FENCE_DEVICE_OPTIONS_MAX): the account's
 * devices, asked of the fences' own endpoint, which a fence editor may call without the device list.
 */
export const deviceOptionsQuery = (keyword: string) => ({
  queryKey: ['geo-fences', 'device-options', keyword] as const,
  queryFn: () => call(geoFencesApi.deviceOptions, { query: { keyword } }),
});
