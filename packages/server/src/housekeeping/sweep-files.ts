import { and, eq, lt, notExists } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, firmwarePackages, pushTasks, resourcePackages, smartConfigVersions } from '../db/schema';
import type { FileStorage } from '../storage/types';

/**
 * An upload becomes a package (firmware, resource, SmartConfig) or a logo push task in a second call; an upload whose
 * form was abandoned would otherwise stay in storage for ever. A day is long enough for any
 * person filling in the form, and a file a package row points to (even a deleted package, whose
 * history still names it) is never touched.
 */
export const ORPHAN_FILE_AGE_MS = 24 * 3600 * 1000;

/** Delete uploads no package refers to and older than `ORPHAN_FILE_AGE_MS`. Returns how many. */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_FILE_AGE_MS);
  const unused = and(
    lt(files.createdAt, cutoff),
    notExists(db.select().from(firmwarePackages).where(eq(firmwarePackages.fileId, files.id))),
    notExists(db.select().from(resourcePackages).where(eq(resourcePackages.fileId, files.id))),
    notExists(db.select().from(smartConfigVersions).where(eq(smartConfigVersions.fileId, files.id))),
    notExists(db.select().from(pushTasks).where(eq(pushTasks.logoFileId, files.id))),
  );
  // the row goes first: a package created meanwhile fails on the foreign key instead of pointing at
  // deleted bytes; bytes whose row is gone are then removed (a failed storage delete only leaks bytes)
  const gone = await db.delete(files).where(unused).returning({ key: files.storageKey });
  for (const f of gone) await storage.delete(f.key).catch(() => undefined);
  return gone.length;
}
