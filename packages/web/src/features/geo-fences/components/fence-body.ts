import { FENCE_RADIUS_MAX_M, type CreateFenceBody, type FenceDetail } from '@herald/contract';

export type FenceFormValues = {
  name: string;
  description?: string;
  enabled?: boolean;
  /** metres */
  radius: number;
  lat: number;
  lng: number;
  deviceIds?: number[];
};

/** The form's values as the API takes them (the same body adds and, whole, edits a fence). */
export function toFenceBody(v: FenceFormValues): CreateFenceBody {
  return {
    name: v.name.trim(),
    // '' rather than absent: an edit that empties the description clears it
    description: v.description?.trim() ?? '',
    enabled: v.enabled ?? true,
    radius: v.radius,
    lat: v.lat,
    lng: v.lng,
    deviceIds: [...new Set(v.deviceIds ?? [])],
  };
}

export const formValuesOf = (f: FenceDetail): FenceFormValues => ({
  name: f.name,
  description: f.description ?? '',
  enabled: f.enabled,
  radius: f.radius,
  lat: f.lat,
  lng: f.lng,
  deviceIds: f.devices.map((d) => d.id),
});

/** What is wrong with a radius as typed (a message key), or nothing; an empty field is "required"'s to say. */
export function radiusProblem(v: number | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (!Number.isFinite(v)) return 'validation.number';
  if (v <= 0) return 'validation.greaterThanZero';
  if (v > FENCE_RADIUS_MAX_M) return 'geoFence.radiusMax';
  return undefined;
}

/** Coordinates picked on the map, to six decimals (about 10 cm). */
export const roundCoordinate = (v: number) => Math.round(v * 1e6) / 1e6;

/** A centre and radius the map can draw, or nothing while the form lacks one. */
export function previewCircle(lat: unknown, lng: unknown, radius: unknown) {
  const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!isNum(lat) || !isNum(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  const centre = { lat, lng };
  return { centre, circle: isNum(radius) && !radiusProblem(radius) ? { ...centre, radius } : undefined };
}
