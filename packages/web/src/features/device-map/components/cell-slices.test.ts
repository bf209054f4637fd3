import { describe, expect, it } from 'vitest';
import type { CellImportResult, CellRow } from '@herald/contract';
import { sendInSlices } from './cell-slices';

const rows: CellRow[] = Array.from({ length: 7 }, (_, i) => ({
  mcc: 460,
  mnc: 0,
  lac: 1,
  cid: i,
  lat: 39.9,
  lng: 116.4,
  range: 500,
}));

/** A server that stores what it gets, refusing the call numbered `refuse` (1-based). */
function server(refuse?: number) {
  const calls: number[][] = [];
  const stored = new Set<number>();
  const send = (cells: CellRow[]): Promise<CellImportResult> => {
    calls.push(cells.map((c) => c.cid));
    if (calls.length === refuse) return Promise.reject(new Error('Incorrect format'));
    cells.forEach((c) => stored.add(c.cid));
    return Promise.resolve({ imported: cells.length });
  };
  return { calls, stored, send };
}

describe('sending the cell rows in slices', () => {
  it('sends every row once, a slice at a time, and reports the progress after each', async () => {
    const { calls, stored, send } = server();
    const progress: number[] = [];
    const outcome = await sendInSlices(rows, send, {
      signal: new AbortController().signal,
      onSent: (n) => progress.push(n),
      size: 3,
    });
    expect(calls).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(progress).toEqual([3, 6, 7]);
    expect(outcome).toEqual({ kind: 'done', sent: 7 });
    expect(stored.size).toBe(7);
  });

  it('stops after the slice in flight when cancelled', async () => {
    const { calls, send } = server();
    const cancel = new AbortController();
    const outcome = await sendInSlices(
      rows,
      (cells) => {
        cancel.abort();
        return send(cells);
      },
      { signal: cancel.signal, onSent: () => undefined, size: 3 },
    );
    expect(calls).toHaveLength(1);
    expect(outcome).toEqual({ kind: 'cancelled', sent: 3 });
  });

  it('calls a cancel during the last slice done: every row was stored', async () => {
    const { send } = server();
    const cancel = new AbortController();
    const outcome = await sendInSlices(
      rows.slice(0, 2),
      (cells) => {
        cancel.abort();
        return send(cells);
      },
      { signal: cancel.signal, onSent: () => undefined, size: 3 },
    );
    expect(outcome.kind).toBe('done');
  });

  it('stops at the first refused slice, with the rows stored before it', async () => {
    const { calls, stored, send } = server(2);
    const outcome = await sendInSlices(rows, send, {
      signal: new AbortController().signal,
      onSent: () => undefined,
      size: 3,
    });
    expect(calls).toHaveLength(2);
    expect(outcome).toMatchObject({ kind: 'failed', sent: 3 });
    expect(stored.size).toBe(3);
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe('Incorrect format');
  });

  it('reports no row sent when the first slice is refused', async () => {
    const { send } = server(1);
    const outcome = await sendInSlices(rows, send, { signal: new AbortController().signal, onSent: () => undefined });
    expect(outcome).toMatchObject({ kind: 'failed', sent: 0 });
  });
});
