import dayjs from 'dayjs';
import type { TradeStatsPoint } from '@herald/contract';
import type { RecordQuery } from './record-query';

export type Bucket = 'hour' | 'day';

/** Hours for up to three days (at most 72 bars), days beyond. */
export const bucketFor = (from?: string, to?: string): Bucket =>
  from && dayjs(to).diff(dayjs(from), 'hour') <= 72 ? 'hour' : 'day';

/** The list's filters that the stats endpoint understands, plus the viewer's UTC offset. */
export function statsParams(q: RecordQuery) {
  const from = q.from as string | undefined;
  const to = q.to as string | undefined;
  return {
    from,
    to,
    sn: q.sn,
    accountId: q.accountId,
    bucket: bucketFor(from, to),
    utcOffset: -new Date().getTimezoneOffset(),
  };
}

/** The server leaves out empty buckets; the chart shows them as zero bars. */
export function fillBuckets(points: TradeStatsPoint[], bucket: Bucket, from?: string, to?: string) {
  const byTime = new Map(points.map((p) => [dayjs(p.at).valueOf(), p]));
  const first = from ? dayjs(from).startOf(bucket) : points[0] ? dayjs(points[0].at) : undefined;
  const last = dayjs(to ?? undefined);
  const out: TradeStatsPoint[] = [];
  for (let at = first; at && !at.isAfter(last) && out.length < 2000; at = at.add(1, bucket)) {
    out.push(byTime.get(at.valueOf()) ?? { at: at.toISOString(), success: 0, failed: 0, pending: 0 });
  }
  return out;
}
