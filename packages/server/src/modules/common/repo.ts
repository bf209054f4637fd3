import { and, asc, count, eq, ne } from 'drizzle-orm';
import { AccountStatus, UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, roles, users } from '../../db/schema';

export const accountOptions = (db: Db, accountId?: number) =>
  db
    .select({ id: accounts.id, name: accounts.name, status: accounts.status })
    .from(accounts)
    .where(accountId === undefined ? undefined : eq(accounts.id, accountId))
    .orderBy(asc(accounts.name), asc(accounts.id));

export const accountExists = async (db: Db, accountId: number) =>
  (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1)).length > 0;

export const findAccountName = async (db: Db, accountId: number) =>
  (
    await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1)
  )[0];

/** Users of an account that are not deleted. */
export const accountUserOptions = (db: Db, accountId: number) =>
  db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(eq(users.accountId, accountId), ne(users.status, UserStatus.DELETED)))
    .orderBy(asc(users.username));

const countOf = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

export const countAccounts = (db: Db, enabledOnly = false) =>
  countOf(
    db
      .select({ n: count() })
      .from(accounts)
      .where(enabledOnly ? eq(accounts.status, AccountStatus.ENABLED) : undefined),
  );

export const countLiveUsers = (db: Db, where: { side: 'op' | 'ac'; accountId?: number }) =>
  countOf(
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.side, where.side),
          ne(users.status, UserStatus.DELETED),
          where.accountId === undefined ? undefined : eq(users.accountId, where.accountId),
        ),
      ),
  );

export const countAccountRoles = (db: Db, accountId: number) =>
  countOf(
    db
      .select({ n: count() })
      .from(roles)
      .where(and(eq(roles.side, 'ac'), eq(roles.accountId, accountId))),
  );
