import { describe, expect, it } from 'vitest';
import { insideNow } from './crossing';

describe('insideNow', () => {
  it('places a device seen for the first time by the edge alone', () => {
    expect(insideNow(null, 100, 100, 50)).toBe(true);
    expect(insideNow(null, 100.5, 100, 50)).toBe(false);
  });

  it('needs a fix beyond the edge by its accuracy to cross', () => {
    // inside, 20 m past a 1,000 m edge with a 30 m fix: still inside; 40 m past: left
    expect(insideNow(true, 1_020, 1_000, 30)).toBe(true);
    expect(insideNow(true, 1_040, 1_000, 30)).toBe(false);
    // outside, 20 m within the edge: still outside; 40 m within: entered
    expect(insideNow(false, 980, 1_000, 30)).toBe(false);
    expect(insideNow(false, 960, 1_000, 30)).toBe(true);
  });

  it('caps the margin at a quarter of the radius, so a coarser fix can still cross', () => {
    // a 150 m fix against a 200 m fence: the margin is 50 m
    expect(insideNow(false, 149, 200, 150)).toBe(true);
    expect(insideNow(false, 151, 200, 150)).toBe(false);
    expect(insideNow(true, 251, 200, 150)).toBe(false);
  });

  it('lets a fix as coarse as the fence cross nothing', () => {
    // a 1,000 m cell fix against a 200 m fence, however far: the device stays where it was
    expect(insideNow(true, 5_000, 200, 1_000)).toBe(true);
    expect(insideNow(false, 0, 200, 1_000)).toBe(false);
    expect(insideNow(true, 5_000, 200, 200)).toBe(true);
    // nor places a device seen for the first time: it stays unknown until a better fix
    expect(insideNow(null, 5_000, 200, 1_000)).toBeNull();
    expect(insideNow(null, 5_000, 200, 150)).toBe(false);
  });

  it('takes an unknown accuracy as exact', () => {
    expect(insideNow(true, 100.1, 100, null)).toBe(false);
    expect(insideNow(false, 99.9, 100, null)).toBe(true);
  });
});
