import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpAt } from './count-up';

describe('countUpAt', () => {
  it('starts at the first figure and ends on the target after 2000 ms', () => {
    expect(COUNT_UP_MS).toBe(2000);
    expect(countUpAt(0, 1234, 0)).toBe(0);
    expect(countUpAt(0, 1234, 2000)).toBe(1234);
    expect(countUpAt(0, 1234, 5000)).toBe(1234);
  });

  it('climbs in whole numbers, never past the target, faster at first', () => {
    const values = Array.from({ length: 21 }, (_, i) => countUpAt(0, 1000, i * 100));
    expect(values.every(Number.isInteger)).toBe(true);
    expect(values.every((v, i) => i === 0 || v >= values[i - 1]!)).toBe(true);
    expect(Math.max(...values)).toBe(1000);
    // eased out: more than half of the way in the first quarter of the time
    expect(countUpAt(0, 1000, 500)).toBeGreaterThan(500);
  });

  it('counts down as well, from the figure last shown', () => {
    expect(countUpAt(80, 20, 0)).toBe(80);
    expect(countUpAt(80, 20, 1000)).toBeLessThan(80);
    expect(countUpAt(80, 20, 2000)).toBe(20);
  });
});
