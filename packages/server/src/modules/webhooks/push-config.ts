import { asc, eq } from 'drizzle-orm';
import type { WebhookEvent } from '@herald/contract';
import type { Db } from '../../db/client';
import { accountApis, apiKeys } from '../../db/schema';
import { invalidationOf } from '../../lib/invalidation';

/**
 * An account's push addresses and signing secret (its oldest API key's), cached for a few seconds: the pipeline calls
 * onJobStatus on every status change, and most accounts have no push address at all, so the
 * usual answer ("nothing to do") must not cost a query per job. Settings changes invalidate the
 * entry in this process, and in the others through the invalidation bus (topic 'account').
 */
export const PUSH_CONFIG_TTL_MS = 5_000;

export type PushConfig = {
  urls: Partial<Record<WebhookEvent, string>>;
  secret: string | null;
  /** the signing key's old secret during a rotation's overlap, and when it stops (ms) */
  previous: { secret: string; expiresAt: number } | null;
};
type Entry = { at: number; value: Promise<PushConfig> };

// per database, so several servers in one process (tests) never share entries
const caches = new WeakMap<Db, Map<number, Entry>>();
const cacheOf = (db: Db) => {
  let c = caches.get(db);
  if (!c) {
    const cache = new Map<number, Entry>();
    caches.set(db, (c = cache));
    invalidationOf(db)?.subscribe(
      'account',
      (id) => cache.delete(Number(id)),
      () => cache.clear(),
    );
  }
  return c;
};

async function load(db: Db, accountId: number): Promise<PushConfig> {
  const [[row], [key]] = await Promise.all([
    db
      .select({ pushUrls: accountApis.pushUrls })
      .from(accountApis)
      .where(eq(accountApis.accountId, accountId))
      .limit(1),
    db
      .select({ secret: apiKeys.secret, previous: apiKeys.previousSecret, until: apiKeys.previousExpiresAt })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(asc(apiKeys.id))
      .limit(1),
  ]);
  const urls: PushConfig['urls'] = {};
  for (const [k, v] of Object.entries((row?.pushUrls ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string' && v) urls[k as WebhookEvent] = v;
  }
  return {
    urls,
    secret: key?.secret ?? null,
    previous: key?.previous && key.until ? { secret: key.previous, expiresAt: key.until.getTime() } : null,
  };
}

export function pushConfig(db: Db, accountId: number, now = Date.now()): Promise<PushConfig> {
  const cache = cacheOf(db);
  const hit = cache.get(accountId);
  if (hit && now - hit.at < PUSH_CONFIG_TTL_MS) return hit.value;
  const value = load(db, accountId);
  if (invalidationOf(db)?.live === false) return value;
  cache.set(accountId, { at: now, value });
  // a failed load is not cached
  value.catch(() => cache.get(accountId)?.value === value && cache.delete(accountId));
  return value;
}

export function invalidatePushConfig(db: Db, accountId: number): void {
  cacheOf(db).delete(accountId);
}
