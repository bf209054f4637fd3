import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// a URL rather than an import: the 750 kB outline is fetched only when a map without tiles opens,
// and TypeScript is spared inferring a type for it
import countriesUrl from 'world-atlas/countries-50m.json?url';

type Countries = Topology<{ countries: GeometryCollection }>;

/** The countries' outlines (Natural Earth, 1:50m) as GeoJSON, shipped with the console: no network needed. */
export const countriesQuery = () => ({
  queryKey: ['map', 'countries'] as const,
  queryFn: async (): Promise<FeatureCollection> => {
    const res = await fetch(countriesUrl);
    if (!res.ok) throw new Error(res.statusText);
    const topology = (await res.json()) as Countries;
    return feature(topology, topology.objects.countries);
  },
  staleTime: Infinity,
  gcTime: Infinity,
});
