import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Deps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { invalidationOf } from '../../lib/invalidation';

/**
 * Whether an account has the geolocation service, remembered for a while: every position a device
 * reports asks, and the answer changes only when the platform turns the service on or off
 * (forgetGeoEnabled in this process; other servers are told through the invalidation bus).
 */
export const GEO_CACHE_MS = 30_000;

/** SQL: the account (an id, or a column naming one) has the geolocation service (its secret exists). */
export const hasGeoService = (accountId: number | SQLWrapper) =>
  sql<boolean>`exists(select 1 from account_apis x where x.account_id = ${accountId} and x.geo_secret is not null)`;

type Cache = { answers: Map<number, { enabled: boolean; at: number }>; forgotten: number };
const caches = new WeakMap<object, Cache>();

const cacheOf = (deps: Pick<Deps, 'db'>): Cache => {
  let c = caches.get(deps.db);
  if (!c) {
    const cache: Cache = { answers: new Map(), forgotten: 0 };
    caches.set(deps.db, (c = cache));
    invalidationOf(deps.db)?.subscribe(
      'account',
      (id) => forget(cache, Number(id)),
      () => forget(cache),
    );
  }
  return c;
};

function forget(c: Cache, accountId?: number): void {
  c.forgotten++;
  if (accountId === undefined) c.answers.clear();
  else c.answers.delete(accountId);
}

/** false while the bus may miss other servers' changes: answers are not kept then */
const keeping = (deps: Pick<Deps, 'db'>) => invalidationOf(deps.db)?.live ?? true;

export async function geoEnabled(deps: Pick<Deps, 'db'>, accountId: number, now = Date.now()): Promise<boolean> {
  const c = cacheOf(deps);
  const hit = c.answers.get(accountId);
  if (hit && now - hit.at < GEO_CACHE_MS) return hit.enabled;
  const asked = c.forgotten;
  const { rows } = await deps.db.execute<{ enabled: boolean }>(sql`select ${hasGeoService(accountId)} as enabled`);
  const enabled = rows[0]?.enabled === true;
  // an answer read while the service was being changed may be the old one: not kept
  if (c.forgotten === asked && keeping(deps)) c.answers.set(accountId, { enabled, at: now });
  return enabled;
}

export function forgetGeoEnabled(deps: Pick<Deps, 'db'>, accountId: number): void {
  forget(cacheOf(deps), accountId);
}

/** 'Not enabled yet, contact platform' unless the account has the service. */
export async function requireGeoService(deps: Pick<Deps, 'db'>, accountId: number): Promise<void> {
  if (!(await geoEnabled(deps, accountId))) throw forbidden('error.serviceNotEnabled');
}
