import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, files, otaTasks, pushTasks, resourcePackages } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { ownedBy, packageFile, softDelete, visibleTo, type PackageFile } from '../package-store/repo';

export type ResourceRow = typeof resourcePackages.$inferSelect;

/**
 * Upgrade tasks and push tasks both name resource packages; an account sees the count of its own
 * (a platform package serves every account).
 */
const taskCountSql = (viewer: number | undefined) => {
  const own = (alias: string) => (viewer === undefined ? sql`` : sql` and ${sql.raw(alias)}.account_id = ${viewer}`);
  return sql<number>`((select count(*)::int from ${otaTasks} t where t.resource_id = resource_packages.id${own('t')})
  + (select count(*)::int from ${pushTasks} p where p.resource_id = resource_packages.id${own('p')}))`;
};

const view = (viewer: number | undefined) => ({
  pkg: resourcePackages,
  accountName: accounts.name,
  file: packageFile,
  taskCount: taskCountSql(viewer),
});
export type ResourceView = { pkg: ResourceRow; accountName: string | null; file: PackageFile; taskCount: number };

const base = (db: Db, viewer: number | undefined) =>
  db
    .select(view(viewer))
    .from(resourcePackages)
    .innerJoin(files, eq(files.id, resourcePackages.fileId))
    .leftJoin(accounts, eq(accounts.id, resourcePackages.accountId));

export type ResourceFilters = {
  visibleTo: number | undefined;
  accountId?: number;
  name?: string;
  kind?: string;
  language?: string;
  sortField?: 'id' | 'version' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

const sortColumns = {
  id: resourcePackages.id,
  version: resourcePackages.version,
  createdAt: resourcePackages.createdAt,
};

export async function listResources(db: Db, f: ResourceFilters): Promise<{ rows: ResourceView[]; total: number }> {
  const where = and(
    isNull(resourcePackages.deletedAt),
    visibleTo(resourcePackages, f.visibleTo),
    f.accountId !== undefined ? eq(resourcePackages.accountId, f.accountId) : undefined,
    f.name ? ilike(resourcePackages.name, containsPattern(f.name)) : undefined,
    f.kind ? eq(resourcePackages.kind, f.kind) : undefined,
    f.language ? eq(resourcePackages.language, f.language) : undefined,
  );
  const col = sortColumns[f.sortField ?? 'id'];
  const [rows, [total]] = await Promise.all([
    base(db, f.visibleTo)
      .where(where)
      .orderBy(f.sortOrder === 'ascend' ? asc(col) : desc(col), desc(resourcePackages.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(resourcePackages).where(where),
  ]);
  return { rows: rows as ResourceView[], total: total?.n ?? 0 };
}

export async function findResourceView(db: Db, id: number, visible: number | undefined) {
  const rows = await base(db, visible)
    .where(and(eq(resourcePackages.id, id), isNull(resourcePackages.deletedAt), visibleTo(resourcePackages, visible)))
    .limit(1);
  return rows[0] as ResourceView | undefined;
}

/**
 * For the upgrade and push engines: a live package the account may use (its own or a platform
 * one), with the file a device downloads. `accountId` undefined skips the account check.
 */
export async function findResourceForAccount(
  db: Db,
  id: number,
  accountId: number | undefined,
): Promise<(ResourceRow & { file: PackageFile }) | undefined> {
  const v = await findResourceView(db, id, accountId);
  return v ? { ...v.pkg, file: v.file } : undefined;
}

export async function findDuplicate(db: Db, k: { accountId: number | null; name: string; version: string }) {
  const rows = await db
    .select({ id: resourcePackages.id })
    .from(resourcePackages)
    .where(
      and(
        isNull(resourcePackages.deletedAt),
        ownedBy(resourcePackages, k.accountId),
        eq(resourcePackages.name, k.name),
        eq(resourcePackages.version, k.version),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

export async function insertResource(db: Db, row: typeof resourcePackages.$inferInsert): Promise<ResourceRow> {
  const [r] = await db.insert(resourcePackages).values(row).returning();
  return r!;
}

export const softDeleteResource = (db: Db, id: number) => softDelete(db, resourcePackages, id);

export async function taskCount(db: Db, id: number): Promise<number> {
  const [a] = await db.select({ n: count() }).from(otaTasks).where(eq(otaTasks.resourceId, id));
  const [b] = await db.select({ n: count() }).from(pushTasks).where(eq(pushTasks.resourceId, id));
  return (a?.n ?? 0) + (b?.n ?? 0);
}

export async function resourceOptions(db: Db, f: { visibleTo: number | undefined; language?: string }) {
  return db
    .select({
      id: resourcePackages.id,
      name: resourcePackages.name,
      version: resourcePackages.version,
      language: resourcePackages.language,
    })
    .from(resourcePackages)
    .where(
      and(
        isNull(resourcePackages.deletedAt),
        visibleTo(resourcePackages, f.visibleTo),
        f.language ? eq(resourcePackages.language, f.language) : undefined,
      ),
    )
    .orderBy(desc(resourcePackages.id))
    .limit(500);
}
