import { sql } from 'drizzle-orm';
import { arrayStatement } from '../../db/array-statement';
import type { Db } from '../../db/client';
import { countIntoWindows } from '../../lib/shared-limits';

/**
 * The open API's own SQL: its keys (what admits a call), its nonces (a call is taken once) and
 * the general request records of calls that made no job (a job's record is written with the job,
 * print-pipeline/batch-repo.ts).
 */

/** What the open API needs of a key to admit a call: its secrets and its account's status. */
export type ApiKeyRow = {
  keyId: number;
  accountId: number;
  appKey: string;
  secret: string;
  /** a rotated key's old secret, accepted until `previousExpiresAt` (ms) */
  previousSecret: string | null;
  previousExpiresAt: number | null;
  accountStatus: number;
};

type Raw = Record<string, unknown>;

export async function findApiKey(db: Db, appKey: string): Promise<ApiKeyRow | undefined> {
  const [r] = (
    await db.execute<Raw>(
      sql`select k.id, k.account_id, k.app_key, k.secret, k.previous_secret, k.previous_expires_at,
                 c.status as account_status
            from api_keys k join accounts c on c.id = k.account_id
           where k.app_key = ${appKey}`,
    )
  ).rows;
  if (!r) return undefined;
  const expires = r.previous_expires_at;
  return {
    keyId: Number(r.id),
    accountId: Number(r.account_id),
    appKey: String(r.app_key),
    secret: String(r.secret),
    previousSecret: (r.previous_secret as string | null) ?? null,
    previousExpiresAt: expires === null || expires === undefined ? null : new Date(expires as string).getTime(),
    accountStatus: Number(r.account_status),
  };
}

/**
 * Last use of these keys, now; a key written less than `minAgeMs` ago is left alone (another
 * server wrote it), so each key's row changes at most once a minute whatever the servers.
 */
