import type { FastifyBaseLogger } from 'fastify';
import type { jobs } from '../../db/schema';

type JobRow = typeof jobs.$inferSelect;

/**
 * What the pipeline tells the rest of the server about jobs. It publishes; the dashboard's counters,
 * the metrics, the live console, the webhooks and the push-delay alarm listen (modules/job-listeners.ts
 * wires them), so the pipeline imports none of them. In-process only: what other server processes
 * must see is already in PostgreSQL (job rows, counters, webhook deliveries, alarm streaks) or goes
 * through their own channels (the live feed's fan-out), as before.
 */
export type JobEventMap = {
  /** stored at status 0 (an open API call, the console's speak test or test page, a reprint) */
  accepted: JobRow;
  /**
   * its status moved: pushed, acked (2, or 4/5 by the ack), finished (the device's report, an
   * expiry, a cancel). `late`: the device's report of a job that had ended unconfirmed.
   */
  changed: JobRow & { late?: boolean };
  /** the device acked a push as delivered, `latencyMs` after the send time it echoed */
  acked: { job: JobRow; latencyMs: number; at: number };
};
export type JobEvent = keyof JobEventMap;

/**
 * A listener runs on the pipeline's path: it does map-sized work at once and returns anything
 * slower as a promise, which the pipeline waits for when it stops (so the database outlives it).
 */
export type JobListener<E extends JobEvent> = (payload: JobEventMap[E]) => void | Promise<unknown>;

type Entry = { run: (payload: never) => void | Promise<unknown>; what: string };

export class JobEvents {
  private readonly listeners: Record<JobEvent, Entry[]> = { accepted: [], changed: [], acked: [] };
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Listen to an event, in the order of registration; `what` is logged when the listener fails. */
  on<E extends JobEvent>(event: E, run: JobListener<E>, what = `job event ${event}: a listener failed`): () => void {
    const entry: Entry = { run, what };
    this.listeners[event].push(entry);
    return () => {
      const list = this.listeners[event];
      list.splice(list.indexOf(entry), 1);
    };
  }

  /** Tell every listener; one that throws or rejects is logged and stops nothing else. */
  emit<E extends JobEvent>(event: E, payload: JobEventMap[E]): void {
    for (const l of this.listeners[event]) {
      try {
        const work = (l.run as JobListener<E>)(payload);
        if (work) this.keep(work, l.what);
      } catch (err) {
        this.log.error({ err }, l.what);
      }
    }
  }

  private keep(work: Promise<unknown>, what: string): void {
    const q = work.catch((err: unknown) => this.log.error({ err }, what));
    this.pending.add(q);
    void q.finally(() => this.pending.delete(q));
  }

  /** Listeners' work still running. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Waits for the listeners' work started so far. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
