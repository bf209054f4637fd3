import { constants, crc32 as zlibCrc32, deflateRawSync, gzipSync } from 'node:zlib';

/**
 * A minimal zip writer for tests (uploads of firmware, resource packs, SmartConfig apks). Real
 * zips — local headers, central directory, end record — so the server's archive reader sees what
 * it would see from any zip tool. The overrides let a test build hostile archives (a size that
 * lies, a path with `..`) without a second writer.
 */
export type ZipEntry = {
  /** stored as given: 'a/b.mp3', '../evil', 'dir/' (a trailing slash makes a directory) */
  path: string;
  data?: Buffer | string;
  /** 'deflate' (default) or 'store' */
  method?: 'deflate' | 'store';
  /** written into the headers instead of the real uncompressed size (a lying archive) */
  declaredSize?: number;
  /** data already deflated (see zeroBomb), with the CRC and size of what it inflates to; replaces `data` */
  deflated?: Deflated;
  /** written into the local header only, where streaming unzippers and devices read them */
  local?: { path?: string; method?: 'deflate' | 'store'; size?: number; compressedSize?: number };
  /** sizes and CRC after the data (flag bit 3), zeros in the local header, as streaming writers do */
  descriptor?: boolean;
  /** bytes put before this entry's local header that the central directory does not list */
  hiddenBefore?: Buffer;
};

export type Deflated = { body: Buffer; crc: number; size: number };

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1; // 2024-01-01, time 00:00

/** One entry's bytes as a zip writer lays them out, and what its directory record needs. */
function entryBytes(e: ZipEntry) {
  const name = Buffer.from(e.path, 'utf8');
  const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '', 'utf8');
  const store = !e.deflated && (e.method === 'store' || e.path.endsWith('/'));
  const body = e.deflated?.body ?? (store ? raw : deflateRawSync(raw));
  const crc = e.deflated?.crc ?? crc32(raw);
  const size = e.declaredSize ?? e.deflated?.size ?? raw.length;
  const method = store ? 0 : 8;
  const flags = 0x0800 | (e.descriptor ? 0x0008 : 0); // UTF-8 names, sizes after the data

  const localName = Buffer.from(e.local?.path ?? e.path, 'utf8');
  const localMethod = e.local?.method === undefined ? method : e.local.method === 'store' ? 0 : 8;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(localMethod, 8);
  local.writeUInt16LE(0, 10);
  local.writeUInt16LE(DOS_DATE, 12);
  if (!e.descriptor) {
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.local?.compressedSize ?? body.length, 18);
    local.writeUInt32LE(e.local?.size ?? size, 22);
  }
  local.writeUInt16LE(localName.length, 26);
  local.writeUInt16LE(0, 28);
  const parts = [local, localName, body];
  if (e.descriptor) {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(crc, 4);
    d.writeUInt32LE(e.local?.compressedSize ?? body.length, 8);
    d.writeUInt32LE(e.local?.size ?? size, 12);
    parts.push(d);
  }
  return { bytes: Buffer.concat(parts), name, flags, method, crc, compressed: body.length, size };
}

export function makeZip(entries: ZipEntry[], opts: { beforeDirectory?: Buffer } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    if (e.hiddenBefore) {
      locals.push(e.hiddenBefore);
      offset += e.hiddenBefore.length;
    }
    const x = entryBytes(e);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(x.flags, 8);
    central.writeUInt16LE(x.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(x.crc, 16);
    central.writeUInt32LE(x.compressed, 20);
    central.writeUInt32LE(x.size, 24);
    central.writeUInt16LE(x.name.length, 28);
    // extra, comment, disk, internal attrs = 0
    central.writeUInt32LE(e.path.endsWith('/') ? 0x10 : 0, 38); // external attrs: MS-DOS directory bit
    central.writeUInt32LE(offset, 42);
    centrals.push(central, x.name);
    locals.push(x.bytes);
    offset += x.bytes.length;
  }
  if (opts.beforeDirectory) {
    locals.push(opts.beforeDirectory);
    offset += opts.beforeDirectory.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An entry's local header and data alone, as a streaming unzipper would find and unpack them. */
export const localRecord = (e: ZipEntry) => entryBytes(e).bytes;

/**
 * A deflate stream of `mib` MiB of zeros in about a thousandth of that: one MiB deflated and fully
 * flushed (byte-aligned, referring to nothing before it) repeated, then an empty final block.
 */
export function zeroBomb(mib: number): Deflated {
  const MiB = Buffer.alloc(1 << 20);
  const piece = deflateRawSync(MiB, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = zlibCrc32(MiB, crc);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]); // BFINAL=1, fixed Huffman, end of block
  return { body: Buffer.concat([...Array<Buffer>(mib).fill(piece), finalEmptyBlock]), crc, size: mib << 20 };
}

/**
 * A gzip file around deflated data, written field by field: header (with FNAME), data, CRC-32 and
 * ISIZE; `isize` writes a size other than the real one there.
 */
export function gzipOf(name: string, d: Deflated, isize = d.size): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3]); // deflate, FNAME, no mtime, Unix
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(d.crc, 0);
  trailer.writeUInt32LE(isize >>> 0, 4);
  return Buffer.concat([header, Buffer.from(`${name}\0`, 'latin1'), d.body, trailer]);
}

/**
 * An APK Signature Scheme v2 block as apksigner places it, between the last entry and the central
 * directory: size, one id-value pair, size again, magic.
 */
export function apkSigningBlock(): Buffer {
  const pair = Buffer.alloc(8 + 4 + 32);
  pair.writeBigUInt64LE(BigInt(4 + 32), 0);
  pair.writeUInt32LE(0x7109871a, 8); // the v2 signature's id
  const size = BigInt(pair.length + 8 + 16);
  const sizeField = Buffer.alloc(8);
  sizeField.writeBigUInt64LE(size);
  return Buffer.concat([sizeField, pair, sizeField, Buffer.from('APK Sig Block 42', 'latin1')]);
}

/** A gzip file whose header names the file inside (FNAME), as `gzip file.bin` writes it. */
export function makeGzip(name: string, data: Buffer | string): Buffer {
  const raw = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const gz = gzipSync(raw);
  // Node writes no FNAME: rebuild the 10-byte header with FLG.FNAME and the name after it
  const header = Buffer.from(gz.subarray(0, 10));
  header[3] = header[3]! | 0x08;
  return Buffer.concat([header, Buffer.from(`${name}\0`, 'latin1'), gz.subarray(10)]);
}

/** An .apk-shaped zip: it holds AndroidManifest.xml, which the server requires of an apk. */
export function makeApk(extra: ZipEntry[] = [], opts: { signed?: boolean } = {}): Buffer {
  return makeZip(
    [{ path: 'AndroidManifest.xml', data: '<manifest/>' }, { path: 'classes.dex', data: 'dex\n035' }, ...extra],
    { beforeDirectory: opts.signed ? apkSigningBlock() : undefined },
  );
}
