import { describe, expect, it } from 'vitest';
import { fromCells } from './position';

const cell = (cid: number, lat: number, lng: number, range = 1_000) => ({
  mcc: 460,
  mnc: 0,
  lac: 1,
  cid,
  lat,
  lng,
  range,
});

describe('fromCells', () => {
  it('is the centre of the known cells, weighted by how strongly each is heard', () => {
    const known = [cell(1, 0, 0), cell(2, 0, 1)];
    expect(
      fromCells(
        [
          { ...known[0]!, rssi: -70 },
          { ...known[1]!, rssi: -70 },
        ],
        known,
      ),
    ).toMatchObject({
      lat: 0,
      lng: 0.5,
      accuracy: 1_000,
      source: 'cell',
    });
    // 20 dB stronger: ten times the weight
    const p = fromCells(
      [
        { ...known[0]!, rssi: -60 },
        { ...known[1]!, rssi: -80 },
      ],
      known,
    )!;
    expect(p.lng).toBeCloseTo(1 / 11, 10);
  });

  it('stays finite at the ends of what a radio reports, and never claims better than 100 m', () => {
    const known = [cell(1, 10, 10, 20), cell(2, 10, 11, 20)];
    const p = fromCells(
      [
        { ...known[0]!, rssi: 0 },
        { ...known[1]!, rssi: -150 },
      ],
      known,
    )!;
    expect([p.lat, p.lng, p.accuracy].every(Number.isFinite)).toBe(true);
    expect(p.lng).toBeGreaterThan(10);
    expect(p.accuracy).toBe(100);
  });

  it('places nothing by cells it does not know', () => {
    expect(fromCells([{ mcc: 1, mnc: 1, lac: 1, cid: 1, rssi: -50 }], [cell(9, 0, 0)])).toBeUndefined();
  });
});
