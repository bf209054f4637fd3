import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradeSpeakSettings } from '../../db/schema';

export type TradeSpeakSettingRow = typeof tradeSpeakSettings.$inferSelect;
export type TradeSpeakSettingValues = Omit<typeof tradeSpeakSettings.$inferInsert, 'accountId' | 'updatedAt'>;

export async function findSetting(db: Db, accountId: number): Promise<TradeSpeakSettingRow | undefined> {
  const [row] = await db.select().from(tradeSpeakSettings).where(eq(tradeSpeakSettings.accountId, accountId));
  return row;
}

/** One row per account: the first save inserts it, later ones replace its values. */
export async function upsertSetting(db: Db, accountId: number, values: TradeSpeakSettingValues) {
  const [row] = await db
    .insert(tradeSpeakSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: tradeSpeakSettings.accountId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
