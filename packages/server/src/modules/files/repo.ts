import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, firmwarePackages, resourcePackages } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<FileRow> {
  const [f] = await db.insert(files).values(row).returning();
  return f!;
}

export const findFile = async (db: Db, id: number): Promise<FileRow | undefined> =>
  (await db.select().from(files).where(eq(files.id, id)).limit(1))[0];

/** A platform file that a live platform package carries: what accounts may see of operators' uploads. */
const publishedPlatformFile = sql`(${files.accountId} is null and (
  exists (select 1 from ${firmwarePackages} p where p.file_id = ${files.id} and p.account_id is null and p.deleted_at is null)
  or exists (select 1 from ${resourcePackages} p where p.file_id = ${files.id} and p.account_id is null and p.deleted_at is null)))`;

/**
 * A file the caller may see: an account its own uploads and the files of the platform's live
 * packages (not an operator's upload before it is published, nor after its package is deleted);
 * `accountId` undefined means an operator, who sees every file.
 */
export async function findVisibleFile(db: Db, id: number, accountId: number | undefined) {
  const where =
    accountId === undefined
      ? eq(files.id, id)
      : and(eq(files.id, id), or(eq(files.accountId, accountId), publishedPlatformFile));
  return (await db.select().from(files).where(where).limit(1))[0];
}
