import dayjs, { type Dayjs } from 'dayjs';
import { RETENTION_DAYS } from '@herald/contract';
import { toPageQuery, type SortState, type TableParams } from '../../../lib/pro-table';

export type RecordQuery = Record<string, string | number | undefined>;

/** Records are kept RETENTION_DAYS days; nothing older can be asked for. */
export const oldestAllowed = (now: Dayjs = dayjs()) => now.subtract(RETENTION_DAYS, 'day');

/** What a list shows when first opened: the last 24 hours. */
export const defaultRange = (now: Dayjs = dayjs()): [Dayjs, Dayjs] => [now.subtract(24, 'hour'), now];

/**
 * ProTable's request (filters, page, column sort) → the records API query. The time range picker
 * gives local wall-clock strings; they are sent as ISO instants so the server and the viewer agree
 * on the window, with the start clamped to the retention period and a recent end left open. Column keys that sort are mapped
 * to the API's sortField (`ackLatencyMs` → `latency`); other sorts are not the API's and dropped.
 */
export function toRecordQuery(
  params: TableParams,
  sort: SortState | undefined,
  sortFields: Record<string, string> = {},
  now: Dayjs = dayjs(),
): RecordQuery {
  const { timeRange, ...rest } = params;
  const trimmed = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as TableParams;
  const mapped = Object.fromEntries(
    Object.entries(sort ?? {}).flatMap(([k, o]) => (sortFields[k] && o ? [[sortFields[k], o]] : [])),
  ) as SortState;
  const out = toPageQuery(trimmed, mapped);
  const [from, to] = Array.isArray(timeRange) ? (timeRange as unknown[]) : [];
  if (from) {
    const start = dayjs(from as string);
    const oldest = oldestAllowed(now);
    out.from = (start.isBefore(oldest) ? oldest : start).toISOString();
  }
  if (to) {
    // The picker shows whole seconds, so its end stands for the whole second. An end less than a
    // minute ago (the default range, opened a moment ago) means "until now": it is not sent, so a
    // record made since the list was opened, even in that same second, is not left out.
    const end = dayjs(to as string).endOf('second');
    if (end.isBefore(now.subtract(1, 'minute'))) out.to = end.toISOString();
  }
  return out;
}
