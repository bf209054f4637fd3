import type { LocationSource, Position } from '@herald/contract';

/** A device row's stored position, or null when it has none. */
export function positionOfRow(d: {
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  source: string | null;
  locatedAt: Date | null;
}): Position | null {
  if (d.lat === null || d.lng === null) return null;
  return {
    lat: d.lat,
    lng: d.lng,
    accuracy: d.accuracy,
    source: (d.source ?? 'gnss') as LocationSource,
    // positions stored before located_at existed were backfilled from the telemetry's time
    locatedAt: (d.locatedAt ?? new Date(0)).toISOString(),
  };
}
