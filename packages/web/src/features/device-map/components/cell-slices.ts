import { CELLS_PER_IMPORT, type CellRow } from '@herald/contract';

export type SliceOutcome =
  | { kind: 'done' | 'cancelled'; sent: number }
  /** `sent` rows were stored before the refused slice */
  | { kind: 'failed'; sent: number; error: unknown };

/**
 * Send the rows a slice at a time, one after another (the server takes at most CELLS_PER_IMPORT a
 * call). A cancel is honoured between slices: the slice in flight is stored either way, so the
 * count reported stays true. The first refused slice stops the import.
 */
export async function sendInSlices(
  rows: readonly CellRow[],
  send: (cells: CellRow[]) => Promise<unknown>,
  { signal, onSent, size = CELLS_PER_IMPORT }: { signal: AbortSignal; onSent: (sent: number) => void; size?: number },
): Promise<SliceOutcome> {
  let sent = 0;
  while (sent < rows.length) {
    const slice = rows.slice(sent, sent + size);
    try {
      await send(slice);
    } catch (error) {
      return { kind: 'failed', sent, error };
    }
    sent += slice.length;
    onSent(sent);
    if (signal.aborted && sent < rows.length) return { kind: 'cancelled', sent };
  }
  return { kind: 'done', sent };
}
