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
  return { bytes, mime };
}

/** A PNG's width and height from its IHDR chunk (null when the header is not there). */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  // signature (8), chunk length (4), "IHDR" (4), width (4), height (4)
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
