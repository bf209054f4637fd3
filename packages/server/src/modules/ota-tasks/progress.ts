/** Points of the progress chart at most. */
export const SERIES_POINTS = 60;

type Point = { t: number; succeeded: number; failed: number; inProgress: number; queued: number };
const BUCKET: Record<string, keyof Omit<Point, 't'> | undefined> = {
  succeeded: 'succeeded',
  failed: 'failed',
  timedOut: 'failed',
  offered: 'inProgress',
  downloading: 'inProgress',
  verifying: 'inProgress',
  installing: 'inProgress',
  queued: 'queued',
};

/**
 * The course of a task for the chart: at evenly spaced instants from `from` to `to`, how many
 * executions had succeeded or finally failed (cumulative) and how many were upgrading or waiting.
 * Replays the state changes in order, so a retried attempt counts as in progress again.
 */
export function progressSeries(events: { executionId: number; state: string; at: Date }[], from: number, to: number) {
  const end = Math.max(to, from);
  const n = end === from ? 1 : SERIES_POINTS;
  const step = n === 1 ? 0 : (end - from) / (n - 1);
  const current = new Map<number, string>();
  const tally: Point = { t: 0, succeeded: 0, failed: 0, inProgress: 0, queued: 0 };
  const out: Point[] = [];
  let i = 0;
  for (let k = 0; k < n; k++) {
    const t = Math.round(from + step * k);
    for (; i < events.length && events[i]!.at.getTime() <= t; i++) {
      const e = events[i]!;
      const before = BUCKET[current.get(e.executionId) ?? ''];
      if (before) tally[before]--;
      const after = BUCKET[e.state];
      if (after) tally[after]++;
      current.set(e.executionId, e.state);
    }
    out.push({ ...tally, t });
  }
  return out;
}
