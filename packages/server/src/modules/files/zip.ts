import { ARCHIVE_MAX_ENTRIES, ARCHIVE_MAX_UNCOMPRESSED, type ArchiveEntry } from '@herald/contract';
import { fromBufferPromise, getFileNameLowLevel, validateFileName, type Entry, type ZipFile } from 'yauzl';
import {
  asRefusal,
  badFormat,
  checkDeclared,
  corrupt,
  inflateBudget,
  safeEntryPath,
  unsafe,
  type InflateTally,
} from './archive-limits';
import { drain } from './inflate';
import { checkLocalHeader, u64 } from './zip-local-header';

/**
 * yauzl reads the structure (end record, zip64, central directory, local header offsets and data
 * bounds) and, with validateEntrySizes, stops an entry whose data inflates past its declared size.
 * Names are decoded here from the raw bytes, so that Herald judges them and not a cleaned copy
 * (yauzl would turn `\` into `/`).
 */
const OPTIONS = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true } as const;

const APK_SIG_BLOCK_MAGIC = Buffer.from('APK Sig Block 42', 'latin1');

type Span = { start: number; end: number };

/**
 * The files of a zip (directories left out), after every entry has been inflated within its budget
 * and found to be what both its central directory record and its local header say it is.
 * `apk`: an Android signing block may sit before the central directory.
 */
export async function listZip(b: Buffer, tally: InflateTally, apk = false): Promise<ArchiveEntry[]> {
  let zip: ZipFile | undefined;
  try {
    zip = await fromBufferPromise(b, OPTIONS);
    return await readEntries(b, zip, tally, apk);
  } catch (err) {
    throw asRefusal(err);
  } finally {
    zip?.close();
  }
}

async function readEntries(b: Buffer, zip: ZipFile, tally: InflateTally, apk: boolean): Promise<ArchiveEntry[]> {
  if (zip.entryCount > ARCHIVE_MAX_ENTRIES) throw unsafe();
  // until the first entry is read, yauzl's cursor is the central directory's offset
  const centralAt = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
  const entries: ArchiveEntry[] = [];
  const spans: Span[] = [];
  let declared = 0;
  let inflated = 0;
  for await (const entry of zip.eachEntry()) {
    const name = entryName(entry);
    // encrypted, or neither stored nor deflated: no device here unpacks it, and its size cannot be checked
    if (!entry.canDecodeFileData()) throw badFormat();
    checkDeclared(entry.uncompressedSize, entry.compressedSize);
    declared += entry.uncompressedSize;
    if (declared > ARCHIVE_MAX_UNCOMPRESSED) throw unsafe();
    const local = await zip.readLocalFileHeaderPromise(entry);
    spans.push({ start: entry.relativeOffsetOfLocalHeader, end: checkLocalHeader(b, entry, local, name) });

    const data = await zip.openReadStreamPromise(entry);
    const { bytes, crc } = await drain(data, inflateBudget(entry.compressedSize, inflated), tally);
    inflated += bytes;
    // yauzl leaves the CRC to its caller; a device checks it, so a mismatch would fail there
    if (crc !== entry.crc32 || bytes !== entry.uncompressedSize) throw corrupt();
    if (!name.endsWith('/')) entries.push({ path: name, size: entry.uncompressedSize });
  }
  checkCoverage(b, spans, centralAt, apk);
  return entries;
}

/**
 * The entry's name as unzip tools show it (an Info-ZIP Unicode path field wins when it matches the
 * raw name's CRC) and as a simpler reader takes the raw bytes: both must be safe to unpack.
 */
function entryName(entry: Entry): string {
  const name = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  const raw = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, [], true);
  for (const n of [name, raw]) if (validateFileName(n) !== null || !safeEntryPath(n)) throw unsafe();
  return name;
}

/**
 * Every byte before the central directory belongs to one entry it lists. A streaming unzipper reads
 * local headers one after another from the start, so a gap could hide an entry the directory does
 * not list; an overlap is how the densest bombs reuse one compressed stream.
 */
function checkCoverage(b: Buffer, spans: Span[], centralAt: number, apk: boolean): void {
  spans.sort((x, y) => x.start - y.start);
  let at = 0;
  for (const s of spans) {
    if (s.start !== at) throw unsafe();
    at = s.end;
  }
  if (at === centralAt || (apk && isApkSigningBlock(b, at, centralAt))) return;
  throw unsafe();
}

/** APK Signature Scheme v2+: [size][pairs][size]["APK Sig Block 42"], ending at the central directory. */
function isApkSigningBlock(b: Buffer, start: number, end: number): boolean {
  if (end - start < 32) return false;
  if (!b.subarray(end - 16, end).equals(APK_SIG_BLOCK_MAGIC)) return false;
  const size = u64(b, end - 24);
  return size === end - start - 8 && u64(b, start) === size;
}
