import type { Device, Page } from '@herald/contract';
import { get } from '../../../lib/http';

/** How many devices one search offers; typing more of the S/N narrows them. */
export const DEVICE_OPTIONS_MAX = 50;

/**
 * The devices a fence may watch, by S/N: the console's device list, which answers only the
 * devices the user may see (the spec's "the fence device list shows only devices the user may see").
 */
export const deviceOptionsQuery = (sn: string) => ({
  queryKey: ['geo-fences', 'device-options', sn] as const,
  queryFn: async () =>
    (
      await get<Page<Device>>('/v1/devices', {
        sn,
        page: 1,
        pageSize: DEVICE_OPTIONS_MAX,
        sortField: 'sn',
        sortOrder: 'ascend',
      })
    ).list,
});
