import type { PageQuery } from '@herald/contract';

/** `%text%` for ILIKE, with the pattern characters of `text` escaped (backslash is the default escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize;

/** Lower bound of a date filter; undefined when not set. */
export function rangeStart(v: string | undefined): Date | undefined {
  return v ? new Date(v) : undefined;
}

/**
 * Exclusive upper bound of a date filter: a bare date (YYYY-MM-DD) covers that whole day,
 * a date-time is taken as given (inclusive, hence + 1 ms).
 */
export function rangeEnd(v: string | undefined): Date | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  return new Date(d.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(v) ? 24 * 3600 * 1000 : 1));
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
