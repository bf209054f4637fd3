import { and, asc, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, roles, userRoles, users } from '../../db/schema';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { containsPattern } from '../../lib/filters';
import type { SideScope as Scope } from '../../lib/scope';

export type RoleRow = typeof roles.$inferSelect;
export type RoleWithCount = RoleRow & { userCount: number };

export const inScope = (scope: Scope): SQL =>
  and(
    eq(roles.side, scope.side),
    scope.accountId === null ? isNull(roles.accountId) : eq(roles.accountId, scope.accountId),
  )!;

/** Users (not deleted) holding the role. */
// the outer column is spelled out: drizzle renders a column inside sql`` unqualified
const userCount = sql<number>`(select count(*)::int from ${userRoles} ur join ${users} u on u.id = ur.user_id
  where ur.role_id = "roles"."id" and u.status <> ${UserStatus.DELETED})`;

export async function listRoles(
  db: Db,
  scope: Scope,
  f: {
    name?: string;
    page: number;
    pageSize: number;
    sortField?: 'id' | 'name' | 'createdAt';
    sortOrder?: SortOrder;
  },
): Promise<{ rows: RoleWithCount[]; total: number }> {
  const where = and(inScope(scope), f.name ? ilike(roles.name, containsPattern(f.name)) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select({ role: roles, userCount })
      .from(roles)
      .where(where)
      .orderBy(
        ...(sortedBy({ id: roles.id, name: roles.name, createdAt: roles.createdAt }, f, roles.id) ?? [desc(roles.id)]),
      )
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.role, userCount: r.userCount })), total: count?.n ?? 0 };
}

export async function findRole(db: Db, scope: Scope, id: number): Promise<RoleWithCount | undefined> {
  const [row] = await db
    .select({ role: roles, userCount })
    .from(roles)
    .where(and(inScope(scope), eq(roles.id, id)))
    .limit(1);
  return row && { ...row.role, userCount: row.userCount };
}

export const roleOptions = (db: Db, scope: Scope) =>
  db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inScope(scope))
    .orderBy(asc(roles.name), asc(roles.id));

export async function nameTaken(db: Db, scope: Scope, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(inScope(scope), sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

export const insertRole = async (db: Db, values: typeof roles.$inferInsert) =>
  (await db.insert(roles).values(values).returning())[0]!;

export const updateRole = (db: Db, id: number, values: Partial<typeof roles.$inferInsert>) =>
  db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(roles.id, id));

/** Assignments to deleted users go with the role (user_roles cascades). */
export const deleteRole = (db: Db, id: number) => db.delete(roles).where(eq(roles.id, id));

export const accountPermissions = async (db: Db, accountId: number) =>
  (await db.select({ permissions: accounts.permissions }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]
    ?.permissions ?? [];
