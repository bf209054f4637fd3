import { describe, expect, it } from 'vitest';
import { settledAtMost } from './at-most';

describe('settledAtMost', () => {
  it('keeps at most `limit` at once, starts the next as one ends, and settles in the order given', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    // item 0 is slow: the others pass it in the free places instead of waiting for it
    const results = await settledAtMost([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, n === 0 ? 60 : 5));
      inFlight--;
      if (n === 3) throw new Error('three');
      return n * 10;
    });
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'three',
      40,
      50,
    ]);
  });

  it('does nothing for no items', async () => {
    expect(await settledAtMost([], 4, () => Promise.reject(new Error('never')))).toEqual([]);
  });
});
