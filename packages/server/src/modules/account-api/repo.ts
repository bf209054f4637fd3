import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountApis } from '../../db/schema';

export type AccountApiRow = typeof accountApis.$inferSelect;

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
