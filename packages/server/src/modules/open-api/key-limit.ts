import type { Limit } from '../../config';
import { keyLimitKey, type KeyHits } from './repo';

/**
 * Calls per app key (OPEN_API_LIMIT_PER_KEY), counted in `shared_limits` so the limit holds
 * however many servers take the account's calls: one account cannot take the whole capacity the
 * others share. Calls are counted with their nonces, in the same statement (call-queue.ts,
 * repo.ts `useNoncesCounting`), each ranked by its place in its batch, so the count is exact.
 * Only signed calls count: anyone can send someone else's app key, and must not use up its
 * allowance.
 */

export type KeyVerdict = { allowed: boolean; retryAfterMs: number };

/**
 * Each call's verdict, given its key's hits after the batch: the batch's calls of a key took the
 * last `n` of its hits, in the order they came.
 */
export function rankKeyCalls(appKeys: string[], hits: KeyHits, limit: Limit): KeyVerdict[] {
  const counts = new Map<string, number>();
  for (const k of appKeys) counts.set(keyLimitKey(k), (counts.get(keyLimitKey(k)) ?? 0) + 1);
  const next = new Map([...counts].map(([k, n]) => [k, hits.get(k)!.hits - n + 1]));
  return appKeys.map((appKey) => {
    const k = keyLimitKey(appKey);
    const rank = next.get(k)!;
    next.set(k, rank + 1);
    return { allowed: rank <= limit.max, retryAfterMs: hits.get(k)!.retryAfterMs };
  });
}
