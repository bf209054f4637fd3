import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<FileRow> {
  const [f] = await db.insert(files).values(row).returning();
  return f!;
}

export const findFile = async (db: Db, id: number): Promise<FileRow | undefined> =>
  (await db.select().from(files).where(eq(files.id, id)).limit(1))[0];

/**
 * A file the account may use: its own or a platform (operator) file. `accountId` undefined means
 * an operator, who sees every file.
 */
export async function findVisibleFile(db: Db, id: number, accountId: number | undefined) {
  const where =
    accountId === undefined
      ? eq(files.id, id)
      : and(eq(files.id, id), or(isNull(files.accountId), eq(files.accountId, accountId)));
  return (await db.select().from(files).where(where).limit(1))[0];
}
