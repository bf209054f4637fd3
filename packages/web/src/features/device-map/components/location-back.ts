import { DEVICE_MAP } from './codes';

/**
 * Where the location page's "Back" leads: the page it was reached from. One page serves three
 * routes: the map's detail (`?id=<device>`), the device detail's location
 * (`/device/list/detail/gs-detail?id=<device>`) and a fence's device
 * (`/geo-fence/list/detail/gs-detail?id=<device>&fenceId=<fence>`).
 */
export function locationBackPath(pathname: string, params: URLSearchParams): string {
  const id = Number(params.get('id')) || 0;
  if (pathname.startsWith('/geo-fence/')) {
    const fenceId = Number(params.get('fenceId')) || 0;
    return fenceId ? `/geo-fence/list/detail?id=${fenceId}` : '/geo-fence/list';
  }
  if (pathname.startsWith('/device/list/')) return id ? `/device/list/detail?id=${id}` : '/device/list';
  return DEVICE_MAP;
}
