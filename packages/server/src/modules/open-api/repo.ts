import { sql } from 'drizzle-orm';
import { arrayStatement } from '../../db/array-statement';
import type { Db } from '../../db/client';
import { countIntoWindows } from '../../lib/shared-limits';
import { jobDeviceOf, type DeviceQuery } from '../print-pipeline/batch-repo';
import { toTargetDevice, type TargetDevice } from '../print-pipeline/repo';

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

export type NonceItem = {
  appKey: string;
  nonce: string;
  expiresAt: Date;
  /** a job call's device, looked up in the same statement (admission.ts) */
  device?: DeviceQuery;
};

const nonceKey = (appKey: unknown, nonce: unknown) => `${String(appKey)}\n${String(nonce)}`;

/** Per item, whether its nonce was stored now (`stored`: the rows answered); the first of a batch's duplicates takes it. */
const freshOf = (items: NonceItem[], stored: Record<string, unknown>[]): boolean[] => {
  const fresh = new Set(stored.map((r) => nonceKey(r.app_key, r.nonce)));
  return items.map((n) => fresh.delete(nonceKey(n.appKey, n.nonce)));
};

/** An admitted call's key, counted in `shared_limits` (key-limit.ts). */
export const keyLimitKey = (appKey: string) => `api:key:${appKey}`;

/** Per key of a batch: its hits in the current window after the batch, and the ms left of it. */
export type KeyHits = Map<string, { hits: number; retryAfterMs: number }>;

/**
 * A batch of calls' admission in one statement: their nonces, their keys' hits (when the limit is
 * on) and the devices of the job calls among them. One round trip per batch instead of three: on
 * PostgreSQL at 200 jobs/s a batch holds one or two calls, and each statement costs ~0.6 ms of CPU
 * on both sides. The keys are counted in `shared_limits` as lib/shared-limits.ts counts its keys
 * (one row per key and window, the database's clock ending it), a batch's calls of a key at once,
 * keys in order so two servers' batches never wait on each other in a circle, and whether or not
 * the nonce was fresh. The devices are read as the pipeline reads them (jobDeviceOf), in the same
 * snapshot as the nonces.
 */
const admitStatement = arrayStatement<NonceItem & { windowMs: number | null }>('open-api.admit')(
  {
    i: (_, i) => i,
    appKey: (n) => n.appKey,
    nonce: (n) => n.nonce,
    expiresAt: (n) => n.expiresAt.toISOString(),
    limitKey: (n) => (n.windowMs === null ? null : keyLimitKey(n.appKey)),
    windowMs: (n) => n.windowMs,
    accountId: (n) => n.device?.accountId ?? null,
    sn: (n) => n.device?.sn ?? null,
  },
  (c, rows) => sql`with v as (
               select * from unnest(${c.i}::int[], ${c.appKey}::text[], ${c.nonce}::text[], ${c.expiresAt}::timestamptz[],
                                    ${c.limitKey}::text[], ${c.windowMs}::int[], ${c.accountId}::int[], ${c.sn}::text[])
                 as v(i, app_key, nonce, expires_at, limit_key, window_ms, account_id, sn) ${rows}),
             n as (insert into api_nonces (app_key, nonce, expires_at) select app_key, nonce, expires_at from v
                   on conflict do nothing returning app_key, nonce),
             l as (insert into shared_limits (key, hits, ends_at)
                   select limit_key, count(*), now() + max(window_ms) * interval '1 millisecond'
                     from v where limit_key is not null group by 1 order by 1
                   ${countIntoWindows})
             select app_key, nonce, null::text as key, null::int as hits, null::bigint as retry_after,
                    null::int as i, null::jsonb as device from n
             union all select null, null, key, hits, retry_after, null, null from l
             union all select null, null, null, null, null, v.i, to_jsonb(d) from v ${jobDeviceOf(sql.raw('v'))}`,
);

/** A batch of calls admitted (admitStatement). */
export type Admitted = {
  /** per item, whether its nonce was fresh (false also for a batch's second use of a nonce) */
  fresh: boolean[];
  /** per key, its hits after this batch (none when the limit is off) */
  hits: KeyHits;
  /** per item that named one, its device (undefined: none of its account by that S/N) */
  devices: (TargetDevice | undefined)[];
};

/**
 * Store the calls' nonces, count their keys' calls in windows of `windowMs` (undefined: the limit
 * is off) and look up the job calls' devices, in one statement.
 */
export async function admitCalls(db: Db, items: NonceItem[], windowMs: number | undefined): Promise<Admitted> {
  const w = windowMs === undefined ? null : Math.max(1, Math.trunc(windowMs));
  const rows = await admitStatement(
    db,
    items.map((n) => ({ ...n, windowMs: w })),
  );
  const hits: KeyHits = new Map();
  const devices: (TargetDevice | undefined)[] = items.map(() => undefined);
  const nonces: Record<string, unknown>[] = [];
  for (const r of rows) {
    if (r.key !== null) hits.set(String(r.key), { hits: Number(r.hits), retryAfterMs: Number(r.retry_after) });
    else if (r.i !== null) devices[Number(r.i)] = toTargetDevice(r.device as Record<string, unknown>);
    else nonces.push(r);
  }
  return { fresh: freshOf(items, nonces), hits, devices };
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
