import { can, LIVE_JOB_PERMISSIONS, LIVE_PERMISSIONS, type JobKind } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { LiveEvent } from './feed';

export type Viewer = Pick<AuthContext, 'userId' | 'side' | 'accountId' | 'permissions'>;

/**
 * Whether a stream's user may see an event: the same rules as the pages it feeds. An account's
 * user sees its own account's events, an operator every account's; each kind needs the query
 * permission of its page (a job event its records page's); unread goes to the account's users
 * (messages go to account users only; null: every account). The
 * dashboard event an operator gets is the platform's (account 0), which moves with every account's.
 */
export function visible(v: Viewer, e: LiveEvent): boolean {
  if (e.type === 'unread') return v.side === 'ac' && (e.data.accountId === null || e.data.accountId === v.accountId);
  if (e.type === 'resync' || e.type === 'ready') return true;
  const accountId = e.data.accountId as number | null | undefined;
  if (e.type === 'dashboard') return v.side === 'op' ? accountId === 0 : accountId === v.accountId;
  if (v.side === 'ac' && (accountId === null || accountId === undefined || accountId !== v.accountId)) return false;
  const permission =
    e.type === 'job' ? LIVE_JOB_PERMISSIONS[e.data.kind as JobKind] : (LIVE_PERMISSIONS[e.type] as string | undefined);
  return permission !== undefined && can(v.permissions, permission);
}
