import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, smartConfigVersions } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';

export type ScRow = typeof smartConfigVersions.$inferSelect;

const view = {
  v: smartConfigVersions,
  file: { id: files.id, name: files.name, size: files.size, md5: files.md5, sha256: files.sha256 },
};
export type ScView = { v: ScRow; file: { id: number; name: string; size: number; md5: string; sha256: string } };

const base = (db: Db) =>
  db.select(view).from(smartConfigVersions).innerJoin(files, eq(files.id, smartConfigVersions.fileId));

export async function listVersions(
  db: Db,
  f: {
    status?: string;
    versionName?: string;
    sortField?: 'id' | 'downloads' | 'createdAt';
    sortOrder?: SortOrder;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ScView[]; total: number }> {
  const where = and(
    f.status ? eq(smartConfigVersions.status, f.status) : undefined,
    f.versionName ? ilike(smartConfigVersions.versionName, containsPattern(f.versionName)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    // every new version is newer than all before it, so the id order is the version order
    base(db)
      .where(where)
      .orderBy(
        ...(sortedBy(
          {
            id: smartConfigVersions.id,
            downloads: smartConfigVersions.downloads,
            createdAt: smartConfigVersions.createdAt,
          },
          f,
          smartConfigVersions.id,
        ) ?? [desc(smartConfigVersions.id)]),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(smartConfigVersions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findView = async (db: Db, id: number): Promise<ScView | undefined> =>
  (await base(db).where(eq(smartConfigVersions.id, id)).limit(1))[0];

/** Every version (few: one per app release), for version comparisons done in code. */
export const allVersions = (db: Db) =>
  db
    .select({
      id: smartConfigVersions.id,
      versionName: smartConfigVersions.versionName,
      status: smartConfigVersions.status,
      updateType: smartConfigVersions.updateType,
    })
    .from(smartConfigVersions);

export async function listedViews(db: Db): Promise<ScView[]> {
  return base(db).where(eq(smartConfigVersions.status, 'listed'));
}

export async function insertVersion(db: Db, row: typeof smartConfigVersions.$inferInsert): Promise<ScRow> {
  const [r] = await db.insert(smartConfigVersions).values(row).returning();
  return r!;
}

export async function updateVersion(db: Db, id: number, values: Partial<typeof smartConfigVersions.$inferInsert>) {
  await db.update(smartConfigVersions).set(values).where(eq(smartConfigVersions.id, id));
}

/** One more download, counted in the database (concurrent downloads never lose a count). */
export async function countDownload(db: Db, id: number): Promise<void> {
  await db
    .update(smartConfigVersions)
    .set({ downloads: sql`${smartConfigVersions.downloads} + 1` })
    .where(eq(smartConfigVersions.id, id));
}
