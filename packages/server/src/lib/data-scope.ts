import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { AuthContext } from './context';
import { notFound } from './errors';

/**
 * "Own data only" (a user's data permission 'self', spec §3): beside account scoping (scope.ts),
 * such a user sees only the devices assigned to them, the templates, businesses and tasks they
 * made, and the records of their devices. The account's administrator and users with 'all' see
 * the whole account. Services turn the caller into one of these conditions; repos add it beside
 * the account condition.
 */

type Caller = Pick<AuthContext, 'side' | 'userId' | 'ownDataOnly'>;

/** The user the caller's data is narrowed to, or undefined (the whole account, or an operator). */
export const dataOwner = (auth: Caller): number | undefined =>
  auth.side === 'ac' && auth.ownDataOnly ? auth.userId : undefined;

/** Rows whose owner column (`created_by`, `owner_user_id`) is the caller, when narrowed. */
export const ownedBy = (column: AnyPgColumn, owner: number | undefined): SQL | undefined =>
  owner === undefined ? undefined : sql`${column} = ${owner}`;

/** Rows of a device (by its id column) assigned to the owner, when narrowed. */
export const ofOwnedDevice = (deviceId: AnyPgColumn, owner: number | undefined): SQL | undefined =>
  owner === undefined ? undefined : sql`${deviceId} in (select d.id from devices d where d.owner_user_id = ${owner})`;

/** Rows naming a device by S/N (API requests) of a device assigned to the owner, when narrowed. */
export const ofOwnedSn = (sn: AnyPgColumn, owner: number | undefined): SQL | undefined =>
  owner === undefined
    ? undefined
    : sql`${sn} in (select d.sn from devices d where d.owner_user_id = ${owner} and d.status <> -1)`;

/** A fetched row another user owns is "not found" to a narrowed caller, as another account's is. */
export function mustOwn(auth: Caller, ownerOfRow: number | null | undefined): void {
  const owner = dataOwner(auth);
  if (owner !== undefined && ownerOfRow !== owner) throw notFound();
}

/** A row of a device (its id) another user's device is "not found" to a narrowed caller. */
export async function mustOwnDevice(db: Db, auth: Caller, deviceId: number | null): Promise<void> {
  const owner = dataOwner(auth);
  if (owner === undefined) return;
  if (deviceId === null) throw notFound();
  const { rows } = await db.execute<{ ok: number }>(
    sql`select 1 as ok from devices where id = ${deviceId} and owner_user_id = ${owner}`,
  );
  if (!rows.length) throw notFound();
}

/** A job (print or voice) of another user's device is "not found" to a narrowed caller. */
export async function mustOwnJob(db: Db, auth: Caller, jobId: number): Promise<void> {
  const owner = dataOwner(auth);
  if (owner === undefined) return;
  const { rows } = await db.execute<{ ok: number }>(
    sql`select 1 as ok from jobs j join devices d on d.id = j.device_id where j.id = ${jobId} and d.owner_user_id = ${owner}`,
  );
  if (!rows.length) throw notFound();
}
