import {
  type CreateFirmwareBody,
  type Firmware,
  type FirmwareListItem,
  type FirmwareListQuery,
  type PackageOption,
  type PackageType,
  type Page,
  type SignAlgorithm,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { offsetOf } from '../../lib/filters';
import { ownAccount } from '../../lib/scope';
import { findModelView } from '../models/repo';
import { audit } from '../oper-log/audit';
import {
  accountFilter,
  addVersion,
  deletePackage,
  detailFields,
  listFields,
  uploadFor,
  visiblePackage,
  type PackageKind,
} from '../package-store/service';
import * as repo from './repo';

const toItem = (v: repo.FirmwareView): FirmwareListItem => ({
  ...listFields(v),
  appName: v.pkg.appName,
  name: v.pkg.name,
  versionName: v.pkg.versionName,
  modelId: v.pkg.modelId,
  modelName: v.modelName,
  signAlgorithm: v.pkg.signAlgorithm as SignAlgorithm,
  packageType: v.pkg.packageType as PackageType,
  baseVersion: v.pkg.baseVersion,
  minUpgradeVersion: v.pkg.minUpgradeVersion,
  minLanguagePackVersion: v.pkg.minLanguagePackVersion,
});

const toFirmware = (v: repo.FirmwareView): Firmware => ({
  ...toItem(v),
  ...detailFields(v),
  sha256: v.file.sha256,
});

export async function listFirmware(
  deps: Deps,
  auth: AuthContext,
  q: FirmwareListQuery,
): Promise<Page<FirmwareListItem>> {
  const { rows, total } = await repo.listFirmware(deps.db, {
    visibleTo: ownAccount(auth),
    accountId: accountFilter(auth, q.accountId),
    name: q.name || undefined,
    appName: q.appName || undefined,
    modelId: q.modelId,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
}

const firmware: PackageKind<repo.FirmwareView> = {
  find: repo.findFirmwareView,
  taskCount: repo.taskCount,
  softDelete: repo.softDeleteFirmware,
};

export const getFirmware = async (deps: Deps, auth: AuthContext, id: number) =>
  toFirmware(await visiblePackage(deps, auth, firmware, id));

/**
 * A new package. Operators' packages belong to the platform (every account may use them); an
 * account's are its own. The file must be a firmware upload of the same owner (an account does not build on an
 * operator's upload: it uses the platform's package).
 */
export async function createFirmware(deps: Deps, auth: AuthContext, body: CreateFirmwareBody): Promise<Firmware> {
  const accountId = ownAccount(auth) ?? null;
  if (!(await findModelView(deps.db, body.modelId))) throw invalid('error.modelNotFound', 'modelId');
  const file = await uploadFor(deps, body.fileId, 'firmware', accountId);
  const baseVersion = body.baseVersion || null;
  if (body.packageType === 'split' && !baseVersion) throw invalid('error.baseVersionRequired', 'baseVersion');
  const key = {
    accountId,
    modelId: body.modelId,
    appName: body.appName,
    versionName: body.versionName,
    packageType: body.packageType,
  };
  const id = await addVersion(deps, {
    field: 'versionName',
    constraint: 'firmware_packages_version_uq',
    exists: () => repo.findDuplicate(deps.db, key),
    insert: async (tx) => {
      const p = await repo.insertFirmware(tx, {
        ...key,
        name: body.name,
        signAlgorithm: body.signAlgorithm,
        baseVersion: body.packageType === 'split' ? baseVersion : null,
        minUpgradeVersion: body.minUpgradeVersion || null,
        minLanguagePackVersion: body.minLanguagePackVersion || null,
        fileId: file.id,
        remark: body.remark || null,
        createdBy: auth.userId,
      });
      await audit(tx, auth, {
        module: 'firmware',
        type: 'add',
        description: {
          key: 'log.firmware.add',
          params: {
            name: p.name,
            appName: p.appName,
            version: p.versionName,
            packageType: p.packageType,
            id: p.id,
            fileId: file.id,
          },
        },
      });
      return p.id;
    },
  });
  return getFirmware(deps, auth, id);
}

/** Accounts delete only their own packages (platform ones are read-only to them); never one a task uses. */
export async function deleteFirmware(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  await deletePackage(deps, auth, firmware, id, (v) => ({
    module: 'firmware',
    type: 'delete',
    description: {
      key: 'log.firmware.delete',
      params: { name: v.pkg.name, appName: v.pkg.appName, version: v.pkg.versionName, id },
    },
  }));
}

/** Options for task forms: the platform's packages and the account's own (the one an operator names). */
export async function firmwareOptions(
  deps: Deps,
  auth: AuthContext,
  q: { modelId?: number; accountId?: number },
): Promise<PackageOption[]> {
  const scope = ownAccount(auth) ?? q.accountId;
  accountFilter(auth, q.accountId);
  const rows = await repo.firmwareOptions(deps.db, { visibleTo: scope, modelId: q.modelId });
  return rows.map((r) => ({
    value: r.id,
    label: `${r.name} ${r.versionName}${r.packageType === 'split' ? ' (split)' : ''}`,
    version: r.versionName,
    modelId: r.modelId,
    language: null,
  }));
}
