import { MODEL_IMAGE_MAX_BYTES } from '@herald/contract';
import { invalid } from '../../lib/errors';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Decode a model image sent as a data URL (or bare base64) and check it is really a PNG or JPG
 * by its signature — the declared type is not trusted — and at most 100 KB.
 */
export function decodeModelImage(input: string): { bytes: Buffer; mime: 'image/png' | 'image/jpeg' } {
  const m = /^data:([\w/+.-]*)(?:;[\w=-]+)*;base64,(.*)$/s.exec(input);
  const b64 = (m ? m[2]! : input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalid('error.modelImageFormat', 'image');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MODEL_IMAGE_MAX_BYTES) throw invalid('error.modelImageTooLarge', 'image');
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { bytes, mime: 'image/png' };
  if (bytes.subarray(0, JPG.length).equals(JPG)) return { bytes, mime: 'image/jpeg' };
  throw invalid('error.modelImageFormat', 'image');
}
