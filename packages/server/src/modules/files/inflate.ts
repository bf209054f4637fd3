import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { unsafe, type InflateTally } from './archive-limits';

/**
 * Read an entry's inflated bytes to their end, counting them against `budget` and computing
 * their CRC-32, and stop as soon as the budget is passed: leaving the loop destroys the stream,
 * and zlib inflates only as far as its reader asks. A bomb costs the budget, never its real size.
 */
export async function drain(
  stream: Readable,
  budget: number,
  tally: InflateTally,
): Promise<{ bytes: number; crc: number }> {
  let bytes = 0;
  let crc = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    tally.inflated += chunk.length;
    if (bytes > budget) throw unsafe();
    crc = crc32(chunk, crc);
  }
  return { bytes, crc };
}
