import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_RATIO,
  ARCHIVE_MAX_UNCOMPRESSED,
  bmpHeader,
  FILE_LIMITS,
  STARTUP_LOGO_MAX_HEIGHT,
  STARTUP_LOGO_MAX_WIDTH,
  type ArchiveEntry,
  type FilePurpose,
} from '@herald/contract';
import { invalid } from '../../lib/errors';

/**
 * What an upload is, judged from its bytes: the extension must be allowed for the purpose and the
 * magic bytes must agree with it. Archives are listed from the zip central directory (or the gzip
 * header and trailer) without extracting anything, and refused when a device unpacking them could
 * be made to write outside its target (zip slip) or to fill its storage (zip bombs).
 */
export type Inspected = { format: 'zip' | 'gz' | 'apk' | 'bin' | 'bmp'; entries: ArchiveEntry[] };

/** Entries smaller than this are not judged by their ratio: deflate tops out near 1:1032, so a
 * small entry cannot be a bomb on its own, and firmware images often hold runs of zero padding. */
export const RATIO_FLOOR_BYTES = 64 * 1024;

const unsafe = () => invalid('error.archiveUnsafe', 'file');
const corrupt = () => invalid('error.parseFailed', 'file');
const badFormat = () => invalid('error.fileFormat', 'file');

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isGzip = (b: Buffer) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;

export const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export function inspectUpload(purpose: FilePurpose, name: string, data: Buffer): Inspected {
  const ext = extensionOf(name);
  if (!FILE_LIMITS[purpose].extensions.includes(ext)) throw badFormat();
  switch (ext) {
    case 'zip':
    case 'pz':
      if (!isZip(data)) throw badFormat();
      return { format: 'zip', entries: listZip(data) };
    case 'apk': {
      if (!isZip(data)) throw badFormat();
      const entries = listZip(data);
      if (!entries.some((e) => e.path === 'AndroidManifest.xml')) throw badFormat();
      return { format: 'apk', entries };
    }
    case 'gz':
      if (!isGzip(data)) throw badFormat();
      return { format: 'gz', entries: [gzipEntry(name, data)] };
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

/** A path a device could unpack safely: relative, no `..`, no backslashes or drive letters. */
export function safeEntryPath(p: string): boolean {
  if (p === '' || p.includes('\\') || p.includes('\0')) return false;
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  return !p.split('/').some((seg) => seg === '..');
}

function checkSizes(uncompressed: number, compressed: number) {
  if (uncompressed >= RATIO_FLOOR_BYTES && uncompressed / Math.max(compressed, 1) > ARCHIVE_MAX_RATIO) throw unsafe();
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEocd(b: Buffer): number {
  // the end record is 22 bytes plus a comment of at most 65535
  const stop = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= stop; i--) if (b.readUInt32LE(i) === EOCD) return i;
  return -1;
}

const u64 = (b: Buffer, at: number) => {
  const v = b.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(v);
};

/** The entries of a zip, read from its central directory only (never inflating anything). */
export function listZip(b: Buffer): ArchiveEntry[] {
  try {
    return readCentralDirectory(b);
  } catch (err) {
    if (err instanceof RangeError) throw corrupt(); // a read past the end: truncated or lying offsets
    throw err;
  }
}

function readCentralDirectory(b: Buffer): ArchiveEntry[] {
  const eocd = findEocd(b);
  if (eocd < 0) throw corrupt();
  let count = b.readUInt16LE(eocd + 10);
  let cdSize = b.readUInt32LE(eocd + 12);
  let cdOffset = b.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || b.readUInt32LE(loc) !== ZIP64_LOCATOR) throw corrupt();
    const z = u64(b, loc + 8);
    if (b.readUInt32LE(z) !== ZIP64_EOCD) throw corrupt();
    count = u64(b, z + 32);
    cdSize = u64(b, z + 40);
    cdOffset = u64(b, z + 48);
  }
  if (count > ARCHIVE_MAX_ENTRIES) throw unsafe();
  if (cdOffset + cdSize > eocd) throw corrupt();

  const entries: ArchiveEntry[] = [];
  const spans: { start: number; end: number }[] = [];
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cdOffset + cdSize || b.readUInt32LE(at) !== CENTRAL) throw corrupt();
    const flags = b.readUInt16LE(at + 8);
    let compressed = b.readUInt32LE(at + 20);
    let size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    let offset = b.readUInt32LE(at + 42);
    const nameBytes = b.subarray(at + 46, at + 46 + nameLen);
    if (nameBytes.length !== nameLen) throw corrupt();
    // bit 11: UTF-8 names; older tools write CP437, whose ASCII part is all a safe path needs
    const name = nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
    const extra = b.subarray(at + 46 + nameLen, at + 46 + nameLen + extraLen);
    ({ size, compressed, offset } = zip64Sizes(extra, size, compressed, offset));
    at += 46 + nameLen + extraLen + commentLen;

    if (!safeEntryPath(name)) throw unsafe();
    // the local header must be where the directory says, and the data must not overlap another
    // entry's (overlapping entries are how the densest zip bombs are built)
    if (offset + 30 > cdOffset || b.readUInt32LE(offset) !== LOCAL) throw corrupt();
    const dataStart = offset + 30 + b.readUInt16LE(offset + 26) + b.readUInt16LE(offset + 28);
    const dataEnd = dataStart + compressed;
    if (dataEnd > cdOffset) throw corrupt();
    spans.push({ start: offset, end: dataEnd });

    checkSizes(size, compressed);
    total += size;
    if (total > ARCHIVE_MAX_UNCOMPRESSED) throw unsafe();
    if (!name.endsWith('/')) entries.push({ path: name, size });
  }
  spans.sort((x, y) => x.start - y.start);
  for (let i = 1; i < spans.length; i++) if (spans[i]!.start < spans[i - 1]!.end) throw unsafe();
  return entries;
}

/** Zip64 extra field (id 1): the 64-bit values of whichever fields are saturated, in this order. */
function zip64Sizes(extra: Buffer, size: number, compressed: number, offset: number) {
  let i = 0;
  while (i + 4 <= extra.length) {
    const id = extra.readUInt16LE(i);
    const len = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      if (size === 0xffffffff) {
        size = u64(extra, p);
        p += 8;
      }
      if (compressed === 0xffffffff) {
        compressed = u64(extra, p);
        p += 8;
      }
      if (offset === 0xffffffff) offset = u64(extra, p);
      break;
    }
    i += 4 + len;
  }
  return { size, compressed, offset };
}

/** A gzip file holds one file: its name from the header (FNAME) or the upload's name less `.gz`. */
function gzipEntry(uploadName: string, b: Buffer): ArchiveEntry {
  if (b.length < 18 || b[2] !== 8) throw corrupt();
  const flg = b[3]!;
  let at = 10;
  if (flg & 0x04) at += 2 + b.readUInt16LE(at); // FEXTRA
  let name = '';
  if (flg & 0x08) {
    const end = b.indexOf(0, at);
    if (end < 0) throw corrupt();
    // only the base name: gzip stores a name, not a place to put it
    name = b.subarray(at, end).toString('latin1').split(/[\\/]/).pop() ?? '';
    at = end + 1;
  }
  if (at > b.length - 8) throw corrupt();
  const size = b.readUInt32LE(b.length - 4); // ISIZE: the size modulo 2^32
  checkSizes(size, b.length - at - 8);
  if (size > ARCHIVE_MAX_UNCOMPRESSED) throw unsafe();
  if (!name || name === '..' || name === '.') name = uploadName.replace(/\.gz$/i, '');
  return { path: name, size };
}
