import tzLookup from '@photostructure/tz-lookup';
import type { OtaOfferWindow } from '@herald/contract';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "HH:MM" of `at` in `timeZone` (formatters are kept: one per zone seen). */
export function localTime(at: Date, timeZone: string): string {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, f);
  }
  return f.format(at);
}

/**
 * A device's time zone: where it last reported being (GNSS or cell position), else its
 * account's. A zone the runtime does not know falls back to the account's, then UTC.
 */
export function deviceTimeZone(d: { lat: number | null; lng: number | null; accountTimeZone: string | null }) {
  const known = (tz: string | null | undefined) => {
    if (!tz) return undefined;
    try {
      localTime(new Date(0), tz);
      return tz;
    } catch {
      return undefined;
    }
  };
  const placed = d.lat !== null && d.lng !== null ? known(tzLookup(d.lat, d.lng)) : undefined;
  return placed ?? known(d.accountTimeZone) ?? 'UTC';
}

/** Whether `at` falls inside the daily window in `timeZone`; a window past midnight wraps (22:00–06:00). */
export function insideWindow(w: OtaOfferWindow, timeZone: string, at: Date): boolean {
  const now = localTime(at, timeZone);
  if (w.from === w.to) return true;
  return w.from < w.to ? now >= w.from && now < w.to : now >= w.from || now < w.to;
}