export async function touchKeys(db: Db, keyIds: number[], minAgeMs: number): Promise<void> {
  const ids = sql.join(
    keyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    update api_keys set last_used_at = now()
     where id in (${ids})
       and (last_used_at is null or last_used_at < now() - make_interval(secs => ${minAgeMs / 1000}))`);
}

// ── nonces ───────────────────────────────────────────────────────────────

export type NonceItem = { appKey: string; nonce: string; expiresAt: Date };

const insertNonces = arrayStatement<NonceItem>('open-api.nonces')(
  { appKey: (n) => n.appKey, nonce: (n) => n.nonce, expiresAt: (n) => n.expiresAt.toISOString() },
  (c, rows) => sql`insert into api_nonces (app_key, nonce, expires_at)
             select * from unnest(${c.appKey}::text[], ${c.nonce}::text[], ${c.expiresAt}::timestamptz[]) ${rows}
             on conflict do nothing returning app_key, nonce`,
);

const nonceKey = (appKey: unknown, nonce: unknown) => `${String(appKey)}\n${String(nonce)}`;

/** Per item, whether its nonce was stored now (`stored`: the rows answered); the first of a batch's duplicates takes it. */
const freshOf = (items: NonceItem[], stored: Record<string, unknown>[]): boolean[] => {
  const fresh = new Set(stored.map((r) => nonceKey(r.app_key, r.nonce)));
  return items.map((n) => fresh.delete(nonceKey(n.appKey, n.nonce)));
};

/** Records the nonces; per item false when it was seen before (also earlier in the same batch). */
export async function useNonces(db: Db, items: NonceItem[]): Promise<boolean[]> {
  const unique = new Map(items.map((n) => [nonceKey(n.appKey, n.nonce), n]));
  return freshOf(items, await insertNonces(db, [...unique.values()]));
}

/** An admitted call's key, counted in `shared_limits` (key-limit.ts). */
export const keyLimitKey = (appKey: string) => `api:key:${appKey}`;

/** Per key of a batch: its hits in the current window after the batch, and the ms left of it. */
export type KeyHits = Map<string, { hits: number; retryAfterMs: number }>;

/**
 * The nonces of a batch of calls and their keys' hits in one statement (one round trip per batch
 * instead of two: on PostgreSQL at 200 jobs/s a batch holds one or two calls, and each statement
 * costs ~0.6 ms of CPU on both sides). The keys are counted in `shared_limits` as lib/shared-limits.ts
 * counts its keys (one row per key and window, the database's clock ending it), a batch's calls of
 * a key at once, keys in order so two servers' batches never wait on each other in a circle, and
 * whether or not the nonce was fresh.
 */
const insertNoncesCounting = arrayStatement<NonceItem & { windowMs: number }>('open-api.nonces-counted')(
  {
    appKey: (n) => n.appKey,
    nonce: (n) => n.nonce,
    expiresAt: (n) => n.expiresAt.toISOString(),
    limitKey: (n) => keyLimitKey(n.appKey),
    windowMs: (n) => n.windowMs,
  },
  (c, rows) => sql`with v as (
               select * from unnest(${c.appKey}::text[], ${c.nonce}::text[], ${c.expiresAt}::timestamptz[],
                                    ${c.limitKey}::text[], ${c.windowMs}::int[])
                 as v(app_key, nonce, expires_at, limit_key, window_ms) ${rows}),
             n as (insert into api_nonces (app_key, nonce, expires_at) select app_key, nonce, expires_at from v
                   on conflict do nothing returning app_key, nonce),
             l as (insert into shared_limits (key, hits, ends_at)
                   select limit_key, count(*), now() + max(window_ms) * interval '1 millisecond'
                     from v group by 1 order by 1
                   ${countIntoWindows})
             select app_key, nonce, null::text as key, null::int as hits, null::bigint as retry_after from n
             union all select null, null, key, hits, retry_after from l`,
);

/**
 * `useNonces` and the keys' hits of the same calls in one statement: per item whether its nonce
 * was fresh, and per key its hits after this batch.
 */
export async function useNoncesCounting(
  db: Db,
  items: NonceItem[],
  windowMs: number,
): Promise<{ fresh: boolean[]; hits: KeyHits }> {
  const w = Math.max(1, Math.trunc(windowMs));
  const rows = await insertNoncesCounting(
    db,
    items.map((n) => ({ ...n, windowMs: w })),
  );
  const hits: KeyHits = new Map();
  for (const r of rows) {
    if (r.key !== null) hits.set(String(r.key), { hits: Number(r.hits), retryAfterMs: Number(r.retry_after) });
  }
  return {
    fresh: freshOf(
      items,
      rows.filter((r) => r.key === null),
    ),
    hits,
  };
}

/** Nonces whose timestamps would be refused anyway: they need no remembering. */
export async function purgeNonces(db: Db): Promise<void> {
  await db.execute(sql`delete from api_nonces where expires_at < now()`);
}

// ── general request records ──────────────────────────────────────────────

/** An open API call's general request record, when the call did not create a job. */
export type ApiRequestRow = {
  accountId: number | null;
  appKey: string | null;
  method: string;
  path: string;
  orderId: string | null;
  sn: string | null;
  jobId: number | null;
  result: number;
  code: number;
  message: string | null;
  ip: string | null;
  durationMs: number;
};

/** Several general request records in one statement (call-queue.ts batches them). */
export async function insertApiRequests(db: Db, rs: ApiRequestRow[]): Promise<void[]> {
  if (!rs.length) return [];
  const values = sql.join(
    rs.map(
      (r) =>
        sql`(${r.accountId}::int, ${r.appKey}, ${r.method}, ${r.path}, ${r.orderId}, ${r.sn}, ${r.jobId}::bigint,
             ${r.result}::smallint, ${r.code}::int, ${r.message}, ${r.ip}, ${r.durationMs}::int)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`insert into api_requests (account_id, app_key, method, path, order_id, sn, job_id, result, code, message, ip, duration_ms)
        values ${values}`,
  );
  return rs.map(() => undefined);
}
