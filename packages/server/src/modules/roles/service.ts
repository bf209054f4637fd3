import type { z } from 'zod';
import {
  MENU_PERMISSIONS,
  type Page,
  type PermissionTreeNode,
  type Role,
  type RoleOption,
  type roleBody,
  type roleListQuery,
  type updateRoleBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, forbidden, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { grantable } from '../auth/permissions';
import { audit } from '../oper-log/audit';
import { sideScope } from '../../lib/scope';
import * as repo from './repo';

type CreateRole = z.infer<typeof roleBody>;
type UpdateRole = z.infer<typeof updateRoleBody>;
type ListQuery = z.infer<typeof roleListQuery>;

/** Button code → its menu code, e.g. herald.admin.ac.user.add → herald.admin.ac.user. */
const MENU_OF_BUTTON = new Map<string, string>(
  MENU_PERMISSIONS.flatMap((m) => m.actions.map((a) => [`${m.code}.${a}`, m.code] as [string, string])),
);

export function toRole(row: repo.RoleWithCount): Role {
  return {
    id: row.id,
    side: row.side as Role['side'],
    accountId: row.accountId,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    builtIn: row.builtIn,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the caller's side may put in a role: the operator catalogue, or the account's permission set. */
async function grantableFor(deps: Pick<Deps, 'db'>, auth: AuthContext): Promise<Set<string>> {
  if (auth.side === 'op') return grantable('op', null);
  return grantable('ac', auth.accountId === null ? [] : await repo.accountPermissions(deps.db, auth.accountId));
}

/**
 * Every code must be grantable here (unknown codes never are). A button brings its menu along,
 * so a role holding "add user" also shows the user menu. Someone other than the
 * super-administrator may add only codes they hold themselves (codes the role already has may
 * stay), so editing roles is no way to more rights.
 */
async function checkPermissions(
  deps: Pick<Deps, 'db'>,
  auth: AuthContext,
  codes: string[],
  current: readonly string[] = [],
): Promise<string[]> {
  const allowed = await grantableFor(deps, auth);
  const out = new Set<string>();
  for (const code of codes) {
    out.add(code);
    const menu = MENU_OF_BUTTON.get(code);
    if (menu) out.add(menu);
  }
  if ([...out].some((c) => !allowed.has(c))) throw invalid('error.permissionNotGrantable', 'permissions');
  if (!auth.isSuperAdmin && [...out].some((c) => !current.includes(c) && !auth.permissions.has(c))) {
    throw invalid('error.permissionNotHeld', 'permissions');
  }
  return [...out].sort();
}

async function assertNameFree(deps: Pick<Deps, 'db'>, auth: AuthContext, name: string, exceptId?: number) {
  if (await repo.nameTaken(deps.db, sideScope(auth), name, exceptId)) throw conflict('error.roleNameExists', 'name');
}

async function mapDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('error.roleNameExists', 'name');
    throw err;
  }
}

async function findRole(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number): Promise<repo.RoleWithCount> {
  const role = await repo.findRole(deps.db, sideScope(auth), id);
  if (!role) throw notFound();
  return role;
}

export async function listRoles(deps: Deps, auth: AuthContext, q: ListQuery): Promise<Page<Role>> {
  const { rows, total } = await repo.listRoles(deps.db, sideScope(auth), q);
  return { list: rows.map(toRole), total, page: q.page, pageSize: q.pageSize };
}

export async function getRole(deps: Deps, auth: AuthContext, id: number): Promise<Role> {
  return toRole(await findRole(deps, auth, id));
}

export async function roleOptions(deps: Deps, auth: AuthContext): Promise<RoleOption[]> {
  return repo.roleOptions(deps.db, sideScope(auth));
}

export async function createRole(deps: Deps, auth: AuthContext, b: CreateRole): Promise<Role> {
  const scope = sideScope(auth);
  const permissions = await checkPermissions(deps, auth, b.permissions);
  await assertNameFree(deps, auth, b.name);
  const role = await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const role = await repo.insertRole(tx, {
        side: scope.side,
        accountId: scope.accountId,
        name: b.name,
        description: b.description || null,
        permissions,
      });
      await audit(tx, auth, {
        module: 'role',
        type: 'add',
        description: { key: 'log.role.add', params: { name: role.name } },
      });
      return role;
    }),
  );
  return toRole({ ...role, userCount: 0 });
}

/** Permission changes reach the role's users at their next request. */
export async function updateRole(deps: Deps, auth: AuthContext, id: number, b: UpdateRole): Promise<Role> {
  const role = await findRole(deps, auth, id);
  if (role.builtIn) throw forbidden('error.builtInRole');
  const permissions =
    b.permissions === undefined ? undefined : await checkPermissions(deps, auth, b.permissions, role.permissions);
  if (b.name !== undefined) await assertNameFree(deps, auth, b.name, id);
  await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      await repo.updateRole(tx, id, {
        name: b.name,
        description: b.description === undefined ? undefined : b.description || null,
        permissions,
      });
      await audit(tx, auth, {
        module: 'role',
        type: 'edit',
        description: { key: 'log.role.edit', params: { name: b.name ?? role.name } },
      });
    }),
  );
  return getRole(deps, auth, id);
}

export async function deleteRole(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const role = await findRole(deps, auth, id);
  if (role.builtIn) throw forbidden('error.builtInRole');
  if (role.userCount > 0) throw conflict('error.roleInUse');
  await deps.db.transaction(async (tx) => {
    await repo.deleteRole(tx, id);
    await audit(tx, auth, {
      module: 'role',
      type: 'delete',
      description: { key: 'log.role.delete', params: { name: role.name } },
    });
  });
}

/** The menus the caller may grant, each with the buttons it may grant, for the role editor. */
export async function permissionTree(deps: Deps, auth: AuthContext): Promise<PermissionTreeNode[]> {
  const allowed = await grantableFor(deps, auth);
  return MENU_PERMISSIONS.filter((m) => allowed.has(m.code)).map((m) => ({
    key: m.code,
    titleKey: m.titleKey,
    children: m.actions
      .filter((a) => allowed.has(`${m.code}.${a}`))
      .map((a) => ({ key: `${m.code}.${a}`, titleKey: `perm.action.${a}` })),
  }));
}
