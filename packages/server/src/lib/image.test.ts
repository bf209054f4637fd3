import { describe, expect, it } from 'vitest';
import { decodeImage, pngSize } from './image';

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
});
