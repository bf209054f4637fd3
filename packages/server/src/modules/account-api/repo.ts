import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountApis, accounts, apiKeys } from '../../db/schema';

export type AccountApiRow = typeof accountApis.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const findAccountApi = async (db: Db, accountId: number): Promise<AccountApiRow | undefined> =>
  (await db.select().from(accountApis).where(eq(accountApis.accountId, accountId)).limit(1))[0];

export const insertAccountApi = async (tx: Db, values: typeof accountApis.$inferInsert) =>
  (await tx.insert(accountApis).values(values).onConflictDoNothing().returning())[0];

export const updateAccountApi = async (tx: Db, accountId: number, values: Partial<typeof accountApis.$inferInsert>) =>
  (
    await tx
      .update(accountApis)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(accountApis.accountId, accountId))
      .returning()
  )[0]!;

// ── keys ─────────────────────────────────────────────────────────────────

/** The account's keys, oldest first (the first one signs its pushes). */
export const listKeys = (db: Db, accountId: number): Promise<ApiKeyRow[]> =>
  db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(asc(apiKeys.id));

export const firstKey = async (db: Db, accountId: number): Promise<ApiKeyRow | undefined> =>
  (await db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(asc(apiKeys.id)).limit(1))[0];

/** A key of this account (another account's key is not found). */
export const findKey = async (db: Db, accountId: number, id: number): Promise<ApiKeyRow | undefined> =>
  (
    await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId)))
      .limit(1)
  )[0];

export const countKeys = async (db: Db, accountId: number): Promise<number> =>
  (await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.accountId, accountId)))[0]?.n ?? 0;

/** Serialises the key changes of one account (the limit and unique names hold under concurrent adds). */
export const lockAccount = (tx: Db, accountId: number) =>
  tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);

export const insertKey = async (tx: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> =>
  (await tx.insert(apiKeys).values(values).returning())[0]!;

export const updateKey = async (tx: Db, id: number, values: Partial<typeof apiKeys.$inferInsert>): Promise<ApiKeyRow> =>
  (await tx.update(apiKeys).set(values).where(eq(apiKeys.id, id)).returning())[0]!;

export const deleteKey = (tx: Db, id: number) => tx.delete(apiKeys).where(eq(apiKeys.id, id));
