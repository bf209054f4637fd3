import { TRACK_RETENTION_DAYS, type TrackPoint } from '@herald/contract';

/** The track's time range as ISO instants, or null for the server's default (the last 24 hours, moving on). */
export type TrackRange = readonly [string, string] | null;

const DAY_MS = 86_400_000;

/**
 * The detail call's query: nothing for the default range; a chosen range with its start moved up
 * to the oldest kept point (the picker offers whole days, the server keeps 7 × 24 hours).
 */
export function trackParams(range: TrackRange, now = Date.now()): { from?: string; to?: string } {
  if (!range) return {};
  const earliest = now - TRACK_RETENTION_DAYS * DAY_MS;
  const from = Math.max(Date.parse(range[0]), earliest);
  return { from: new Date(from).toISOString(), to: range[1] };
}

/** A day the picker greys out: before the kept track's first day, or in the future. */
export function outsideRetention(day: Date, now = new Date()): boolean {
  const first = new Date(now.getTime() - TRACK_RETENTION_DAYS * DAY_MS);
  first.setHours(0, 0, 0, 0);
  const last = new Date(now);
  last.setHours(23, 59, 59, 999);
  return day.getTime() < first.getTime() || day.getTime() > last.getTime();
}

/**
 * The places worth a marker on the track: where the device stayed (reported again without moving)
 * at least STAY_MIN_MS. Two reports a few seconds apart are not a stop.
 */
export const STAY_MIN_MS = 60_000;
export const staysOf = (track: readonly TrackPoint[]) =>
  track.filter((p) => Date.parse(p.lastAt) - Date.parse(p.firstAt) >= STAY_MIN_MS);
