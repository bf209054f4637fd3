import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Batcher, ItemFailure, inRounds, refusedForItsRows, runIsolated } from './batcher';

/** A statement refused for what a row holds, as PostgreSQL says it (SQLSTATE 22P05, untranslatable character). */
const refused = (message: string) => Object.assign(new Error(message), { code: '22P05' });

/** A run that records its batches and answers each item with its double (or fails on demand). */
function recorder() {
  const batches: number[][] = [];
  let failNext = false;
  const run = async (items: number[]) => {
    batches.push(items);
    if (failNext) {
      failNext = false;
      throw new Error('batch failed');
    }
    return items.map((i) => i * 2);
  };
  return { batches, run, failOnce: () => (failNext = true) };
}

describe('Batcher', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs queued items as one batch when the wait is over, each caller getting its own result', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 10, maxWaitMs: 5 });
    const results = Promise.all([b.add(1), b.add(2), b.add(3)]);
    expect(r.batches).toEqual([]);
    await vi.runOnlyPendingTimersAsync();
    expect(await results).toEqual([2, 4, 6]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('waits the window only when busy: a quiet batcher starts on the next tick', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 10, maxWaitMs: 5, quietMs: 50 });
    const first = Promise.all([b.add(1), b.add(2)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toEqual([2, 4]);
    // a batch started just now: the next item waits for company
    const second = b.add(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.batches).toEqual([[1, 2]]);
    await vi.advanceTimersByTimeAsync(5);
    expect(await second).toBe(6);
    // quiet again after quietMs
    await vi.advanceTimersByTimeAsync(100);
    const third = b.add(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(await third).toBe(8);
    expect(r.batches).toEqual([[1, 2], [3], [4]]);
  });

  it('starts a batch as soon as it is full, without waiting for the timer', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 2, maxWaitMs: 60_000 });
    const first = Promise.all([b.add(1), b.add(2)]);
    expect(await first).toEqual([2, 4]);
    expect(r.batches).toEqual([[1, 2]]);
  });

  it('keeps the order of items across batches; what arrives during a batch goes into the next one', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 3, maxWaitMs: 5 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => b.add(i));
    await b.flush();
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(r.batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('rejects every caller of a failing batch and carries on with the next one', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 2, maxWaitMs: 5 });
    r.failOnce();
    const failing = [b.add(1), b.add(2)].map((p) => p.then(String, (e: Error) => e.message));
    const next = b.add(3);
    await b.flush();
    expect(await Promise.all(failing)).toEqual(['batch failed', 'batch failed']);
    expect(await next).toBe(6);
  });

  it('with isolate, a failing batch runs again in halves and only the failing items are rejected', async () => {
    const batches: number[][] = [];
    // like a statement refusing a row it cannot store: the whole batch fails, nothing is written
    const run = async (items: number[]) => {
      batches.push(items);
      if (items.some((i) => i < 0)) throw refused(`cannot store ${items.filter((i) => i < 0).join(',')}`);
      return items.map((i) => i * 2);
    };
    const b = new Batcher(run, { maxItems: 10, maxWaitMs: 5, isolate: true });
    const all = [1, -2, 3, 4, 5, -6].map((i) => b.add(i).then(String, (e: Error) => e.message));
    await b.flush();
    expect(await Promise.all(all)).toEqual(['2', 'cannot store -2', '6', '8', '10', 'cannot store -6']);
    expect(batches).toEqual([[1, -2, 3, 4, 5, -6], [1, -2, 3], [1, -2], [1], [-2], [3], [4, 5, -6], [4, 5], [-6]]);
  });

  it('rejects only the item a run answers with ItemFailure', async () => {
    const b = new Batcher(
      async (items: number[]) => items.map((i) => (i < 0 ? new ItemFailure(new Error(`no ${i}`)) : i * 2)),
      { maxItems: 10, maxWaitMs: 5 },
    );
    const all = [1, -2, 3].map((i) => b.add(i).then(String, (e: Error) => e.message));
    await b.flush();
    expect(await Promise.all(all)).toEqual(['2', 'no -2', '6']);
  });

  it('runIsolated finds the failing items of a statement by halves and marks only them', async () => {
    const runs: number[][] = [];
    const out = await runIsolated([1, -2, 3, 4], async (items: number[]) => {
      runs.push(items);
      if (items.some((i) => i < 0)) throw refused('refused');
      return items.map((i) => i * 2);
    });
    expect(out.map((o) => (o instanceof ItemFailure ? (o.error as Error).message : o))).toEqual([2, 'refused', 6, 8]);
    expect(runs).toEqual([[1, -2, 3, 4], [1, -2], [1], [-2], [3, 4]]);
  });

  it('runIsolated does not split a statement that failed for no row of its own (a lost connection)', async () => {
    let runs = 0;
    const out = await runIsolated([1, 2, 3], async () => {
      runs += 1;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    });
    expect(runs).toBe(1);
    expect(out.every((o) => o instanceof ItemFailure)).toBe(true);
    expect(refusedForItsRows(Object.assign(new Error('x'), { code: '57014' }))).toBe(false); // statement timeout
    expect(refusedForItsRows(Object.assign(new Error('x'), { code: '23505' }))).toBe(true); // unique violation
    expect(refusedForItsRows(Object.assign(new Error('x'), { code: 'P0001' }))).toBe(true); // a trigger's raise
  });

  it('rejects the batch when the run answers the wrong number of results', async () => {
    const b = new Batcher<number, number>(async () => [1], { maxItems: 5, maxWaitMs: 5 });
    const p = Promise.all([b.add(1), b.add(2)]);
    const outcome = p.then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    await b.flush();
    expect(await outcome).toMatch(/1 results for 2/);
  });

  it('flush runs what is queued now and resolves once nothing is left', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxItems: 100, maxWaitMs: 60_000 });
    const p = b.add(21);
    expect(b.size).toBe(1);
    await b.flush();
    expect(await p).toBe(42);
    expect(b.size).toBe(0);
    await b.flush(); // nothing queued: returns
    expect(r.batches).toEqual([[21]]);
  });
});

