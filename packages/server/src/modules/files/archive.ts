import {
  bmpHeader,
  FILE_LIMITS,
  STARTUP_LOGO_MAX_HEIGHT,
  STARTUP_LOGO_MAX_WIDTH,
  type ArchiveEntry,
  type FilePurpose,
} from '@herald/contract';
import { invalid } from '../../lib/errors';
import { badFormat, type InflateTally } from './archive-limits';
import { gzipEntry } from './gzip';
import { listZip } from './zip';

/**
 * What an upload is, judged from its bytes: the extension must be allowed for the purpose and the
 * magic bytes must agree with it. Archives are read through, every entry inflated within a budget
 * (never trusting a declared size), and refused when a device unpacking them could be made to write
 * outside its target (zip slip), to fill its storage (bombs), or to unpack something other than what
 * Herald checked (a local header that disagrees with the central directory).
 */
export type Inspected = { format: 'zip' | 'gz' | 'apk' | 'bin' | 'bmp'; entries: ArchiveEntry[] };

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

export const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** `tally` counts the bytes inflated on the way, refused or not. */
export async function inspectUpload(
  purpose: FilePurpose,
  name: string,
  data: Buffer,
  tally: InflateTally = { inflated: 0 },
): Promise<Inspected> {
  const ext = extensionOf(name);
  if (!FILE_LIMITS[purpose].extensions.includes(ext)) throw badFormat();
  switch (ext) {
    case 'zip':
    case 'pz':
      if (!isZip(data)) throw badFormat();
      return { format: 'zip', entries: await listZip(data, tally) };
    case 'apk': {
      if (!isZip(data)) throw badFormat();
      const entries = await listZip(data, tally, true);
      if (!entries.some((e) => e.path === 'AndroidManifest.xml')) throw badFormat();
      return { format: 'apk', entries };
    }
    case 'gz':
      if (!isGzip(data)) throw badFormat();
      return { format: 'gz', entries: [await gzipEntry(name, data, tally)] };
    case 'bin':
      // an opaque image: nothing to list, the checksum is what the device verifies
      return { format: 'bin', entries: [] };
    case 'bmp':
      checkStartupLogo(data);
      return { format: 'bmp', entries: [] };
    default:
      throw badFormat();
  }
}

/**
 * A startup logo: a 1-bit BMP whose header agrees with its length (a printer reads the rows the
 * header promises), within the print head's widest and a height a printer keeps.
 */
function checkStartupLogo(data: Buffer): void {
  const h = bmpHeader(data);
  const format = () => invalid('error.logoFormat', 'file');
  // uncompressed (0) only, which is what printers take
  if (!h || h.bitsPerPixel !== 1 || h.compression !== 0 || h.width < 1 || h.height < 1) throw format();
  if (h.width > STARTUP_LOGO_MAX_WIDTH || h.height > STARTUP_LOGO_MAX_HEIGHT) {
    throw invalid('error.logoDimensions', 'file');
  }
  // rows are padded to 4 bytes
  const rowBytes = Math.ceil(h.width / 32) * 4;
  if (h.pixelsAt + rowBytes * h.height > data.length) throw format();
}
