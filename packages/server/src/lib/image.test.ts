import { describe, expect, it } from 'vitest';
import { decodeImage, jpegSize, pngSize } from './image';

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const rules = {
  mimes: ['image/png'] as const,
  maxBytes: 100,
  field: 'logo',
  formatKey: 'error.qrLogoFormat',
  tooLargeKey: 'error.qrLogoTooLarge',
} as const;

describe('images sent as data URLs', () => {
  it('reads the type from the bytes, not from the declared type', () => {
    expect(decodeImage(`data:image/jpeg;base64,${PNG_1X1}`, rules).mime).toBe('image/png');
    expect(decodeImage(PNG_1X1, rules).bytes.length).toBe(70);
    const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]).toString('base64');
    expect(() => decodeImage(`data:image/png;base64,${jpg}`, rules)).toThrow(
      expect.objectContaining({ messageKey: 'error.qrLogoFormat' }),
    );
    expect(() => decodeImage('not base64!', rules)).toThrow(
      expect.objectContaining({ messageKey: 'error.qrLogoFormat' }),
    );
    const big = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(64)]).toString('base64');
    expect(() => decodeImage(big, rules)).toThrow(expect.objectContaining({ messageKey: 'error.qrLogoTooLarge' }));
  });

  it("reads a PNG's size from its header", () => {
    expect(pngSize(Buffer.from(PNG_1X1, 'base64'))).toEqual({ width: 1, height: 1 });
    expect(pngSize(Buffer.from(PNG_1X1, 'base64').subarray(0, 20))).toBeNull();
  });

  it("reads a JPEG's size from its frame header, past the segments before it", () => {
    const seg = (marker: number, body: number[]) => [0xff, marker, 0, body.length + 2, ...body];
    const jpg = Buffer.from([
      0xff,
      0xd8,
      ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0]),
      ...seg(0xc4, [1, 2, 3]),
      ...seg(0xc0, [8, 0x01, 0x2c, 0x02, 0x58, 3]),
      0xff,
      0xd9,
    ]);
    expect(jpegSize(jpg)).toEqual({ width: 600, height: 300 });
    expect(jpegSize(jpg.subarray(0, 12))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
