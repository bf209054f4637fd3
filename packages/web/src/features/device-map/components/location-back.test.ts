import { describe, expect, it } from 'vitest';
import { locationBackPath } from './location-back';

const back = (url: string) => {
  const u = new URL(url, 'http://console');
  return locationBackPath(u.pathname, u.searchParams);
};

describe('the location page goes back where it came from', () => {
  it('to the map from the map detail, on either side', () => {
    expect(back('/device-map/list/detail-op?id=7')).toBe('/device-map/list');
    expect(back('/device-map/list/detail-ac?id=7')).toBe('/device-map/list');
  });

  it("to the device's detail from the device list", () => {
    expect(back('/device/list/detail/gs-detail?id=7')).toBe('/device/list/detail?id=7');
  });

  it("to the fence's detail from a fence, or the fence list without one", () => {
    expect(back('/geo-fence/list/detail/gs-detail?id=7&fenceId=3')).toBe('/geo-fence/list/detail?id=3');
    expect(back('/geo-fence/list/detail/gs-detail?id=7')).toBe('/geo-fence/list');
  });
});
