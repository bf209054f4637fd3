import { locationsApi } from '@herald/contract';
import { call } from '../../lib/api-client';
import { useQuery } from '@tanstack/react-query';

import { useSession } from '../../lib/session-context';

/**
 * How the console draws its maps (a tile server, or the outlines shipped with it) and whether the
 * signed-in account's geolocation service is on. Every map and geolocation page asks for it; one
 * cache entry per user serves them all. Keyed by the user because signing out leaves the query
 * cache as it is: another user signing in within the minute must not be given this one's answer.
 * Silent: without an answer the maps draw the outlines and the pages go on (their own calls say
 * what is refused).
 */
export const mapConfigQuery = (userId: number) => ({
  queryKey: ['device-map', 'mapConfig', userId] as const,
  queryFn: () => call(locationsApi.mapConfig, undefined, { silent: true }),
  staleTime: 60_000,
});

/** The signed-in user's map config. */
export const useMapConfig = () => useQuery(mapConfigQuery(useSession().user.id));
