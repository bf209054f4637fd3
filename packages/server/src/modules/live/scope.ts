import { sql } from 'drizzle-orm';
import { can, LIVE_JOB_PERMISSIONS, LIVE_PERMISSIONS, type JobKind } from '@herald/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/context';
import { dataOwner } from '../../lib/data-scope';
import type { LiveEvent } from './feed';

/** What an "own data only" user owns (lib/data-scope.ts), as the stream last read it. */
export type Owned = { devices: ReadonlySet<number>; otaTasks: ReadonlySet<number>; pushTasks: ReadonlySet<number> };

export type Viewer = Pick<AuthContext, 'userId' | 'side' | 'accountId' | 'permissions' | 'ownDataOnly'> & {
  /** read at the stream's start and at each heartbeat; until then, none of the account's devices */
  owned?: Owned;
};

/**
 * Whether a stream's user may see an event: the same rules as the pages it feeds. An account's
 * user sees its own account's events, an operator every account's; each kind needs the query
 * permission of its page (a job event its records page's); unread goes to the account's users
 * (messages go to account users only; null: every account). The
 * dashboard event an operator gets is the platform's (account 0), which moves with every account's.
 * A user with "own data only" sees the events of their devices and tasks only, as their lists do;
 * the dashboard event only says "read again", and what is read again is narrowed.
 */
export function visible(v: Viewer, e: LiveEvent): boolean {
  if (e.type === 'unread') return v.side === 'ac' && (e.data.accountId === null || e.data.accountId === v.accountId);
  if (e.type === 'resync' || e.type === 'ready') return true;
  const accountId = e.data.accountId as number | null | undefined;
  if (e.type === 'dashboard') return v.side === 'op' ? accountId === 0 : accountId === v.accountId;
  if (v.side === 'ac' && (accountId === null || accountId === undefined || accountId !== v.accountId)) return false;
  const permission =
    e.type === 'job' ? LIVE_JOB_PERMISSIONS[e.data.kind as JobKind] : (LIVE_PERMISSIONS[e.type] as string | undefined);
  return permission !== undefined && can(v.permissions, permission) && owns(v, e);
}

/** Whether a narrowed viewer owns what the event is about (everyone else: yes). */
function owns(v: Viewer, e: LiveEvent): boolean {
  if (dataOwner(v) === undefined) return true;
  const owned = v.owned;
  if (!owned) return false;
  if (e.type === 'ota') return owned.otaTasks.has(e.data.taskId as number);
  if (e.type === 'pushTask') return owned.pushTasks.has(e.data.taskId as number);
  const deviceId = e.data.deviceId as number | undefined;
  return deviceId !== undefined && owned.devices.has(deviceId);
}

/** What a narrowed viewer owns now, in one read; undefined for a viewer who is not narrowed. */
export async function readOwned(db: Db, v: Viewer): Promise<Owned | undefined> {
  const owner = dataOwner(v);
  if (owner === undefined) return undefined;
  const { rows } = await db.execute<{ kind: string; id: number }>(
    sql`select 'd' as kind, id from devices where owner_user_id = ${owner} and account_id = ${v.accountId}
        union all select 'o', id from ota_tasks where created_by = ${owner} and account_id = ${v.accountId}
        union all select 'p', id from push_tasks where created_by = ${owner} and account_id = ${v.accountId}`,
  );
  const of = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => Number(r.id)));
  return { devices: of('d'), otaTasks: of('o'), pushTasks: of('p') };
}
