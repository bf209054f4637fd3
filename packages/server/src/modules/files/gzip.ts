import { createGunzip } from 'node:zlib';
import type { ArchiveEntry } from '@herald/contract';
import { asRefusal, checkDeclared, corrupt, inflateBudget, type InflateTally } from './archive-limits';
import { drain } from './inflate';

const FEXTRA = 0x04;
const FNAME = 0x08;

/**
 * A gzip file holds one file: its name from the header (FNAME) or the upload's name less `.gz`, and
 * its size as it really inflates. ISIZE (the trailer's size, modulo 2^32) is only a claim: the data
 * is inflated within a budget no larger than that claim, so a rewritten ISIZE is caught after at most
 * one chunk past it ("unsafe"); one that inflates to less, or holds more members than one, is
 * "parsing failed".
 */
export async function gzipEntry(uploadName: string, b: Buffer, tally: InflateTally): Promise<ArchiveEntry> {
  if (b.length < 18 || b[2] !== 8) throw corrupt();
  const flg = b[3]!;
  let at = 10;
  if (flg & FEXTRA) at += 2 + b.readUInt16LE(at);
  let name = '';
  if (flg & FNAME) {
    const end = b.indexOf(0, at);
    if (end < 0) throw corrupt();
    // only the base name: gzip stores a name, not a place to put it
    name = b.subarray(at, end).toString('latin1').split(/[\\/]/).pop() ?? '';
    at = end + 1;
  }
  if (at > b.length - 8) throw corrupt();
  const declared = b.readUInt32LE(b.length - 4);
  const compressed = b.length - at - 8;
  checkDeclared(declared, compressed);

  const gunzip = createGunzip();
  gunzip.end(b);
  const budget = Math.min(declared, inflateBudget(compressed, 0));
  const { bytes } = await drain(gunzip, budget, tally).catch((err: unknown) => {
    throw asRefusal(err);
  });
  if (bytes !== declared) throw corrupt();
  if (!name || name === '..' || name === '.') name = uploadName.replace(/\.gz$/i, '');
  return { path: name, size: bytes };
}
