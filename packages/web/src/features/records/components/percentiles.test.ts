import { describe, expect, it } from 'vitest';
import { percentile } from './percentiles';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const v = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });
});
