import type { FastifyBaseLogger } from 'fastify';

/**
 * Run `task` every `ms` (the first time after `firstAfterMs`, by default `ms`), never two at once
 * (a round still running when the next is due skips that turn), logging a failure under `what`.
 * Returns a function that stops the rounds and waits for the one running; a long task may watch
 * the signal it is given, which aborts at the stop, and end early. The timers do not keep the
 * process alive.
 */
export function every(
  ms: number,
  what: string,
  log: FastifyBaseLogger,
  task: (signal: AbortSignal) => Promise<void>,
  firstAfterMs = ms,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const round = () => {
    if (running || stopped) return;
    running = task(stopping.signal)
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(round, ms);
  const first = firstAfterMs === ms ? undefined : setTimeout(round, firstAfterMs);
  timer.unref();
  first?.unref();
  return async () => {
    stopped = true;
    stopping.abort();
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
