import type { FastifyBaseLogger } from 'fastify';
import { every } from './every';
import { sayWhileWaiting } from './say-while-waiting';

/**
 * A background worker that runs in rounds on `every()`: never two rounds at once, a failed round
 * logged under its name and the next one run as usual.
 */
export type RoundWorker = {
  /** in its log lines (`worker`), its failures ("<name> failed") and its metrics' `worker` label */
  name: string;
  everyMs: number;
  /** the first round this long after the start (default `everyMs`) */
  firstAfterMs?: number;
  /** one round; `signal` aborts when the server closes, for a round that may end early */
  round: (signal: AbortSignal) => Promise<void>;
  /**
   * How it stops, given the stop of its rounds: for work a worker keeps beyond a round (deliveries in
   * flight, a last write). Default: the rounds' stop, which waits for the round running.
   */
  stop?: (stopRounds: () => Promise<void>) => Promise<void>;
  /**
   * Stopped only after the HTTP routes have closed: it takes in what the last requests still hand
   * it. These stop one after another, in the order of the list, so one may hand its last work to
   * the next (the job pipeline's last events to the job counts).
   */
  outlivesRoutes?: boolean;
};

export type Worker = RoundWorker;

/** What a round cost and how it ended, for the metrics (ops/metrics.ts). */
export type RoundObserver = (name: string, ok: boolean, seconds: number) => void;

export type RunningWorkers = {
  names: string[];
  /**
   * Stop the workers and wait for them: together before the routes close, one after another (in
   * the list's order) those that outlive them, with `afterRoutes`.
   */
  stop: (which: 'beforeRoutes' | 'afterRoutes') => Promise<void>;
};

/**
 * Start every worker of the list; one `stop` per phase of the close stops them together. A stop
 * that fails is logged and does not keep the others (or the close) from going on.
 */
export function startWorkers(
  workers: Worker[],
  opts: { log: FastifyBaseLogger; observe?: RoundObserver },
): RunningWorkers {
  const running = workers.map((w) => {
    const log = opts.log.child({ worker: w.name });
    const stopRounds = every(w.everyMs, w.name, log, observed(w, opts.observe), w.firstAfterMs);
    return { w, afterRoutes: w.outlivesRoutes === true, stop: () => (w.stop ? w.stop(stopRounds) : stopRounds()) };
  });
  const stopped = new Set<unknown>();
  return {
    names: workers.map((w) => w.name),
    stop: async (which) => {
      const now = running.filter((r) => r.afterRoutes === (which === 'afterRoutes') && !stopped.has(r));
      for (const r of now) stopped.add(r);
      // said while it waits, as the close's steps are: a stop cut short names the worker it waited for
      const stop = (r: (typeof running)[number]) =>
        sayWhileWaiting(
          () =>
            r.stop().catch((err: unknown) => opts.log.error({ err, worker: r.w.name }, `${r.w.name}: stopping failed`)),
          () => opts.log.warn({ worker: r.w.name }, 'stopping: still waiting'),
        );
      if (which === 'beforeRoutes') await Promise.all(now.map(stop));
      else for (const r of now) await stop(r);
    },
  };
}

function observed(w: RoundWorker, observe: RoundObserver | undefined): RoundWorker['round'] {
  if (!observe) return w.round;
  return async (signal) => {
    const started = performance.now();
    let ok = false;
    try {
      await w.round(signal);
      ok = true;
    } finally {
      observe(w.name, ok, (performance.now() - started) / 1000);
    }
  };
}
