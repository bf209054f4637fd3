import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { named } from '../db/named';

/**
 * Attempt and rate limits that hold across every server sharing the database: a fixed window per
 * key, counted in one row of `shared_limits` by one statement per hit (an upsert, so two servers
 * hitting the same key at once are counted one after the other). The database's clock decides
 * when a window ends, so servers whose clocks differ agree. Rows of ended windows are reused by
 * the key's next hit and purged by the housekeeping round (housekeeping/purge.ts).
 *
 * Keys are namespaced by their user: `qr:client:<address>|<sn>`, `signin:<username>`, ...
 */

export type LimitState = {
  /** whether this hit is within the limit (the first `max` hits of a window are) */
  allowed: boolean;
  /** hits in the current window, this one included */
  hits: number;
  /** hits left in the window after this one */
  remaining: number;
  /** ms until the window ends (and the key is allowed again) */
  retryAfterMs: number;
};

/** More than any limit needs; keeps a key hammered for a long window from overflowing. */
const HITS_CAP = 1_000_000_000;

/**
 * The end of an `insert into shared_limits (key, hits, ends_at) …` that counts its rows' hits into
 * their keys' windows: a window that has ended starts again with these hits. It answers each key's
 * hits after them and the ms left of its window (`key, hits, retry_after`). Also used inside the
 * open API's admission statement (modules/open-api/repo.ts).
 */
export const countIntoWindows = sql`on conflict (key) do update set
          hits = case when shared_limits.ends_at <= now() then excluded.hits
                      else least(shared_limits.hits + excluded.hits, ${HITS_CAP}) end,
          ends_at = case when shared_limits.ends_at <= now() then excluded.ends_at else shared_limits.ends_at end
        returning key, hits, greatest(0, ceil(extract(epoch from ends_at - now()) * 1000))::bigint as retry_after`;

/** Count a hit of `key` in its window of `windowMs` (starting with its first hit), `max` allowed. */
export async function hit(db: Db, key: string, windowMs: number, max: number): Promise<LimitState> {
  const rows = await named(
    db,
    'limits.hit',
    sql`insert into shared_limits (key, hits, ends_at)
          values (${key}, 1, now() + ${Math.max(1, Math.trunc(windowMs))} * interval '1 millisecond')
        ${countIntoWindows}`,
  );
  return stateOf(Number(rows[0]!.hits), Number(rows[0]!.retry_after), max);
}

/**
 * The keys' current windows without counting a hit: for limits that count failures only (a wrong
 * password), asked before the attempt. A key without a live window has used nothing.
 */
export async function peek(db: Db, keys: string[], max: number): Promise<Map<string, LimitState>> {
  const rows = await named(
    db,
    'limits.peek',
    sql`select key, hits, greatest(0, ceil(extract(epoch from ends_at - now()) * 1000))::bigint as retry_after
          from shared_limits where key = any(${sql.param(keys)}::text[]) and ends_at > now()`,
  );
  const out = new Map(keys.map((k) => [k, stateOf(0, 0, max)]));
  for (const r of rows) out.set(String(r.key), stateOf(Number(r.hits), Number(r.retry_after), max));
  return out;
}

/**
 * Take back one hit of each key's current window: for limits that count failures only, an attempt
 * is counted before it runs (so attempts arriving together cannot all slip under the limit) and
 * given back when it did not fail (the right password) or was not run (refused by another key).
 */
export async function release(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await named(
    db,
    'limits.release',
    sql`update shared_limits set hits = greatest(0, hits - 1)
          where key = any(${sql.param(keys)}::text[]) and ends_at > now()`,
  );
}

/** Whether `key` already used up its `max` hits (the next hit would not be allowed). */
export const exhausted = (s: LimitState | undefined, max: number) => (s?.hits ?? 0) >= max;

/** End the key's window (a successful sign-in forgiving earlier failures, say). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from shared_limits where key = ${key}`);
}

const stateOf = (hits: number, retryAfterMs: number, max: number): LimitState => ({
  allowed: hits <= max,
  hits,
  remaining: Math.max(0, max - hits),
  retryAfterMs: hits > 0 ? retryAfterMs : 0,
});
