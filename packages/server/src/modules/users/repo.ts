import { and, asc, desc, eq, exists, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, roles, userAvatars, userRoles, users } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import type { SideScope as Scope } from '../../lib/scope';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;
export type RoleRef = { id: number; name: string };

/** Rows of the scope only; every query of this module starts here. */
export const inScope = (scope: Scope): SQL =>
  and(
    eq(users.side, scope.side),
    scope.accountId === null ? isNull(users.accountId) : eq(users.accountId, scope.accountId),
  )!;

export type ListFilter = {
  username?: string;
  email?: string;
  phone?: string;
  status?: number;
  locked?: boolean;
  roleId?: number;
  sortField?: 'id' | 'username' | 'createdAt' | 'lastLoginAt';
  sortOrder?: 'ascend' | 'descend';
  page: number;
  pageSize: number;
};

export async function listUsers(db: Db, scope: Scope, f: ListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    inScope(scope),
    // deleted users show only when asked for
    f.status === undefined ? ne(users.status, UserStatus.DELETED) : eq(users.status, f.status),
    f.username ? ilike(users.username, containsPattern(f.username)) : undefined,
    f.email ? ilike(users.email, containsPattern(f.email)) : undefined,
    f.phone ? ilike(users.phone, containsPattern(f.phone)) : undefined,
    f.locked === undefined ? undefined : eq(users.locked, f.locked),
    f.roleId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, f.roleId))),
        ),
  );
  const column = { id: users.id, username: users.username, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt }[
    f.sortField ?? 'id'
  ];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(dir(column), dir(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const findUser = async (db: Db, scope: Scope, id: number) =>
  (
    await db
      .select()
      .from(users)
      .where(and(inScope(scope), eq(users.id, id)))
      .limit(1)
  )[0];

/** Roles of each user, keyed by user id. */
export async function rolesOfUsers(db: Db, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const out = new Map<number, RoleRef[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const r of rows) out.get(r.userId)?.push({ id: r.id, name: r.name });
  return out;
}

/** Every permission the user's roles carry (before the account's limit). */
export async function rolePermissionsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return [...new Set(rows.flatMap((r) => r.permissions))];
}

/** Of `roleIds`, those that are roles of the scope. */
export async function rolesInScope(
  db: Db,
  scope: Scope,
  roleIds: number[],
): Promise<{ id: number; permissions: string[] }[]> {
  if (!roleIds.length) return [];
  return db
    .select({ id: roles.id, permissions: roles.permissions })
    .from(roles)
    .where(
      and(
        eq(roles.side, scope.side),
        scope.accountId === null ? isNull(roles.accountId) : eq(roles.accountId, scope.accountId),
        inArray(roles.id, roleIds),
      ),
    );
}

export async function setUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** Which of username, email, phone a live user (other than `exceptId`) already has. */
export async function findTaken(
  db: Db,
  v: { username?: string; email?: string; phone?: string | null },
  exceptId?: number,
): Promise<'username' | 'email' | 'phone' | undefined> {
  const live = and(ne(users.status, UserStatus.DELETED), exceptId ? ne(users.id, exceptId) : undefined);
  const taken = async (cond: SQL) =>
    (await db.select({ id: users.id }).from(users).where(and(live, cond)).limit(1)).length > 0;
  if (v.username && (await taken(sql`lower(${users.username}) = lower(${v.username})`))) return 'username';
  if (v.email && (await taken(sql`lower(${users.email}) = lower(${v.email})`))) return 'email';
  if (v.phone && (await taken(eq(users.phone, v.phone)))) return 'phone';
  return undefined;
}

export const insertUser = async (db: Db, values: UserInsert) => (await db.insert(users).values(values).returning())[0]!;

export const updateUser = async (db: Db, id: number, values: Partial<UserInsert>) =>
  (
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
  )[0]!;

export const accountName = async (db: Db, accountId: number | null) =>
  accountId === null
    ? undefined
    : (await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.name;

export const setAccountAdmin = (db: Db, accountId: number, userId: number) =>
  db.update(accounts).set({ adminUserId: userId, updatedAt: new Date() }).where(eq(accounts.id, accountId));

/** The user's picture gone (a deleted user's too: it should not stay public once nobody can remove it). */
export async function forgetAvatar(tx: Db, userId: number): Promise<boolean> {
  const gone = await tx.delete(userAvatars).where(eq(userAvatars.userId, userId)).returning({ key: userAvatars.key });
  if (gone.length) await tx.update(users).set({ avatarKey: null }).where(eq(users.id, userId));
  return gone.length > 0;
}
