import { asc, eq } from 'drizzle-orm';
import type { WebhookEvent } from '@herald/contract';
import type { Db } from '../../db/client';
import { accountApis, apiKeys } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import type { Invalidation } from '../../lib/invalidation';

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
/** One server's entries by account (Deps.pushConfigs). */
export type PushConfigCache = Map<number, Entry>;

/** A server's cache, told by the invalidation bus what changed on any server. */
export function newPushConfigCache(bus: Invalidation): PushConfigCache {
  const cache: PushConfigCache = new Map();
  bus.subscribe(
    'account',
    (id) => cache.delete(Number(id)),
    () => cache.clear(),
  );
  return cache;
}

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

export function pushConfig(
  deps: Pick<Deps, 'db' | 'invalidation' | 'pushConfigs'>,
  accountId: number,
  now = Date.now(),
): Promise<PushConfig> {
  const cache = deps.pushConfigs;
  const hit = cache.get(accountId);
  if (hit && now - hit.at < PUSH_CONFIG_TTL_MS) return hit.value;
  const value = load(deps.db, accountId);
  if (!deps.invalidation.live) return value;
  cache.set(accountId, { at: now, value });
  // a failed load is not cached
  value.catch(() => cache.get(accountId)?.value === value && cache.delete(accountId));
  return value;
}

export function invalidatePushConfig(deps: Pick<Deps, 'pushConfigs'>, accountId: number): void {
  deps.pushConfigs.delete(accountId);
}
