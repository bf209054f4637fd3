import { describe, expect, it } from 'vitest';
import { bucketFor, fillBuckets } from './stats-series';

describe('transaction broadcast chart series', () => {
  it('uses hours up to three days and days beyond', () => {
    expect(bucketFor('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z')).toBe('hour');
    expect(bucketFor('2025-06-01T00:00:00Z', '2025-06-10T00:00:00Z')).toBe('day');
    expect(bucketFor(undefined, undefined)).toBe('day');
  });

  it('fills the hours without broadcasts with zeros and keeps the counted ones', () => {
    const from = new Date(2025, 5, 1, 10, 20).toISOString();
    const to = new Date(2025, 5, 1, 13, 5).toISOString();
    const at = new Date(2025, 5, 1, 12).toISOString();
    const series = fillBuckets([{ at, success: 4, failed: 1, pending: 0 }], 'hour', from, to);
    expect(series.map((p) => new Date(p.at).getHours())).toEqual([10, 11, 12, 13]);
    expect(series.map((p) => p.success)).toEqual([0, 0, 4, 0]);
    expect(series[2]!.failed).toBe(1);
  });
});
