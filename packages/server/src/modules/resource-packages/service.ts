import type { FastifyBaseLogger } from 'fastify';
import type {
  ArchiveEntry,
  CreateResourcePackageBody,
  PackageOption,
  Page,
  ResourceKind,
  ResourcePackage,
  ResourcePackageListItem,
  ResourcePackageListQuery,
  SpeakLanguage,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { offsetOf } from '../../lib/filters';
import { ownAccount } from '../../lib/scope';
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
import { clipsOf, missingClips } from './clips';
import * as repo from './repo';

const toItem = (v: repo.ResourceView): ResourcePackageListItem => ({
  ...listFields(v),
  name: v.pkg.name,
  kind: v.pkg.kind as ResourceKind,
  language: (v.pkg.language as SpeakLanguage | null) ?? null,
  version: v.pkg.version,
  minFirmwareVersion: v.pkg.minFirmwareVersion,
  fileCount: v.pkg.fileCount,
  digest: v.file.sha256,
});

function toResource(v: repo.ResourceView): ResourcePackage {
  const clips = (v.pkg.clips as string[]) ?? [];
  const language = v.pkg.language as SpeakLanguage | null;
  return {
    ...toItem(v),
    ...detailFields(v),
    clips,
    // against today's voice pack: a pack complete when added may lack clips a later release needs
    missingClips: v.pkg.kind === 'language' && language ? missingClips(language, clips) : [],
  };
}

export async function listResources(
  deps: Deps,
  auth: AuthContext,
  q: ResourcePackageListQuery,
): Promise<Page<ResourcePackageListItem>> {
  const { rows, total } = await repo.listResources(deps.db, {
    visibleTo: ownAccount(auth),
    accountId: accountFilter(auth, q.accountId),
    name: q.name || undefined,
    kind: q.kind,
    language: q.language,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
}

const resources: PackageKind<repo.ResourceView> = {
  find: repo.findResourceView,
  taskCount: repo.taskCount,
  softDelete: repo.softDeleteResource,
};

export const getResource = async (deps: Deps, auth: AuthContext, id: number) =>
  toResource(await visiblePackage(deps, auth, resources, id));

/**
 * A new resource package. A language pack must hold every clip the transaction broadcast of its
 * language uses; the refusal lists the missing ones (`data.missingClips`), so the uploader can fix
 * the archive without guessing.
 */
export async function createResource(
  deps: Deps,
  auth: AuthContext,
  body: CreateResourcePackageBody,
  log?: FastifyBaseLogger,
): Promise<ResourcePackage> {
  const accountId = ownAccount(auth) ?? null;
  if (body.kind === 'language' && !body.language) throw invalid('error.languageRequired', 'language');
  const file = await uploadFor(deps, body.fileId, 'resource', accountId);
  const entries = (file.entries as ArchiveEntry[]) ?? [];
  let clips: string[] = [];
  if (body.kind === 'language') {
    clips = clipsOf(body.language!, entries);
    const missing = missingClips(body.language!, clips);
    if (missing.length > 0) {
      log?.info({ fileId: file.id, language: body.language, missing }, 'language pack lacks broadcast clips');
      throw invalid('error.languagePackIncomplete', 'fileId', { missingClips: missing });
    }
  }
  const key = { accountId, name: body.name, version: body.version };
  const id = await addVersion(deps, {
    field: 'version',
    constraint: 'resource_packages_version_uq',
    exists: () => repo.findDuplicate(deps.db, key),
    insert: async (tx) => {
      const p = await repo.insertResource(tx, {
        ...key,
        kind: body.kind,
        language: body.language ?? null,
        minFirmwareVersion: body.minFirmwareVersion || null,
        fileCount: entries.length,
        clips,
        fileId: file.id,
        remark: body.remark || null,
        createdBy: auth.userId,
      });
      await audit(tx, auth, {
        module: 'resourcePackage',
        type: 'add',
        description: {
          key: p.language ? 'log.resourcePackage.addWithLanguage' : 'log.resourcePackage.add',
          params: {
            kind: p.kind,
            name: p.name,
            version: p.version,
            language: p.language ?? '',
            id: p.id,
            fileId: file.id,
          },
        },
      });
      return p.id;
    },
  });
  return getResource(deps, auth, id);
}

export async function deleteResource(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  await deletePackage(deps, auth, resources, id, (v) => ({
    module: 'resourcePackage',
    type: 'delete',
    description: {
      key: 'log.resourcePackage.delete',
      params: { kind: v.pkg.kind, name: v.pkg.name, version: v.pkg.version, id },
    },
  }));
}

export async function resourceOptions(
  deps: Deps,
  auth: AuthContext,
  q: { language?: string; accountId?: number },
): Promise<PackageOption[]> {
  accountFilter(auth, q.accountId);
  const rows = await repo.resourceOptions(deps.db, {
    visibleTo: ownAccount(auth) ?? q.accountId,
    language: q.language,
  });
  return rows.map((r) => ({
    value: r.id,
    label: `${r.name} ${r.version}`,
    version: r.version,
    modelId: null,
    language: r.language,
  }));
}
