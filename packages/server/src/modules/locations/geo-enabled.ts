import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps';

/**
 * Whether an account has the geolocation service, remembered for a while: every position a device
 * reports asks, and the answer changes only when the platform turns the service on or off
 * (forgetGeoEnabled, in this process; other servers see the change within GEO_CACHE_MS).
 */
export const GEO_CACHE_MS = 30_000;

const cache = new WeakMap<object, Map<number, { enabled: boolean; at: number }>>();

export async function geoEnabled(deps: Pick<Deps, 'db'>, accountId: number, now = Date.now()): Promise<boolean> {
  let byAccount = cache.get(deps.db);
  if (!byAccount) cache.set(deps.db, (byAccount = new Map()));
  const hit = byAccount.get(accountId);
  if (hit && now - hit.at < GEO_CACHE_MS) return hit.enabled;
  const { rows } = await deps.db.execute<{ enabled: boolean }>(
    sql`select exists(select 1 from account_apis where account_id = ${accountId} and geo_secret is not null) as enabled`,
  );
  const enabled = rows[0]?.enabled === true;
  byAccount.set(accountId, { enabled, at: now });
  return enabled;
}

export function forgetGeoEnabled(deps: Pick<Deps, 'db'>, accountId: number): void {
  cache.get(deps.db)?.delete(accountId);
}
