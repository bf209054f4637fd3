import { eq } from 'drizzle-orm';
import { OtaTaskType, type OtaKind } from '@herald/contract';
import type { Db } from '../../db/client';
import { firmwarePackages, resourcePackages } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { fileDownloadInfo } from '../files/service';
import { findFirmwareForAccount } from '../firmware/repo';
import { findResourceForAccount } from '../resource-packages/repo';

/**
 * What a task installs, read from its package: the device's OTA slot (`kind`), the name the
 * device reports the version under, the target version and the package's own upgrade rules.
 */
export type Target = {
  kind: OtaKind;
  /** firmware: the app name; resource: the pack's name (a language pack's is its language code) */
  name: string;
  version: string;
  packageName: string;
  fileId: number;
  /** firmware only */
  modelId: number | null;
  split: boolean;
  baseVersion: string | null;
  minUpgradeVersion: string | null;
  /** language packs */
  language: string | null;
  /** declared minimum of the other slot, checked before each offer (firmware: of its language packs) */
  minLanguagePackVersion: string | null;
  /** language packs: of the device's firmware */
  minFirmwareVersion: string | null;
};

type FirmwareRow = typeof firmwarePackages.$inferSelect;
type ResourceRow = typeof resourcePackages.$inferSelect;

const fromFirmware = (f: FirmwareRow): Target => ({
  kind: 'firmware',
  name: f.appName,
  version: f.versionName,
  packageName: f.name,
  fileId: f.fileId,
  modelId: f.modelId,
  split: f.packageType === 'split',
  baseVersion: f.baseVersion,
  minUpgradeVersion: f.minUpgradeVersion,
  language: null,
  minLanguagePackVersion: f.minLanguagePackVersion,
  minFirmwareVersion: null,
});

const fromResource = (r: ResourceRow, language: string | null): Target => ({
  kind: 'resource',
  name: language ?? r.name,
  version: r.version,
  packageName: r.name,
  fileId: r.fileId,
  modelId: null,
  split: false,
  baseVersion: null,
  minUpgradeVersion: null,
  language,
  minLanguagePackVersion: null,
  minFirmwareVersion: r.minFirmwareVersion,
});

/** A live package of `type` the account may use (its own or a platform one), or undefined. */
export async function findTarget(
  db: Db,
  type: number,
  packageId: number,
  accountId: number,
): Promise<Target | undefined> {
  if (type === OtaTaskType.APP) {
    const f = await findFirmwareForAccount(db, packageId, accountId);
    return f && fromFirmware(f);
  }
  const r = await findResourceForAccount(db, packageId, accountId);
  return r && r.kind === 'language' ? fromResource(r, r.language) : undefined;
}

/** The target of a stored task (its package may since have been deleted: tasks keep running). */
export async function taskTarget(
  db: Db,
  task: {
    type: number;
    firmwareId: number | null;
    resourceId: number | null;
    accountId: number;
    language: string | null;
  },
): Promise<Target | undefined> {
  const id = task.type === OtaTaskType.APP ? task.firmwareId : task.resourceId;
  if (id === null) return undefined;
  if (task.type === OtaTaskType.APP) {
    const [f] = await db.select().from(firmwarePackages).where(eq(firmwarePackages.id, id));
    return f && fromFirmware(f);
  }
  const [r] = await db.select().from(resourcePackages).where(eq(resourcePackages.id, id));
  return r && fromResource(r, task.language ?? r.language);
}

/** Where and what a device downloads (undefined when the file is gone: nothing to offer). */
export async function downloadInfo(deps: Deps, fileId: number) {
  return fileDownloadInfo(deps, fileId).catch(() => undefined);
}
