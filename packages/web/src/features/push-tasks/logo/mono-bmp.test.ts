import { describe, expect, it } from 'vitest';
import { bmpHeader } from '@herald/contract';
import { encodeMonoBmp, fitSize, luminance, toMono } from './mono-bmp';

describe('monochrome logos', () => {
  it('writes a 1-bit BMP whose header holds together and whose rows carry the dots, bottom-up', () => {
    // 10 × 3: a black first row, a white second, one black dot in the third
    const black = new Uint8Array(30);
    black.fill(1, 0, 10);
    black[20 + 9] = 1;
    const bmp = encodeMonoBmp(black, 10);
    expect(bmpHeader(bmp)).toMatchObject({ width: 10, height: 3, bitsPerPixel: 1, compression: 0, pixelsAt: 62 });
    expect(bmp.length).toBe(62 + 4 * 3);
    // file rows are bottom-up: the third picture row comes first; its x = 9 dot is the only 0 bit of 10
    expect([bmp[62], bmp[63]]).toEqual([0xff, 0x80]);
    expect([bmp[66], bmp[67]]).toEqual([0xff, 0xc0]);
    expect([bmp[70], bmp[71]]).toEqual([0x00, 0x00]);
  });

  it('turns pixels black below the threshold, transparent ones white; dithering keeps a grey as about half the dots', () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 100, 100, 100, 255]);
    expect([...toMono(luminance(rgba), 4, 128, false)]).toEqual([1, 0, 0, 1]);
    const grey = new Float32Array(64 * 64).fill(128);
    const dots = toMono(grey, 64, 128, true).reduce((a, b) => a + b, 0);
    expect(dots / (64 * 64)).toBeGreaterThan(0.45);
    expect(dots / (64 * 64)).toBeLessThan(0.55);
    expect(toMono(grey, 64, 128, false).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('fits a picture within the head without enlarging it', () => {
    expect(fitSize(1000, 500, 384, 576)).toEqual({ width: 384, height: 192 });
    expect(fitSize(200, 2000, 576, 576)).toEqual({ width: 58, height: 576 });
    expect(fitSize(100, 50, 384, 576)).toEqual({ width: 100, height: 50 });
  });
});
