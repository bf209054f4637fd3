import { and, asc, count, desc, eq, gte, ilike, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DeviceStatus, UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, devices, users } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { hasGeoService } from '../geo-common/geo-enabled';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountFilters = {
  name?: string;
  status?: number;
  country?: string;
  industry?: string;
  subjectType?: string;
  createdFrom?: Date;
  /** exclusive */
  createdBefore?: Date;
  sortField?: 'id' | 'name' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

const admin = alias(users, 'admin');
const userCount = sql<number>`(select count(*)::int from users u where u.account_id = ${accounts.id} and u.status <> ${UserStatus.DELETED})`;
const geoEnabled = hasGeoService(accounts.id);
const qrBrandEnabled = sql<boolean>`exists(select 1 from qr_brands b where b.account_id = ${accounts.id} and b.enabled)`;
const accountView = {
  account: accounts,
  adminEmail: admin.email,
  adminUsername: admin.username,
  adminLocked: admin.locked,
  userCount,
  geoEnabled,
  qrBrandEnabled,
};
export type AccountView = {
  account: AccountRow;
  adminEmail: string | null;
  adminUsername: string | null;
  /** null when the account has no administrator */
  adminLocked: boolean | null;
  userCount: number;
  geoEnabled: boolean;
  qrBrandEnabled: boolean;
};

const sortColumns = { id: accounts.id, name: accounts.name, createdAt: accounts.createdAt };

export async function listAccounts(db: Db, f: AccountFilters): Promise<{ rows: AccountView[]; total: number }> {
  const conds: (SQL | undefined)[] = [
    f.name ? ilike(accounts.name, containsPattern(f.name)) : undefined,
    f.status !== undefined ? eq(accounts.status, f.status) : undefined,
    f.country ? eq(accounts.country, f.country) : undefined,
    f.industry ? eq(accounts.industry, f.industry) : undefined,
    f.subjectType ? eq(accounts.subjectType, f.subjectType) : undefined,
    f.createdFrom ? gte(accounts.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(accounts.createdAt, f.createdBefore) : undefined,
  ];
  const where = and(...conds);
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const order = f.sortField
    ? [dir(sortColumns[f.sortField]), dir(accounts.id)]
    : [desc(accounts.createdAt), desc(accounts.id)];
  const rows = await db
    .select(accountView)
    .from(accounts)
    .leftJoin(admin, eq(admin.id, accounts.adminUserId))
    .where(where)
    .orderBy(...order)
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(accounts).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const findAccountView = async (db: Db, id: number): Promise<AccountView | undefined> =>
  (
    await db
      .select(accountView)
      .from(accounts)
      .leftJoin(admin, eq(admin.id, accounts.adminUserId))
      .where(eq(accounts.id, id))
      .limit(1)
  )[0];

/** The account row, locked until the end of the transaction (serialises admin replacement). */
export const lockAccount = async (tx: Db, id: number) =>
  (await tx.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1))[0];

export const findAccountIdByName = async (db: Db, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(sql`lower(${accounts.name}) = lower(${name})`, exceptId ? ne(accounts.id, exceptId) : undefined))
      .limit(1)
  )[0]?.id;

export const insertAccount = async (tx: Db, values: typeof accounts.$inferInsert) =>
  (await tx.insert(accounts).values(values).returning())[0]!;

export const updateAccount = (tx: Db, id: number, values: Partial<typeof accounts.$inferInsert>) =>
  tx
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id });

/** The live (not deleted) user holding an email, if any. */
export const findLiveUserByEmail = async (db: Db, email: string) =>
  (
    await db
      .select({ id: users.id, side: users.side, accountId: users.accountId })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.status, UserStatus.DELETED)))
      .limit(1)
  )[0];

export const findLiveUserIdByUsername = async (db: Db, username: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.status, UserStatus.DELETED)))
      .limit(1)
  )[0]?.id;

/** Live usernames starting with `prefix` (lower-cased), to pick a free one. */
export const liveUsernamesStartingWith = async (db: Db, prefix: string) =>
  (
    await db
      .select({ u: sql<string>`lower(${users.username})` })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          ne(users.status, UserStatus.DELETED),
        ),
      )
  ).map((r) => r.u);

export const insertUser = async (tx: Db, values: typeof users.$inferInsert) =>
  (await tx.insert(users).values(values).returning({ id: users.id, username: users.username, email: users.email }))[0]!;

/** A replaced administrator: deleted (frees its username and email) and no longer super-administrator. */
export const deleteUser = (tx: Db, userId: number) =>
  tx
    .update(users)
    .set({ status: UserStatus.DELETED, isSuperAdmin: false, updatedAt: new Date() })
    .where(eq(users.id, userId));

/** The account's live super-administrator (the row the account points at), if any. */
export const findAdminUser = async (db: Db, accountId: number) =>
  (
    await db
      .select({ id: users.id, username: users.username, locked: users.locked, failedLogins: users.failedLogins })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.adminUserId))
      .where(and(eq(accounts.id, accountId), eq(users.accountId, accountId), ne(users.status, UserStatus.DELETED)))
      .limit(1)
  )[0];

/** S/Ns of the account's devices that are not deleted (their connections follow the account's status). */
export const liveDeviceSns = async (db: Db, accountId: number) =>
  (
    await db
      .select({ sn: devices.sn })
      .from(devices)
      .where(and(eq(devices.accountId, accountId), ne(devices.status, DeviceStatus.DELETED)))
  ).map((r) => r.sn);

export const setPushAlarmEnabled = async (tx: Db, id: number, enabled: boolean): Promise<void> => {
  await tx.update(accounts).set({ pushAlarmEnabled: enabled, updatedAt: new Date() }).where(eq(accounts.id, id));
};
