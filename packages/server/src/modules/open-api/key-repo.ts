import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

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
