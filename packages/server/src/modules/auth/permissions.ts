import { permissionsForSide, type Side } from '@herald/contract';

const OP_ALL = new Set(permissionsForSide('op'));
const AC_ALL = new Set(permissionsForSide('ac'));

/** Permissions every new account may grant: the whole account-side catalogue. */
export const defaultAccountPermissions = () => [...AC_ALL];

/** What a side's users can hold at most: the catalogue of the side, narrowed to the account's set. */
export function grantable(side: Side, accountPermissions: readonly string[] | null): Set<string> {
  if (side === 'op') return new Set(OP_ALL);
  return new Set((accountPermissions ?? []).filter((p) => AC_ALL.has(p)));
}

/**
 * A user's effective permissions: the super-administrator holds everything grantable; others hold
 * the union of their roles, never more than grantable (so narrowing an account narrows its roles).
 */
export function effectivePermissions(opts: {
  side: Side;
  isSuperAdmin: boolean;
  accountPermissions: readonly string[] | null;
  rolePermissions: readonly string[];
}): Set<string> {
  const limit = grantable(opts.side, opts.accountPermissions);
  if (opts.isSuperAdmin) return limit;
  return new Set(opts.rolePermissions.filter((p) => limit.has(p)));
}
