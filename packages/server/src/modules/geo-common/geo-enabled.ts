import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Deps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import type { Invalidation } from '../../lib/invalidation';

/**
 * Whether an account has the geolocation service, remembered for a while: every position a device
 * reports asks, and the answer changes only when the platform turns the service on or off
 * (forgetGeoEnabled in this process; other servers are told through the invalidation bus).
 */
export const GEO_CACHE_MS = 30_000;

/** SQL: the account (an id, or a column naming one) has the geolocation service (its secret exists). */
export const hasGeoService = (accountId: number | SQLWrapper) =>
  sql<boolean>`exists(select 1 from account_apis x where x.account_id = ${accountId} and x.geo_secret is not null)`;

/**
 * One server's answers by account (Deps.geoEnabled); `forgotten` counts the forgets, for answers read meanwhile.
 * `asking`: the reads under way, which callers of the same moment share (a fleet reconnecting at once reports
 * thousands of positions before the first answer is back: 1,000 reads of one row in a 5,000-device storm).
 */
export type GeoEnabledCache = {
  answers: Map<number, { enabled: boolean; at: number }>;
  forgotten: number;
  asking: Map<number, { forgotten: number; answer: Promise<boolean> }>;
};

/** A server's cache, told by the invalidation bus what changed on any server. */
export function newGeoEnabledCache(bus: Invalidation): GeoEnabledCache {
  const cache: GeoEnabledCache = { answers: new Map(), forgotten: 0, asking: new Map() };
  bus.subscribe(
    'account',
    (id) => forget(cache, Number(id)),
    () => forget(cache),
  );
  return cache;
}

type GeoDeps = Pick<Deps, 'db' | 'invalidation' | 'geoEnabled'>;

function forget(c: GeoEnabledCache, accountId?: number): void {
  c.forgotten++;
  if (accountId === undefined) c.answers.clear();
  else c.answers.delete(accountId);
}

export async function geoEnabled(deps: GeoDeps, accountId: number, now = Date.now()): Promise<boolean> {
  const c = deps.geoEnabled;
  const hit = c.answers.get(accountId);
  if (hit && now - hit.at < GEO_CACHE_MS) return hit.enabled;
  // a read started before the last forget may carry the old answer: it is not shared
  const under = c.asking.get(accountId);
  if (under && under.forgotten === c.forgotten) return under.answer;
  const asked = c.forgotten;
  const answer = (async () => {
    const { rows } = await deps.db.execute<{ enabled: boolean }>(sql`select ${hasGeoService(accountId)} as enabled`);
    const enabled = rows[0]?.enabled === true;
    // an answer read while the service was being changed may be the old one, and one read while the
    // bus may miss other servers' changes may go stale unseen: neither is kept
    if (c.forgotten === asked && deps.invalidation.live) c.answers.set(accountId, { enabled, at: now });
    return enabled;
  })();
  const mine = { forgotten: asked, answer };
  c.asking.set(accountId, mine);
  try {
    return await answer;
  } finally {
    if (c.asking.get(accountId) === mine) c.asking.delete(accountId);
  }
}

export function forgetGeoEnabled(deps: Pick<Deps, 'geoEnabled'>, accountId: number): void {
  forget(deps.geoEnabled, accountId);
}

/** 'Not enabled yet, contact platform' unless the account has the service. */
export async function requireGeoService(deps: GeoDeps, accountId: number): Promise<void> {
  if (!(await geoEnabled(deps, accountId))) throw forbidden('error.serviceNotEnabled');
}
