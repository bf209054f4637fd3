import { Worker } from 'node:worker_threads';
import { runTask, type RenderOutcome, type RenderTask } from './receipt.mjs';
import { PRINTER_ENCODINGS } from './render';

/**
 * Receipts that may be costly are rendered on their own threads (receipt-thread.mjs), not on the
 * event loop that serves HTTP and MQTT for every account: a receipt's cost depends on what the
 * caller wrote. Within the body limit, 20 kB of QR codes took ~300 ms to render on the server's
 * event loop, during which no device was served and no other call answered. On a thread it takes
 * that time from nobody else, and a render past the time limit is stopped (the thread is
 * replaced) and refused as too large.
 *
 * Short receipts of text (no barcode, QR code or image: see `inline`) render here at once. They
 * cost ~0.1 ms, and a hop to a thread and back cost more than that: at 300 jobs/s with every
 * receipt on a thread, the main thread saved 4 % while the process spent 5 % more in all and the
 * median job reached its device ~5 ms later (docs/benchmarks.md).
 *
 * What a tick sends to the threads goes to an idle one as one message, like the database's
 * stream: each message wakes the thread, and on a busy machine a wake-up costs the sender its
 * core for a while. The time limit applies to each task (the thread says in shared memory which
 * one it renders): past it, that task is refused and the rest of its batch goes back to the
 * queue's head.
 */
export type Renderer = {
  /** printer commands for filled markup, base64; throws RenderRefused */
  commands: (markup: string, printer: RenderTask['printer']) => Promise<string>;
  /** checks the printer commands render (and are not too large), then returns the SVG at that width */
  preview: (markup: string, printer: RenderTask['printer']) => Promise<string>;
  close: () => Promise<void>;
};

/** The markup could not be rendered (`markup`), or its commands are too large or took too long (`tooLarge`). */
export class RenderRefused extends Error {
  constructor(readonly reason: 'markup' | 'tooLarge') {
    super(`receipt refused: ${reason}`);
  }
}

export type RendererOptions = {
  threads: number;
  /** a render taking longer is stopped and refused as too large */
  timeoutMs: number;
  /** most printer command bytes a receipt may render to */
  maxBytes: number;
  /** a thread's heap limit (256 MB) */
  heapMb?: number;
};

type Pending = {
  id: number;
  task: RenderTask;
  resolve: (s: string) => void;
  reject: (e: Error) => void;
};

/**
 * `batch`: what the thread was given and has not answered yet, in its order. `running`: the id
 * of the task the thread is rendering (0 between batches), written by the thread into shared
 * memory, so the pool knows which task overran without a message per task. `seen`/`checks`: the
 * id found at the last checks of the time limit and how many checks in a row found it.
 */
type Thread = {
  worker: Worker;
  ready: boolean;
  batch: Pending[];
  running: Int32Array;
  seen: number;
  checks: number;
  timer?: NodeJS.Timeout;
};

/** The time limit is checked this many times per limit: a task is stopped within 1¼ of it. */
const CHECKS_PER_LIMIT = 4;

/** A thread's heap is capped, so a runaway render ends the thread, not the server. */
const THREAD_HEAP_MB = 256;
/** Tasks in one message at most: a long queue is shared by the threads. */
const BATCH_MAX = 64;

/**
 * Rendering time follows the printed lines (~7 µs each here), not the characters: 2,000 newlines
 * took 14 ms, 2,000 characters under a one-character column (`{w:1}`) 6 ms, while a usual receipt
 * takes ~0.3 ms. Rendered on the event loop: at most this many characters, in at most this many
 * lines, with no column narrower than NARROW_COLUMN (the worst found within these: ~1.3 ms) nor
 * wider than WIDE_COLUMN: receiptline's time grows with a column's width (`{width:100000}` 22 ms,
 * 10⁹ some 50 s), and only the threads' time limit stops such a render.
 */
