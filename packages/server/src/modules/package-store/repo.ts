import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, type firmwarePackages, type resourcePackages } from '../../db/schema';

/**
 * What firmware and resource packages store alike: an upload (a row of `files`) owned by the
 * platform (accountId null, every account may use it) or one account, soft-deleted so finished
 * tasks still name it. What they are keyed and filtered by stays in their own repositories.
 */
export type PackageTable = typeof firmwarePackages | typeof resourcePackages;

export type PackageFile = { id: number; name: string; size: number; md5: string; sha256: string; entries: unknown };

/** The upload's columns a package's list and detail show. */
export const packageFile = {
  id: files.id,
  name: files.name,
  size: files.size,
  md5: files.md5,
  sha256: files.sha256,
  entries: files.entries,
};

/**
 * Which packages a caller sees: an account its own and the platform's; an operator (`accountId`
 * undefined) every one.
 */
export const visibleTo = (t: PackageTable, accountId: number | undefined): SQL | undefined =>
  accountId === undefined ? undefined : or(isNull(t.accountId), eq(t.accountId, accountId));

/** Packages of one owner: the platform's (null) or one account's. */
export const ownedBy = (t: PackageTable, accountId: number | null): SQL =>
  accountId === null ? isNull(t.accountId) : eq(t.accountId, accountId);

/** Deleted packages stay as rows (finished tasks still name them) but leave every list. */
export async function softDelete(db: Db, t: PackageTable, id: number): Promise<void> {
  await db.update(t).set({ deletedAt: new Date() }).where(eq(t.id, id));
}
