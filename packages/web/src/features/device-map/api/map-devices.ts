import { locationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

/** The list beside the map: every device matching, located or not, a page at a time. */
export const listMapDevices = (params: Params) => call(locationsApi.pageQueryMapDevice, { query: params });

/** The located devices matching the list's filters, as markers (at most MAP_MARKERS_MAX). */
export const mapMarkersQuery = (filters: Params) => ({
  queryKey: ['device-map', 'markers', filters] as const,
  queryFn: () => call(locationsApi.listQueryDeviceLocation, { query: filters }),
});
