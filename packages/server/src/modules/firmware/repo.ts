import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, files, firmwarePackages, models, otaTasks } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { ownedBy, packageFile, softDelete, visibleTo, type PackageFile } from '../package-store/repo';

export type FirmwareRow = typeof firmwarePackages.$inferSelect;

/** An account sees the count of its own tasks on a package (a platform package serves every account). */
const ownTasks = (viewer: number | undefined) => (viewer === undefined ? sql`` : sql` and t.account_id = ${viewer}`);

const view = (viewer: number | undefined) => ({
  pkg: firmwarePackages,
  accountName: accounts.name,
  modelName: models.name,
  file: packageFile,
  taskCount: sql<number>`(select count(*)::int from ${otaTasks} t where t.firmware_id = firmware_packages.id${ownTasks(viewer)})`,
});
export type FirmwareView = {
  pkg: FirmwareRow;
  accountName: string | null;
  modelName: string | null;
  file: PackageFile;
  taskCount: number;
};

const base = (db: Db, viewer: number | undefined) =>
  db
    .select(view(viewer))
    .from(firmwarePackages)
    .innerJoin(files, eq(files.id, firmwarePackages.fileId))
    .leftJoin(accounts, eq(accounts.id, firmwarePackages.accountId))
    .leftJoin(models, eq(models.id, firmwarePackages.modelId));

export type FirmwareFilters = {
  visibleTo: number | undefined;
  /** an operator narrowing the list to one account's own packages */
  accountId?: number;
  name?: string;
  appName?: string;
  modelId?: number;
  sortField?: 'id' | 'versionName' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

const sortColumns = {
  id: firmwarePackages.id,
  versionName: firmwarePackages.versionName,
  createdAt: firmwarePackages.createdAt,
};

export async function listFirmware(db: Db, f: FirmwareFilters): Promise<{ rows: FirmwareView[]; total: number }> {
  const where = and(
    isNull(firmwarePackages.deletedAt),
    visibleTo(firmwarePackages, f.visibleTo),
    f.accountId !== undefined ? eq(firmwarePackages.accountId, f.accountId) : undefined,
    f.name ? ilike(firmwarePackages.name, containsPattern(f.name)) : undefined,
    f.appName ? ilike(firmwarePackages.appName, containsPattern(f.appName)) : undefined,
    f.modelId !== undefined ? eq(firmwarePackages.modelId, f.modelId) : undefined,
  );
  const col = sortColumns[f.sortField ?? 'id'];
  const order = f.sortOrder === 'ascend' ? asc(col) : desc(col);
  const [rows, [total]] = await Promise.all([
    base(db, f.visibleTo).where(where).orderBy(order, desc(firmwarePackages.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(firmwarePackages).where(where),
  ]);
  return { rows: rows as FirmwareView[], total: total?.n ?? 0 };
}

export async function findFirmwareView(db: Db, id: number, visible: number | undefined) {
  const rows = await base(db, visible)
    .where(and(eq(firmwarePackages.id, id), isNull(firmwarePackages.deletedAt), visibleTo(firmwarePackages, visible)))
    .limit(1);
  return rows[0] as FirmwareView | undefined;
}

/**
 * For the upgrade engine: a live package an account may use (its own or a platform one), with the
 * file a device downloads. `accountId` undefined skips the account check (operators).
 */
export async function findFirmwareForAccount(
  db: Db,
  id: number,
  accountId: number | undefined,
): Promise<(FirmwareRow & { file: PackageFile }) | undefined> {
  const v = await findFirmwareView(db, id, accountId);
  return v ? { ...v.pkg, file: v.file } : undefined;
}

export async function findDuplicate(
  db: Db,
  k: { accountId: number | null; modelId: number; appName: string; versionName: string; packageType: string },
) {
  const rows = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(
      and(
        isNull(firmwarePackages.deletedAt),
        ownedBy(firmwarePackages, k.accountId),
        eq(firmwarePackages.modelId, k.modelId),
        eq(firmwarePackages.appName, k.appName),
        eq(firmwarePackages.versionName, k.versionName),
        eq(firmwarePackages.packageType, k.packageType),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

export async function insertFirmware(db: Db, row: typeof firmwarePackages.$inferInsert): Promise<FirmwareRow> {
  const [r] = await db.insert(firmwarePackages).values(row).returning();
  return r!;
}

export const softDeleteFirmware = (db: Db, id: number) => softDelete(db, firmwarePackages, id);

export async function taskCount(db: Db, id: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(otaTasks).where(eq(otaTasks.firmwareId, id));
  return r?.n ?? 0;
}

/** Options for task forms: live packages the account may use, newest first. */
export async function firmwareOptions(db: Db, f: { visibleTo: number | undefined; modelId?: number }) {
  return db
    .select({
      id: firmwarePackages.id,
      name: firmwarePackages.name,
      appName: firmwarePackages.appName,
      versionName: firmwarePackages.versionName,
      modelId: firmwarePackages.modelId,
      packageType: firmwarePackages.packageType,
    })
    .from(firmwarePackages)
    .where(
      and(
        isNull(firmwarePackages.deletedAt),
        visibleTo(firmwarePackages, f.visibleTo),
        f.modelId !== undefined ? eq(firmwarePackages.modelId, f.modelId) : undefined,
      ),
    )
    .orderBy(desc(firmwarePackages.id))
    .limit(500);
}