describe('inRounds', () => {
  it('runs each key once per round, later items of a key in later rounds, answering in the order given', async () => {
    const rounds: string[][] = [];
    const out = await inRounds(
      ['a1', 'b1', 'a2', 'c1', 'a3', 'b2'],
      (s) => s[0],
      async (items) => (rounds.push(items), items.map((s) => s.toUpperCase())),
    );
    expect(rounds).toEqual([['a1', 'b1', 'c1'], ['a2', 'b2'], ['a3']]);
    expect(out).toEqual(['A1', 'B1', 'A2', 'C1', 'A3', 'B2']);
  });

  it('fails the items of a round that failed, and only those', async () => {
    const err = new Error('lost connection');
    const out = await inRounds(
      ['a1', 'b1', 'a2'],
      (s) => s[0],
      async (items) => {
        if (items.includes('a2')) throw err;
        return items;
      },
    );
    expect(out).toEqual(['a1', 'b1', new ItemFailure(err)]);
  });

  it('through a Batcher, a caller whose round failed is rejected and the others get their rows', async () => {
    const b = new Batcher<string, string>(
      (items) =>
        inRounds(
          items,
          (s) => s[0],
          async (round) => {
            if (round.includes('a2')) throw new Error('round failed');
            return round;
          },
        ),
      { maxItems: 10, maxWaitMs: 1 },
    );
    const [a1, a2, b1] = await Promise.allSettled([b.add('a1'), b.add('a2'), b.add('b1')]);
    expect(a1).toEqual({ status: 'fulfilled', value: 'a1' });
    expect(a2).toMatchObject({ status: 'rejected', reason: new Error('round failed') });
    expect(b1).toEqual({ status: 'fulfilled', value: 'b1' });
  });
});
