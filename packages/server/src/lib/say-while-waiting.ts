/** How long a part of a stop may wait before it is named at warn level. */
const STOP_PART_WAIT_MS = 5_000;

/**
 * Run one part of a stop, and call `say` if it is still waiting after `ms`: said while it waits,
 * so a stop a supervisor cuts short (its timeout, then SIGKILL) leaves a line naming where it was.
 * The timer keeps no process alive.
 */
export async function sayWhileWaiting<T>(
  run: () => T | Promise<T>,
  say: () => void,
  ms = STOP_PART_WAIT_MS,
): Promise<T> {
  const waiting = setTimeout(say, ms);
  waiting.unref();
  try {
    return await run();
  } finally {
    clearTimeout(waiting);
  }
}
