import { TRACK_RETENTION_DAYS, type TrackPoint } from '@herald/contract';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The picker's presets, by how many hours back from now they reach. */
export const TRACK_PRESETS = { '24h': 24, '3d': 72, '7d': TRACK_RETENTION_DAYS * 24 } as const;
export type TrackPreset = keyof typeof TRACK_PRESETS;

/**
 * The track's time range: null for the server's default (the last 24 hours), a preset, which moves
 * on with the clock (a page refreshed every 15 s shows the new points), or two instants the user
 * picked (ISO), which stay.
 */
export type TrackRange = null | { preset: TrackPreset } | { from: string; to: string };

/**
 * The detail call's query, worked out when the call is made: nothing for the default range; a
 * preset's start counted back from now and no end (the server's now: a console whose clock runs
 * behind would miss the newest points); a chosen range with its start moved up to the oldest kept
 * point (the picker offers whole days, the server keeps 7 × 24 hours).
 */
export function trackParams(range: TrackRange, now = Date.now()): { from?: string; to?: string } {
  if (!range) return {};
  const earliest = now - TRACK_RETENTION_DAYS * DAY_MS;
  if ('preset' in range) {
    const from = Math.max(now - TRACK_PRESETS[range.preset] * HOUR_MS, earliest);
    return { from: new Date(from).toISOString() };
  }
  const from = Math.max(Date.parse(range.from), earliest);
  const to = Date.parse(range.to);
  // a range ending before the oldest kept point holds nothing: ask for the default rather than send from > to
  if (to < from) return {};
  return { from: new Date(from).toISOString(), to: range.to };
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
