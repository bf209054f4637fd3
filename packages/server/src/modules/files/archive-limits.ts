import { ARCHIVE_MAX_RATIO, ARCHIVE_MAX_UNCOMPRESSED } from '@herald/contract';
import { AppError, invalid } from '../../lib/errors';

/**
 * Herald's policy for what an uploaded archive may hold, whatever parser read its structure: safe
 * names, bounded sizes, and the refusals the client sees.
 */

/** Entries smaller than this are not judged by their ratio: deflate tops out near 1:1032, so a
 * small entry cannot be a bomb on its own, and firmware images often hold runs of zero padding. */
export const RATIO_FLOOR_BYTES = 64 * 1024;

export const unsafe = () => invalid('error.archiveUnsafe', 'file');
export const corrupt = () => invalid('error.parseFailed', 'file');
export const badFormat = () => invalid('error.fileFormat', 'file');

/** How many bytes checking one upload inflated: what the inflate budget bounds, and what a test can see. */
export type InflateTally = { inflated: number };

/** A path a device could unpack safely: relative, no `..`, no backslashes or drive letters. */
export function safeEntryPath(p: string): boolean {
  if (p === '' || p.includes('\\') || p.includes('\0')) return false;
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  return !p.split('/').some((seg) => seg === '..');
}

/** An entry whose declared size already says "bomb" is refused before anything is inflated. */
export function checkDeclared(uncompressed: number, compressed: number): void {
  if (uncompressed >= RATIO_FLOOR_BYTES && uncompressed / Math.max(compressed, 1) > ARCHIVE_MAX_RATIO) throw unsafe();
  if (uncompressed > ARCHIVE_MAX_UNCOMPRESSED) throw unsafe();
}

/**
 * The most one entry may inflate to, from what is really there (its compressed bytes) and what the
 * archive's earlier entries already inflated to, never from a size the archive declares.
 */
export const inflateBudget = (compressed: number, inflatedBefore: number) =>
  Math.min(Math.max(RATIO_FLOOR_BYTES, compressed * ARCHIVE_MAX_RATIO), ARCHIVE_MAX_UNCOMPRESSED - inflatedBefore);

/** yauzl's words (validateEntrySizes) for an entry whose data is longer than its declared size. */
const LYING_SIZE = /^(too many bytes in the stream|compressed\/uncompressed size mismatch)/;

/**
 * What the client hears when reading an archive failed: Herald's own refusals as they are, a size
 * that lied as "unsafe" (that is how a bomb hides), anything else the parser or zlib threw (bad
 * signatures, reads past the end, broken deflate data, checksums) as "parsing failed".
 */
export function asRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Error && LYING_SIZE.test(err.message)) return unsafe();
  return corrupt();
}
