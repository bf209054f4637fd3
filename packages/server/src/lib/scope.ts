import type { Side } from '@herald/contract';
import type { AuthContext } from './context';
import { forbidden, invalid } from './errors';

/**
 * Account scoping of the fleet: account users see only their own account's records, operators
 * see every account's. Services call these; routes never scope.
 */

/** The caller's account, or undefined for an operator (who sees all accounts). */
export function ownAccount(auth: Pick<AuthContext, 'side' | 'accountId'>): number | undefined {
  if (auth.side === 'op') return undefined;
  if (auth.accountId === null) throw forbidden();
  return auth.accountId;
}

/**
 * The account a request acts on: an account user's own (naming another is refused), or the one an
 * operator names ('Please select an application or account first' when none is named).
 */
export function targetAccount(
  auth: Pick<AuthContext, 'side' | 'accountId'>,
  accountId: number | null | undefined,
): number {
  const own = ownAccount(auth);
  if (own !== undefined) {
    if (accountId !== undefined && accountId !== null && accountId !== own) throw forbidden();
    return own;
  }
  if (accountId === undefined || accountId === null) throw invalid('error.selectAccountFirst', 'accountId');
  return accountId;
}

/**
 * The account a list is narrowed to: an account user's own (naming another is refused), or the
 * one an operator names, if any (undefined: every account).
 */
export function listAccount(auth: Pick<AuthContext, 'side' | 'accountId'>, accountId: number | undefined) {
  const own = ownAccount(auth);
  if (own !== undefined && accountId !== undefined && accountId !== own) throw forbidden();
  return own ?? accountId;
}

/** May the caller see a record of `accountId`? Operators always; account users only their own. */
export const inScope = (auth: Pick<AuthContext, 'side' | 'accountId'>, accountId: number) =>
  auth.side === 'op' || auth.accountId === accountId;

/** Whole days from now until `d` (rounded up; 0 or less once passed). */
export const daysUntil = (d: Date, now = Date.now()) => Math.ceil((d.getTime() - now) / (24 * 3600 * 1000));

/** Where a caller's users and roles live: the operator side, or one account. */
export type SideScope = { side: Side; accountId: number | null };

/** An operator manages operator users and roles; an account user those of their own account. */
export const sideScope = (auth: Pick<AuthContext, 'side' | 'accountId'>): SideScope => ({
  side: auth.side,
  accountId: auth.side === 'op' ? null : auth.accountId,
});
