import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '@herald/contract';
import { outsideRetention, staysOf, trackParams } from './track-range';

const NOW = Date.parse('2025-06-10T12:00:00.000Z');

describe('the track range as the detail call takes it', () => {
  it('leaves the default range (the last 24 hours) to the server', () => {
    expect(trackParams(null, NOW)).toEqual({});
  });

  it('sends a chosen range as it is within the last 7 days', () => {
    const range = { from: '2025-06-08T00:00:00.000Z', to: '2025-06-09T00:00:00.000Z' };
    expect(trackParams(range, NOW)).toEqual(range);
    expect(trackParams(range, NOW + 60_000)).toEqual(range);
  });

  it('moves a start older than 7 days up to the oldest kept point', () => {
    expect(trackParams({ from: '2025-06-01T00:00:00.000Z', to: '2025-06-10T00:00:00.000Z' }, NOW)).toEqual({
      from: '2025-06-03T12:00:00.000Z',
      to: '2025-06-10T00:00:00.000Z',
    });
  });

  it('counts a preset back from the time of each call, up to the server’s now', () => {
    expect(trackParams({ preset: '24h' }, NOW)).toEqual({ from: '2025-06-09T12:00:00.000Z' });
    expect(trackParams({ preset: '3d' }, NOW + 15_000)).toEqual({ from: '2025-06-07T12:00:15.000Z' });
  });
});

describe('the range picker', () => {
  const now = new Date(2025, 5, 10, 12, 0);
  it('offers the last 7 days and today, not earlier days or tomorrow', () => {
    expect(outsideRetention(new Date(2025, 5, 3, 0, 30), now)).toBe(false);
    expect(outsideRetention(new Date(2025, 5, 10, 23, 0), now)).toBe(false);
    expect(outsideRetention(new Date(2025, 5, 2, 23, 59), now)).toBe(true);
    expect(outsideRetention(new Date(2025, 5, 11, 0, 0), now)).toBe(true);
  });
});

describe('stays on the track', () => {
  const point = (firstAt: string, lastAt: string): TrackPoint => ({
    lat: 1,
    lng: 2,
    accuracy: null,
    source: 'gnss',
    firstAt,
    lastAt,
  });

  it('are the points the device stayed at for a minute or more', () => {
    const stayed = point('2025-06-10T10:00:00Z', '2025-06-10T10:05:00Z');
    const passing = point('2025-06-10T10:06:00Z', '2025-06-10T10:06:15Z');
    const once = point('2025-06-10T10:07:00Z', '2025-06-10T10:07:00Z');
    expect(staysOf([stayed, passing, once])).toEqual([stayed]);
  });
});

describe('a chosen range before the oldest kept point', () => {
  it('asks for the default instead of a start after its end', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(trackParams({ from: '2026-11-20T00:00:00Z', to: '2026-11-20T01:00:00Z' }, now)).toEqual({});
  });
});
