/**
 * Bounds the job messages Herald has handed the broker and not yet seen delivered. Aedes' in-memory
 * emitter runs at most `concurrency` deliveries at once and queues the rest; when that queue is
 * long, draining it recurses once per message and overflows the stack (mcollina/mqemitter#204,
 * moscajs/aedes#193: what crashed the server at 1,000 jobs/s). Keeping Herald's publishes well
 * under the broker's concurrency means the emitter never queues, and the backlog waits here, in
 * a plain array, instead. Past `maxWaiting` a publish is refused: the job stays stored as not
 * pushed and goes out with its device's queue later (the sweep's stranded check or the device's
 * next connection), so overload costs latency, never the process.
 */
export class PublishLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else if (this.waiting.length >= this.maxWaiting) throw new Error('publish queue full');
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
