import type { MapConfig } from '@herald/contract';
import { get } from '../../lib/http';

/**
 * How the console draws its maps (a tile server, or the outlines shipped with it) and whether the
 * signed-in account's geolocation service is on. Every map and geolocation page asks for it; one
 * cache entry serves them all. Silent: without an answer the maps draw the outlines and the pages
 * go on (their own calls say what is refused).
 */
export const mapConfigQuery = () => ({
  queryKey: ['device-map', 'mapConfig'] as const,
  queryFn: () => get<MapConfig>('/v1/device-map/mapConfig', undefined, { silent: true }),
  staleTime: 60_000,
});
