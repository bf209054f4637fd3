import { describe, expect, it } from 'vitest';
import { boxAround, boxContains, circleBox } from './view-box';

describe('map view boxes', () => {
  it('spans every point and circle', () => {
    const box = boxAround([
      { lat: 22.5, lng: 114 },
      { lat: 23, lng: 113.5 },
    ]);
    expect(box).toEqual([
      [22.5, 113.5],
      [23, 114],
    ]);
    expect(boxAround([])).toBeUndefined();
  });

  it('widens a circle by its radius, more in longitude away from the equator', () => {
    const [[s, w], [n, e]] = circleBox({ lat: 60, lng: 10, radius: 1113.2 });
    expect(n - 60).toBeCloseTo(0.01, 6);
    expect(60 - s).toBeCloseTo(0.01, 6);
    // cos 60° = 0.5: a degree of longitude is half as long
    expect(e - 10).toBeCloseTo(0.02, 6);
    expect(10 - w).toBeCloseTo(0.02, 6);
  });

  it('takes a circle whole even when its centre is the only point', () => {
    const box = boxAround([{ lat: 0, lng: 0 }], [{ lat: 0, lng: 0, radius: 111_320 }])!;
    expect(box[0][0]).toBeCloseTo(-1, 6);
    expect(box[1][1]).toBeCloseTo(1, 6);
    expect(
      boxContains(box, [
        [-0.5, -0.5],
        [0.5, 0.5],
      ]),
    ).toBe(true);
    expect(
      boxContains(box, [
        [-0.5, -0.5],
        [1.5, 0.5],
      ]),
    ).toBe(false);
  });

  it('stops at the poles', () => {
    expect(circleBox({ lat: 89.9, lng: 0, radius: 100_000 })[1][0]).toBe(90);
  });
});
