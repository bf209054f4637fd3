import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Md5, md5OfBlob } from './md5';

const enc = (s: string) => new TextEncoder().encode(s);

describe('md5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(new Md5().update(enc('')).hex()).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(new Md5().update(enc('abc')).hex()).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(new Md5().update(enc('message digest')).hex()).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(
      new Md5().update(enc('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).hex(),
    ).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('gives the same digest however the bytes are split', () => {
    const bytes = new Uint8Array(10_000).map((_, i) => (i * 31 + 7) & 0xff);
    const want = createHash('md5').update(bytes).digest('hex');
    for (const step of [1, 3, 55, 56, 63, 64, 65, 4096]) {
      const md5 = new Md5();
      for (let i = 0; i < bytes.length; i += step) md5.update(bytes.subarray(i, i + step));
      expect(md5.hex()).toBe(want);
    }
  });

  it('hashes a blob across its slices', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 17).map((_, i) => i & 0xff);
    const want = createHash('md5').update(bytes).digest('hex');
    expect(await md5OfBlob(new Blob([bytes]))).toBe(want);
  });
});
