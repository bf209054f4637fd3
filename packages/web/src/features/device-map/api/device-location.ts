import { locationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { trackParams, type TrackRange } from '../components/track-range';

/**
 * One device's position, track over `range` and fences. Silent: the page shows a refusal
 * ('No device location permission', an unknown device) in place of the map, and a refresh that
 * fails every 15 seconds should not raise a toast each time.
 */
export const deviceLocationQuery = (id: number, range: TrackRange) => ({
  queryKey: ['device-map', 'location', id, range] as const,
  queryFn: () =>
    call(locationsApi.deviceLocationMapDetail, { params: { id }, query: trackParams(range) }, { silent: true }),
  enabled: id > 0,
});
