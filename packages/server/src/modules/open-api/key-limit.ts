import type { Limit } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { rateLimited } from '../../lib/errors';
import { hitMany } from '../../lib/shared-limits';
import { Batcher } from '../../lib/batcher';

/**
 * Calls per app key (OPEN_API_LIMIT_PER_KEY), counted in `shared_limits` so the limit holds
 * however many servers take the account's calls: one account cannot take the whole capacity the
 * others share. Calls are counted in batches like their nonces (one statement for the calls of a
 * few ms, print-pipeline/write-queue.ts), each ranked by its place in its batch, so the count is exact. Only
 * signed calls count: anyone can send someone else's app key, and must not use up its allowance.
 */

type Verdict = { allowed: boolean; retryAfterMs: number };

export type KeyLimiter = Batcher<string, Verdict>;

const keyOf = (appKey: string) => `api:key:${appKey}`;

/**
 * The per-key counter of this server's signed calls (a field of Deps, built in build-deps.ts);
 * undefined when the limit is off.
 */
export function newKeyLimiter(db: Db, limit: Limit | undefined): KeyLimiter | undefined {
  if (!limit) return undefined;
  return new Batcher(
    async (appKeys: string[]) => {
      const counts = new Map<string, number>();
      for (const k of appKeys) counts.set(keyOf(k), (counts.get(keyOf(k)) ?? 0) + 1);
      const after = await hitMany(db, counts, limit.windowMs);
      // the batch's calls of a key took the last `n` of its hits, in the order they came
      const next = new Map([...counts].map(([k, n]) => [k, after.get(k)!.hits - n + 1]));
      return appKeys.map((appKey) => {
        const k = keyOf(appKey);
        const rank = next.get(k)!;
        next.set(k, rank + 1);
        return { allowed: rank <= limit.max, retryAfterMs: after.get(k)!.retryAfterMs };
      });
    },
    { maxItems: 200, maxWaitMs: 5, isolate: true },
  );
}

/** Count a signed call of `appKey`; rejects with 40029 (and Retry-After) past the key's limit. */
export async function countKeyCall(deps: Deps, appKey: string): Promise<void> {
  if (!deps.keyLimiter) return;
  const v = await deps.keyLimiter.add(appKey);
  if (!v.allowed) throw rateLimited(v.retryAfterMs, 'error.apiKeyRateLimited');
}
