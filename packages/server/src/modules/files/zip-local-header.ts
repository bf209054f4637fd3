import { getFileNameLowLevel, parseExtraFields, type Entry, type LocalFileHeader } from 'yauzl';
import { corrupt, unsafe } from './archive-limits';

const DATA_DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const SATURATED = 0xffffffff;
/** the flag bits a reader acts on: encrypted (0), sizes after the data (3), UTF-8 names (11) */
const FLAGS_READ = 0x0809;
const SIZES_AFTER_DATA = 0x0008;

export const u64 = (b: Buffer, at: number) => {
  const v = b.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(v);
};

/**
 * A zip entry is described twice: in the central directory (what yauzl, and Herald's checks, read)
 * and in the local header before its data (what streaming unzippers and devices read). Refuse an
 * entry whose two descriptions disagree on anything a reader acts on — a safe name in the directory
 * and `../../etc/x` in the local header, or sizes that differ — since Herald would have judged an
 * entry the device never sees. Returns the offset just past the entry's bytes (data, and the data
 * descriptor when there is one).
 */
export function checkLocalHeader(b: Buffer, entry: Entry, local: LocalFileHeader, centralName: string): number {
  if (!local.fileName.equals(entry.fileNameRaw)) throw unsafe();
  const extras = parseExtraFields(local.extraField);
  // a local Info-ZIP Unicode path field would rename the entry for the tools that read it
  if (getFileNameLowLevel(local.generalPurposeBitFlag, local.fileName, extras, true) !== centralName) throw unsafe();
  if (local.compressionMethod !== entry.compressionMethod) throw unsafe();
  if ((local.generalPurposeBitFlag ^ entry.generalPurposeBitFlag) & FLAGS_READ) throw unsafe();

  const zip64 = extras.find((e) => e.id === ZIP64_EXTRA)?.data;
  const { crc, compressed, uncompressed } = localSizes(local, zip64);
  const dataEnd = local.fileDataStart + entry.compressedSize;
  if (entry.generalPurposeBitFlag & SIZES_AFTER_DATA) {
    // written before the sizes were known: zeros here, the real values in the descriptor
    const zeroOr = (v: number, want: number) => v === 0 || v === want;
    if (!zeroOr(crc, entry.crc32) || !zeroOr(compressed, entry.compressedSize)) throw unsafe();
    if (!zeroOr(uncompressed, entry.uncompressedSize)) throw unsafe();
    return checkDescriptor(b, dataEnd, entry, zip64 !== undefined);
  }
  if (crc !== entry.crc32 || compressed !== entry.compressedSize || uncompressed !== entry.uncompressedSize) {
    throw unsafe();
  }
  return dataEnd;
}

/** The local header's sizes; a local zip64 field holds both sizes whenever either is saturated. */
function localSizes(local: LocalFileHeader, zip64: Buffer | undefined) {
  let { compressedSize: compressed, uncompressedSize: uncompressed } = local;
  if (uncompressed === SATURATED || compressed === SATURATED) {
    if (!zip64 || zip64.length < 16) throw corrupt();
    uncompressed = u64(zip64, 0);
    compressed = u64(zip64, 8);
  }
  return { crc: local.crc32, compressed, uncompressed };
}

/** The data descriptor after an entry's data: an optional signature, the CRC and both sizes. */
function checkDescriptor(b: Buffer, at: number, entry: Entry, zip64: boolean): number {
  if (b.readUInt32LE(at) === DATA_DESCRIPTOR) at += 4;
  const crc = b.readUInt32LE(at);
  const compressed = zip64 ? u64(b, at + 4) : b.readUInt32LE(at + 4);
  const uncompressed = zip64 ? u64(b, at + 12) : b.readUInt32LE(at + 8);
  if (crc !== entry.crc32 || compressed !== entry.compressedSize || uncompressed !== entry.uncompressedSize) {
    throw unsafe();
  }
  return at + (zip64 ? 20 : 12);
}
