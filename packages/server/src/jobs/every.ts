import type { FastifyBaseLogger } from 'fastify';

/**
 * Run `task` every `ms`, never two at once (a round still running when the next is due skips
 * that turn), logging a failure under `what`. Returns a function that stops the rounds and waits
 * for the one running. The timer does not keep the process alive.
 */
export function every(
  ms: number,
  what: string,
  log: FastifyBaseLogger,
  task: () => Promise<void>,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = task()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => (running = undefined));
  }, ms);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
