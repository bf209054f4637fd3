import type { MapDevice, MapMarkers, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

const BASE = '/v1/device-map';

/** The list beside the map: every device matching, located or not, a page at a time. */
export const listMapDevices = (params: Params) => get<Page<MapDevice>>(`${BASE}/pageQueryMapDevice`, params);

/** The located devices matching the list's filters, as markers (at most MAP_MARKERS_MAX). */
export const mapMarkersQuery = (filters: Params) => ({
  queryKey: ['device-map', 'markers', filters] as const,
  queryFn: () => get<MapMarkers>(`${BASE}/listQueryDeviceLocation`, filters),
});
