import { OPER_MODULES, OPER_TYPES, type AccountSummary } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, invalid, notFound } from '../../lib/errors';
import * as repo from './repo';

export const operModules = () => OPER_MODULES.map((value) => ({ value }));
export const operTypes = () => OPER_TYPES.map((value) => ({ value }));

/** The account of an account-side caller; operators have none. */
function ownAccount(auth: AuthContext): number | undefined {
  if (auth.side === 'op') return undefined;
  if (auth.accountId === null) throw forbidden();
  return auth.accountId;
}

/** Operators see every account, account users only their own. */
export const accountOptions = (deps: Deps, auth: AuthContext) => repo.accountOptions(deps.db, ownAccount(auth));

/** Users of one account: operators name it, account users get (only) their own. */
export async function accountUserOptions(deps: Deps, auth: AuthContext, accountId: number | undefined) {
  const own = ownAccount(auth);
  if (own !== undefined) {
    if (accountId !== undefined && accountId !== own) throw forbidden();
    return repo.accountUserOptions(deps.db, own);
  }
  if (accountId === undefined) throw invalid('error.selectAccountFirst', 'accountId');
  if (!(await repo.accountExists(deps.db, accountId))) throw notFound();
  return repo.accountUserOptions(deps.db, accountId);
}

export async function accountSummary(deps: Deps, auth: AuthContext): Promise<AccountSummary> {
  const own = ownAccount(auth);
  if (own === undefined) {
    const [accountCount, enabledAccountCount, userCount, opUserCount] = await Promise.all([
      repo.countAccounts(deps.db),
      repo.countAccounts(deps.db, true),
      repo.countLiveUsers(deps.db, { side: 'ac' }),
      repo.countLiveUsers(deps.db, { side: 'op' }),
    ]);
    return { side: 'op', accountCount, enabledAccountCount, userCount, opUserCount };
  }
  const account = await repo.findAccountName(deps.db, own);
  if (!account) throw notFound();
  const [userCount, roleCount] = await Promise.all([
    repo.countLiveUsers(deps.db, { side: 'ac', accountId: own }),
    repo.countAccountRoles(deps.db, own),
  ]);
  return { side: 'ac', account, userCount, roleCount };
}
