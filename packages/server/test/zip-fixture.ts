import { deflateRawSync, gzipSync } from 'node:zlib';

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
};

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

export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.path, 'utf8');
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '', 'utf8');
    const store = e.method === 'store' || e.path.endsWith('/');
    const body = store ? raw : deflateRawSync(raw);
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    // DOS time/date of 2024-01-01 00:00
    const time = 0;
    const date = ((2024 - 1980) << 9) | (1 << 5) | 1;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(store ? 0 : 8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attrs = 0
    central.writeUInt32LE(e.path.endsWith('/') ? 0x10 : 0, 38); // external attrs: MS-DOS directory bit
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
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
export function makeApk(extra: ZipEntry[] = []): Buffer {
  return makeZip([
    { path: 'AndroidManifest.xml', data: '<manifest/>' },
    { path: 'classes.dex', data: 'dex\n035' },
    ...extra,
  ]);
}
