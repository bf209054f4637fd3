import type { ArchiveEntry } from '@herald/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, duplicateAs, forbidden, invalid, notFound } from '../../lib/errors';
import { iso } from '../../lib/filters';
import { ownAccount } from '../../lib/scope';
import { findFile } from '../files/repo';
import { audit, type AuditEntry } from '../oper-log/audit';
import type { PackageFile } from './repo';

/**
 * The rules firmware and resource packages share: whose uploads a package may be made from, one
 * version per owner, no deleting a package a task names. Their own fields, checks and wording stay
 * in modules/firmware and modules/resource-packages.
 */

type Stored = {
  pkg: { id: number; accountId: number | null; remark: string | null; createdAt: Date };
  accountName: string | null;
  file: PackageFile;
  taskCount: number;
};

/** The fields every package's list row has. */
export const listFields = (v: Stored) => ({
  id: v.pkg.id,
  accountId: v.pkg.accountId,
  accountName: v.accountName,
  size: v.file.size,
  md5: v.file.md5,
  remark: v.pkg.remark,
  taskCount: v.taskCount,
  createdAt: iso(v.pkg.createdAt),
});

/** The fields every package's detail adds: the upload and what its archive holds. */
export const detailFields = (v: Stored) => ({
  fileId: v.file.id,
  fileName: v.file.name,
  files: (v.file.entries as ArchiveEntry[]) ?? [],
});

/** An account user may only ever name its own account; operators any. */
export function accountFilter(auth: AuthContext, accountId: number | undefined): number | undefined {
  const own = ownAccount(auth);
  if (own !== undefined && accountId !== undefined && accountId !== own) throw forbidden();
  return accountId;
}

/**
 * The upload a new package is made from: one of the package's kind (`purpose`) and of the same
 * owner (an account does not build on an operator's upload: it uses the platform's package).
 */
export async function uploadFor(deps: Deps, fileId: number, purpose: string, accountId: number | null) {
  const file = await findFile(deps.db, fileId);
  if (!file || file.purpose !== purpose || file.accountId !== accountId) throw invalid('error.fileNotFound', 'fileId');
  return file;
}

/**
 * Add a package unless its owner has that version already ('version exists' on `field`), also
 * when two requests race to add it (the unique index `constraint`). Returns the new id.
 */
export async function addVersion(
  deps: Deps,
  v: {
    field: string;
    constraint: string;
    exists: () => Promise<number | undefined>;
    insert: (tx: Db) => Promise<number>;
  },
): Promise<number> {
  if (await v.exists()) throw conflict('error.versionExists', v.field);
  return duplicateAs(v.constraint, 'error.versionExists', v.field, () => deps.db.transaction(v.insert));
}

/** What the store needs of one kind of package: its repository's reads and writes. */
export type PackageKind<V extends Stored> = {
  find: (db: Db, id: number, viewer: number | undefined) => Promise<V | undefined>;
  taskCount: (db: Db, id: number) => Promise<number>;
  softDelete: (db: Db, id: number) => Promise<void>;
};

/** A package the caller sees (its own account's or the platform's), or "not found". */
export async function visiblePackage<V extends Stored>(
  deps: Deps,
  auth: AuthContext,
  kind: PackageKind<V>,
  id: number,
): Promise<V> {
  const v = await kind.find(deps.db, id, ownAccount(auth));
  if (!v) throw notFound();
  return v;
}

/**
 * Delete a package the caller sees: accounts only their own (platform ones are read-only to
 * them), and never one a task names ('package in use'); `entry` words it for the operation log.
 */
export async function deletePackage<V extends Stored>(
  deps: Deps,
  auth: AuthContext,
  kind: PackageKind<V>,
  id: number,
  entry: (v: V) => AuditEntry,
): Promise<void> {
  const v = await visiblePackage(deps, auth, kind, id);
  const own = ownAccount(auth);
  if (own !== undefined && v.pkg.accountId !== own) throw forbidden();
  await deps.db.transaction(async (tx) => {
    if ((await kind.taskCount(tx, id)) > 0) throw conflict('error.packageInUse');
    await kind.softDelete(tx, id);
    await audit(tx, auth, entry(v));
  });
}
