import type { FastifyReply } from 'fastify';
import type { MessageKey } from '@herald/contract';
import { invalid } from './errors';

type ImageMime = 'image/png' | 'image/jpeg';
const SIGNATURES: Record<ImageMime, Buffer> = {
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
};

export type ImageRules<M extends ImageMime> = {
  mimes: readonly M[];
  maxBytes: number;
  /** the request field the errors name */
  field: string;
  formatKey: MessageKey;
  tooLargeKey: MessageKey;
  /**
   * With it, the picture's structure is read too (PNG chunks, the JPEG frame header) and a side
   * over `maxPx` is refused with `dimensionsKey`: a small file can declare a picture big enough to
   * exhaust the memory of every browser that draws it.
   */
  dimensions?: { maxPx: number; dimensionsKey: MessageKey };
};

/**
 * Decode an image sent as a data URL (or bare base64) and check it is really one of the allowed
 * types by its signature (the declared type is not trusted) and within the size.
 */
export function decodeImage<M extends ImageMime>(input: string, rules: ImageRules<M>): { bytes: Buffer; mime: M } {
  const m = /^data:([\w/+.-]*)(?:;[\w=-]+)*;base64,(.*)$/s.exec(input);
  const b64 = (m ? m[2]! : input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalid(rules.formatKey, rules.field);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > rules.maxBytes) throw invalid(rules.tooLargeKey, rules.field);
  const mime = rules.mimes.find((t) => bytes.subarray(0, SIGNATURES[t].length).equals(SIGNATURES[t]));
  if (!mime) throw invalid(rules.formatKey, rules.field);
  if (rules.dimensions) {
    const size = mime === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
    if (!size || size.width < 1 || size.height < 1) throw invalid(rules.formatKey, rules.field);
    const { maxPx, dimensionsKey } = rules.dimensions;
    if (size.width > maxPx || size.height > maxPx) throw invalid(dimensionsKey, rules.field);
  }
  return { bytes, mime };
}

/** Cached for good: for a picture whose URL changes with the picture (a random key, or a version). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A picture's bytes as the answer. Call it once the picture is found: a miss must not carry the cache header. */
export const sendImage = (reply: FastifyReply, mime: string, bytes: Buffer, cacheControl: string) =>
  reply.type(mime).header('x-content-type-options', 'nosniff').header('cache-control', cacheControl).send(bytes);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A PNG's width and height, when its chunks hold together: IHDR first, every chunk's length
 * within the file and its CRC right, image data present, IEND at the end. Null otherwise: bytes
 * a browser cannot draw would show as a broken picture wherever they are used.
 */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  let at = 8;
  let seenData = false;
  let size: { width: number; height: number } | null = null;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) return null;
    if (crc32(png.subarray(at + 4, end - 4)) !== png.readUInt32BE(end - 4)) return null;
    if (at === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: png.readUInt32BE(at + 8), height: png.readUInt32BE(at + 12) };
    }
    if (type === 'IDAT') seenData = true;
    if (type === 'IEND') return seenData ? size : null;
    at = end;
  }
  return null;
}

/**
 * A JPEG's width and height from its first frame header (SOF0 to SOF15, not DHT, JPG or DAC),
 * walking the marker segments from SOI; null when the segments do not hold together.
 */
export function jpegSize(jpg: Buffer): { width: number; height: number } | null {
  if (jpg.length < 4 || jpg[0] !== 0xff || jpg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpg.length) {
    if (jpg[at] !== 0xff) return null;
    const marker = jpg[at + 1]!;
    // fill bytes, and markers without a length
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = jpg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpg.length) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) return null;
      return { height: jpg.readUInt16BE(at + 5), width: jpg.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}
