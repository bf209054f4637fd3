import { describe, expect, it } from 'vitest';
import { FENCE_RADIUS_MAX_M, type FenceDetail } from '@herald/contract';
import { formValuesOf, previewCircle, radiusProblem, roundCoordinate, toFenceBody } from './fence-body';

describe('fence form → API body', () => {
  it('trims the texts, keeps each device once and enables a new fence by default', () => {
    expect(
      toFenceBody({ name: ' Depot ', description: '  ', radius: 250, lat: 22.5, lng: 114.05, deviceIds: [3, 5, 3] }),
    ).toEqual({
      name: 'Depot',
      description: '',
      enabled: true,
      radius: 250,
      lat: 22.5,
      lng: 114.05,
      deviceIds: [3, 5],
    });
  });

  it("round-trips a fence's own values", () => {
    const fence = {
      id: 1,
      accountId: 2,
      accountName: 'Shop',
      name: 'Depot',
      description: null,
      lat: 1,
      lng: 2,
      radius: 300,
      enabled: false,
      deviceCount: 1,
      alarmCount: 0,
      createdAt: '',
      updatedAt: '',
      devices: [
        { id: 9, sn: 'SN9', name: null, online: true, position: null, inside: null, since: null, distanceM: null },
      ],
    } satisfies FenceDetail;
    expect(toFenceBody(formValuesOf(fence))).toEqual({
      name: 'Depot',
      description: '',
      enabled: false,
      radius: 300,
      lat: 1,
      lng: 2,
      deviceIds: [9],
    });
  });
});

describe('the radius', () => {
  it.each([
    [0, 'validation.greaterThanZero'],
    [-5, 'validation.greaterThanZero'],
    [0.5, undefined],
    [FENCE_RADIUS_MAX_M, undefined],
    [FENCE_RADIUS_MAX_M + 1, 'geoFence.radiusMax'],
    [Number.NaN, 'validation.number'],
    [null, undefined],
  ])('%s → %s', (v, want) => {
    expect(radiusProblem(v)).toBe(want);
  });
});

describe('the preview on the map', () => {
  it('draws the centre alone until the radius is valid, and nothing without a centre', () => {
    expect(previewCircle(22.5, 114, 0)).toEqual({ centre: { lat: 22.5, lng: 114 }, circle: undefined });
    expect(previewCircle(22.5, 114, 200)?.circle).toEqual({ lat: 22.5, lng: 114, radius: 200 });
    expect(previewCircle(undefined, 114, 200)).toBeUndefined();
    expect(previewCircle(95, 114, 200)).toBeUndefined();
  });

  it('keeps six decimals of a clicked point', () => {
    expect(roundCoordinate(22.123456789)).toBe(22.123457);
  });
});