const INLINE_MAX_CHARS = 2000;
const INLINE_MAX_LINES = 60;
const NARROW_COLUMN = 8;
/** the widest paper's characters per line */
const WIDE_COLUMN = 48;
/** A receiptline property naming a barcode/QR code or an image (`{code:…}`, `{c:…}`, `{width:*; i:…}`). */
const COSTLY_PROPERTY = /[{;]\s*(?:code|c|image|i)\s*:/;
/** The column widths a `{width:…}` / `{w:…}` property sets. */
const WIDTH_PROPERTY = /[{;]\s*(?:width|w)\s*:([^;}]*)/g;

function lineCount(s: string, max: number): number {
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0 && n <= max; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

const oddColumn = (markup: string) => {
  for (const m of markup.matchAll(WIDTH_PROPERTY))
    for (const w of m[1]!.split(/[\s,]+/))
      if (/^\d+$/.test(w) && (Number(w) < NARROW_COLUMN || Number(w) > WIDE_COLUMN)) return true;
  return false;
};

/**
 * Rendered at once on the calling thread: short, few lines, no column narrower or wider than
 * usual, no barcode, QR code or image, and no escape: receiptline reads `\x31` as `1` and drops
 * an unknown escape (`1\z000` is `1000`), so a property written with one is not what these rules
 * read, and only a rendering thread's time limit holds it.
 */
export const inline = (markup: string) =>
  markup.length <= INLINE_MAX_CHARS &&
  lineCount(markup, INLINE_MAX_LINES) <= INLINE_MAX_LINES &&
  !markup.includes('\\') &&
  !COSTLY_PROPERTY.test(markup) &&
  !oddColumn(markup);

const finish = (p: Pending, outcome: RenderOutcome | Error) => {
  if (outcome instanceof Error) p.reject(outcome);
  else if (outcome.error) p.reject(new RenderRefused(outcome.error));
  else p.resolve(outcome.ok);
};

export function startRenderer(opts: RendererOptions): Renderer {
  const threads = new Set<Thread>();
  let queue: Pending[] = [];
  let nextId = 0;
  let closed = false;
  let scheduled = false;

  /** While a thread holds a batch, look now and then at what it renders. */
  const arm = (t: Thread) => {
    clearTimeout(t.timer);
    t.timer = t.batch.length > 0 ? setTimeout(() => check(t), opts.timeoutMs / CHECKS_PER_LIMIT) : undefined;
  };

  /** The same task found at CHECKS_PER_LIMIT + 1 checks in a row has rendered for the whole limit. */
  const check = (t: Thread) => {
    const id = Atomics.load(t.running, 0);
    t.checks = id !== 0 && id === t.seen ? t.checks + 1 : 1;
    t.seen = id;
    if (t.checks > CHECKS_PER_LIMIT) overran(t, id);
    else arm(t);
  };

  /**
   * Task `id` took too long or ran out of memory: refused. The rest of the batch (done but not answered yet, or not
   * started) goes back to the queue's head, and the thread is replaced.
   */
  const overran = (t: Thread, id: number) => {
    const late = t.batch.find((p) => p.id === id);
    queue = [...t.batch.filter((p) => p !== late), ...queue];
    t.batch = [];
    if (late) finish(late, new RenderRefused('tooLarge'));
    retire(t);
  };

  /** A thread that failed: what it held gets `err`, and a new thread takes the queue. */
  const fail = (t: Thread, err: Error) => {
    for (const p of t.batch.splice(0)) finish(p, err);
    retire(t);
  };

  const retire = (t: Thread) => {
    if (!threads.delete(t)) return;
    clearTimeout(t.timer);
    void t.worker.terminate();
    dispatch();
  };

  const spawn = () => {
    const running = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(new URL('./receipt-thread.mjs', import.meta.url), {
      workerData: { encodings: PRINTER_ENCODINGS, running },
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? THREAD_HEAP_MB },
    });
    const t: Thread = { worker, ready: false, batch: [], running, seen: 0, checks: 0 };
    worker.on('message', (m: { type: 'ready' } | { type: 'done'; done: { id: number; outcome: RenderOutcome }[] }) => {
      if (m.type === 'ready') t.ready = true;
      else {
        for (const { id, outcome } of m.done) if (t.batch[0]?.id === id) finish(t.batch.shift()!, outcome);
        if (t.batch.length === 0) arm(t);
      }
      if (t.batch.length === 0) dispatch();
    });
    // out of memory: the receipt being rendered is too large; anything else is our fault
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') overran(t, Atomics.load(running, 0));
      else fail(t, err);
    });
    worker.on('exit', () => fail(t, new Error('a rendering thread stopped')));
    // an idle thread does not keep the process alive
    worker.unref();
    threads.add(t);
  };

  const dispatch = () => {
    scheduled = false;
    if (closed) return;
    // a task's time starts when a thread has loaded and takes it
    const idle = [...threads].filter((x) => x.ready && x.batch.length === 0);
    if (queue.length > 0 && threads.size < opts.threads && idle.length * BATCH_MAX < queue.length) spawn();
    for (const [k, t] of idle.entries()) {
      if (queue.length === 0) return;
      const n = Math.min(BATCH_MAX, Math.ceil(queue.length / (idle.length - k)));
      t.batch = queue.splice(0, n);
      arm(t);
      t.worker.postMessage(t.batch.map((p) => ({ id: p.id, task: p.task })));
    }
  };

  const run = (op: RenderTask['op'], markup: string, printer: RenderTask['printer']) =>
    new Promise<string>((resolve, reject) => {
      if (closed) return reject(new Error('the renderer is closed'));
      const task: RenderTask = { op, markup, printer, maxBytes: opts.maxBytes };
      if (inline(markup)) return finish({ id: 0, task, resolve, reject }, runTask(task));
      // ids go into an Int32Array: they wrap long before they would overflow it
      nextId = nextId >= 0x7fff_ffff ? 1 : nextId + 1;
      queue.push({ id: nextId, task, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(dispatch);
      }
    });

  return {
    commands: (markup, printer) => run('commands', markup, printer),
    preview: (markup, printer) => run('preview', markup, printer),
    close: async () => {
      closed = true;
      const stopped = new Error('the renderer is closed');
      for (const p of queue.splice(0)) finish(p, stopped);
      const all = [...threads];
      threads.clear();
      for (const t of all) {
        clearTimeout(t.timer);
        for (const p of t.batch.splice(0)) finish(p, stopped);
      }
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
