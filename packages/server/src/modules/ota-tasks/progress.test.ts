import { describe, expect, it } from 'vitest';
import { progressSeries, SERIES_POINTS } from './progress';

const at = (ms: number) => new Date(ms);

describe('progressSeries', () => {
  it('replays state changes at evenly spaced instants, a retry counting as in progress again', () => {
    const events = [
      { executionId: 1, state: 'queued', at: at(0) },
      { executionId: 2, state: 'queued', at: at(0) },
      { executionId: 3, state: 'skipped', at: at(0) },
      { executionId: 1, state: 'offered', at: at(100) },
      { executionId: 2, state: 'offered', at: at(100) },
      { executionId: 1, state: 'failed', at: at(200) },
      { executionId: 1, state: 'queued', at: at(200) },
      { executionId: 2, state: 'succeeded', at: at(300) },
      { executionId: 1, state: 'offered', at: at(400) },
      { executionId: 1, state: 'timedOut', at: at(590) },
    ];
    const s = progressSeries(events, 0, 590);
    expect(s).toHaveLength(SERIES_POINTS);
    expect(s[0]).toEqual({ t: 0, succeeded: 0, failed: 0, inProgress: 0, queued: 2 });
    const pick = (t: number) => s.filter((p) => p.t <= t).at(-1);
    expect(pick(150)).toMatchObject({ inProgress: 2, queued: 0 });
    expect(pick(250)).toMatchObject({ inProgress: 1, queued: 1, failed: 0 });
    expect(pick(350)).toMatchObject({ succeeded: 1, queued: 1 });
    expect(s.at(-1)).toEqual({ t: 590, succeeded: 1, failed: 1, inProgress: 0, queued: 0 });
  });

  it('one point for a task that has not run yet', () => {
    expect(progressSeries([], 1000, 1000)).toEqual([{ t: 1000, succeeded: 0, failed: 0, inProgress: 0, queued: 0 }]);
  });
});
