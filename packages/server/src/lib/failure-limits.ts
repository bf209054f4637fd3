import type { Limit } from '../config';
import type { Db } from '../db/client';
import { hit, release } from './shared-limits';

/** One counter an attempt is held to: its key in `shared_limits` and its limit (undefined: off). */
export type Counter = { key: string; limit: Limit | undefined };

export type Refusal = {
  /** ms until every counter that refused the attempt lets it in again */
  retryAfterMs: number;
  /** the keys that refused it */
  keys: string[];
};

/**
 * Run `attempt` under limits that count failures only (wrong passwords, unknown tokens), held in
 * the database so they count across every server. Each counter is hit before the attempt runs, so
 * a burst arriving together cannot slip under the limit between a check and a count; then
 * - a counter past its limit refuses the attempt: it does not run, `refused` decides what is
 *   thrown, and the other counters get their hit back (a refusal is not a failure: hammering one
 *   username must not use up the address's allowance of everyone behind the same address);
 * - an attempt that ends without failing (`failed(err)` false, or no error) gives every hit back.
 */
export async function underFailureLimits<T>(
  db: Db,
  counters: Counter[],
  attempt: () => Promise<T>,
  opts: { failed: (err: unknown) => boolean; refused: (r: Refusal) => Promise<never> },
): Promise<T> {
  const live = counters.filter((c): c is { key: string; limit: Limit } => c.limit !== undefined);
  const states = await Promise.all(live.map((c) => hit(db, c.key, c.limit.windowMs, c.limit.max)));
  const over = live.filter((_, i) => !states[i]!.allowed);
  if (over.length > 0) {
    await release(
      db,
      live.filter((_, i) => states[i]!.allowed).map((c) => c.key),
    );
    const retryAfterMs = Math.max(...states.filter((s) => !s.allowed).map((s) => s.retryAfterMs));
    return opts.refused({ retryAfterMs, keys: over.map((c) => c.key) });
  }
  const keys = live.map((c) => c.key);
  let out: T;
  try {
    out = await attempt();
  } catch (err) {
    if (!opts.failed(err)) await giveBack(db, keys);
    throw err;
  }
  await giveBack(db, keys);
  return out;
}

/** A hit not given back only counts one failure too many: never worth failing the attempt for. */
const giveBack = (db: Db, keys: string[]) => release(db, keys).catch(() => undefined);
