/**
 * Group commit: callers add one item each and get their own result back, while the work runs as
 * one statement per batch. Every statement has a fixed cost (on PGlite a few ms of the event
 * loop), so 100 rows in one statement cost far less than 100 statements.
 *
 * A batch starts `maxWaitMs` after its first item, or as soon as it holds `maxItems`. Only one
 * batch runs at a time: what arrives meanwhile waits for the next one, so batches grow with the
 * load instead of piling statements onto the database. Batches run in the order their items
 * were added. A quiet batcher (no batch started for `quietMs`) does not wait: at a low rate there
 * is nothing to group, and the window would only add latency (measured: +20 ms to the device at
 * 20 jobs/s with three batched steps on the way).
 */

/** One item's failure in a run's output: the batcher rejects that item alone. */
export class ItemFailure {
  constructor(readonly error: unknown) {}
}

export type BatchRun<I, O> = (items: I[]) => Promise<(O | ItemFailure)[]>;

/**
 * Whether a failed statement was refused for what some row holds (PostgreSQL's data exceptions
 * 22, integrity constraints 23, PL/pgSQL raises P0), so that the other rows may go through alone.
 * A lost connection, a timeout or a database out of resources says nothing about the rows, and
 * running the statement 2n - 1 times would only add load (and a statement that may have been
 * committed before its answer was lost must not run again).
 */
export const refusedForItsRows = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|P0)/.test(code);
};

/**
 * Run items through `run`, one statement that changes nothing when it fails; when it is refused
 * for its rows, run it again in halves, in order, one after the other, until the failing items
 * are found: their places hold an ItemFailure. At most 2n - 1 runs for n items. Any other
 * failure fails every item at once.
 */
export async function runIsolated<I, O>(items: I[], run: BatchRun<I, O>): Promise<(O | ItemFailure)[]> {
  try {
    const out = await run(items);
    if (out.length !== items.length) throw new Error(`batch returned ${out.length} results for ${items.length}`);
    return out;
  } catch (err) {
    if (items.length <= 1 || !refusedForItsRows(err)) return items.map(() => new ItemFailure(err));
    const half = Math.ceil(items.length / 2);
    const first = await runIsolated(items.slice(0, half), run);
    return [...first, ...(await runIsolated(items.slice(half), run))];
  }
}

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (err: unknown) => void };

export type BatcherOptions = {
  maxItems: number;
  maxWaitMs: number;
  quietMs?: number;
  /**
   * The run is one statement, so a batch refused for its rows changed nothing: run it again in
   * halves until the items that fail are found, and fail only those (runIsolated). Without it
   * one caller's bad row would fail every other caller's item of the same batch. A run of
   * several statements isolates each of them itself, and answers ItemFailure where an item failed.
   */
  isolate?: boolean;
};

export class Batcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private lastStart = -Infinity;

  constructor(
    private readonly run: BatchRun<I, O>,
    private readonly opts: BatcherOptions,
  ) {}

  /** Queue one item; resolves with its result (the run's output at the item's position). */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for a batch (not counting the one running). */
  get size(): number {
    return this.queue.length;
  }

  /** Run everything queued now (without waiting for the timer) and wait until it is done. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.running || this.queue.length > 0) {
      if (this.running) await this.running;
      else this.start();
    }
  }

  private schedule(): void {
    if (this.running) return; // the running batch starts the next one when it ends
    if (this.queue.length >= this.opts.maxItems) {
      this.clearTimer();
      this.start();
    } else if (!this.timer) {
      const quiet = Date.now() - this.lastStart >= (this.opts.quietMs ?? 50);
      // quiet: still the next tick, so calls made together go together
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          if (!this.running) this.start();
        },
        quiet ? 0 : this.opts.maxWaitMs,
      );
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    const batch = this.queue.splice(0, this.opts.maxItems);
    if (batch.length === 0) return;
    this.lastStart = Date.now();
    this.running = this.execute(batch).finally(() => {
      this.running = undefined;
      // what queued meanwhile goes out at once: it already waited for the batch before it
      if (this.queue.length > 0) this.start();
    });
  }

  private async execute(batch: Waiting<I, O>[]): Promise<void> {
    const items = batch.map((w) => w.item);
    let out: (O | ItemFailure)[];
    try {
      out = this.opts.isolate ? await runIsolated(items, this.run) : await this.run(items);
      if (out.length !== batch.length) throw new Error(`batch returned ${out.length} results for ${batch.length}`);
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    batch.forEach((w, i) => {
      const o = out[i];
      if (o instanceof ItemFailure) w.reject(o.error);
      else w.resolve(o as O);
    });
  }
}

/**
 * Run a batch as rounds in which each key appears once (the first occurrence of every key, then
 * the second, …), one after the other: a statement that writes many rows from a list must not name
 * one row twice (PostgreSQL applies one of two updates of a row in one UPDATE … FROM, either one),
 * and the later item of a key must be written after the earlier, as if they had come one by one.
 * Each round is isolated (runIsolated): a row refused fails its own item only.
 */
export async function inRounds<I, O>(
  items: I[],
  keyOf: (item: I) => unknown,
  run: BatchRun<I, O>,
): Promise<(O | ItemFailure)[]> {
  const rounds: number[][] = [];
  const seen = new Map<unknown, number>();
  items.forEach((item, i) => {
    const k = keyOf(item);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    (rounds[n] ??= []).push(i);
  });
  const out = new Array<O | ItemFailure>(items.length);
  for (const round of rounds) {
    // a round that fails fails its own items: the rounds before it are written and answered as such
    const results = await runIsolated(
      round.map((i) => items[i]!),
      run,
    );
    round.forEach((i, j) => (out[i] = results[j]!));
  }
  return out;
}

/**
 * What devices do at the same moment (a fleet reconnecting, reporting): at most 2 ms of waiting,
 * none when it is rare (the quiet rule), at most 500 in one statement.
 */
export const SAME_MOMENT: BatcherOptions = { maxItems: 500, maxWaitMs: 2 };

/**
 * A Batcher of the same moment whose statement writes one row per key (a device): a key named
 * twice in one batch is written in a second round, after the first (inRounds).
 */
export function batchInRounds<I, O>(keyOf: (item: I) => unknown, run: BatchRun<I, O>): Batcher<I, O> {
  return new Batcher<I, O>((items) => inRounds(items, keyOf, run), SAME_MOMENT);
}
