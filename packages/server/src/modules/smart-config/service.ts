import {
  compareVersions,
  isVersion,
  type CreateSmartConfigBody,
  type Page,
  type ScStatus,
  type ScUpdateType,
  type SmartConfigLatest,
  type SmartConfigVersion,
  type UpdateSmartConfigBody,
} from '@herald/contract';
import type { z } from 'zod';
import type { smartConfigListQuery } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { iso, isoOrNull, offsetOf } from '../../lib/filters';
import { findFile } from '../files/repo';
import { audit } from '../oper-log/audit';
import * as repo from './repo';

type ListQuery = z.infer<typeof smartConfigListQuery>;

const toVersion = ({ v, file }: repo.ScView): SmartConfigVersion => ({
  id: v.id,
  versionName: v.versionName,
  updateType: v.updateType as ScUpdateType,
  notes: v.notes,
  downloads: v.downloads,
  status: v.status as ScStatus,
  delistReason: v.delistReason,
  fileId: file.id,
  fileName: file.name,
  size: file.size,
  md5: file.md5,
  listedAt: isoOrNull(v.listedAt),
  delistedAt: isoOrNull(v.delistedAt),
  createdAt: iso(v.createdAt),
});

export async function listVersions(deps: Deps, q: ListQuery): Promise<Page<SmartConfigVersion>> {
  const { rows, total } = await repo.listVersions(deps.db, {
    status: q.status,
    versionName: q.versionName || undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toVersion), total, page: q.page, pageSize: q.pageSize };
}

async function found(deps: Deps, id: number) {
  const v = await repo.findView(deps.db, id);
  if (!v) throw notFound();
  return v;
}

export const getVersion = async (deps: Deps, id: number) => toVersion(await found(deps, id));

/** A release: newer than every version so far (listed or not), an .apk uploaded by an operator. */
export async function createVersion(deps: Deps, auth: AuthContext, body: CreateSmartConfigBody) {
  const all = await repo.allVersions(deps.db);
  if (all.some((v) => compareVersions(v.versionName, body.versionName) === 0)) {
    throw conflict('error.versionExists', 'versionName');
  }
  if (all.some((v) => compareVersions(v.versionName, body.versionName) > 0)) {
    throw invalid('error.versionNotNewer', 'versionName');
  }
  const file = await findFile(deps.db, body.fileId);
  if (!file || file.purpose !== 'smartConfig' || file.accountId !== null) throw invalid('error.fileNotFound', 'fileId');
  try {
    const id = await deps.db.transaction(async (tx) => {
      const now = new Date();
      const v = await repo.insertVersion(tx, {
        versionName: body.versionName,
        updateType: body.updateType,
        notes: body.notes || null,
        status: body.listed ? 'listed' : 'delisted',
        listedAt: body.listed ? now : null,
        fileId: file.id,
        createdBy: auth.userId,
      });
      await audit(tx, auth, {
        module: 'smartConfig',
        type: 'add',
        description: {
          key: 'log.smartConfig.add',
          params: { version: v.versionName, updateType: v.updateType, status: v.status, id: v.id, fileId: file.id },
        },
      });
      return v.id;
    });
    return getVersion(deps, id);
  } catch (err) {
    if (!(err instanceof AppError) && uniqueViolation(err)) throw conflict('error.versionExists', 'versionName');
    throw err;
  }
}

export async function updateVersion(deps: Deps, auth: AuthContext, id: number, body: UpdateSmartConfigBody) {
  const { v } = await found(deps, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateVersion(tx, id, {
      ...(body.updateType !== undefined ? { updateType: body.updateType } : {}),
      ...(body.notes !== undefined ? { notes: body.notes || null } : {}),
    });
    await audit(tx, auth, {
      module: 'smartConfig',
      type: 'edit',
      description: { key: 'log.smartConfig.edit', params: { version: v.versionName, id } },
    });
  });
  return getVersion(deps, id);
}

export async function delistVersion(deps: Deps, auth: AuthContext, id: number, reason: string) {
  const { v } = await found(deps, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateVersion(tx, id, { status: 'delisted', delistReason: reason, delistedAt: new Date() });
    await audit(tx, auth, {
      module: 'smartConfig',
      type: 'delist',
      description: { key: 'log.smartConfig.delist', params: { version: v.versionName, id, reason } },
    });
  });
  return getVersion(deps, id);
}

/**
 * List a delisted version again — only while no newer version is listed: re-releasing an old
 * build over a newer one would move users backwards.
 */
export async function relistVersion(deps: Deps, auth: AuthContext, id: number) {
  const { v } = await found(deps, id);
  const all = await repo.allVersions(deps.db);
  if (all.some((o) => o.status === 'listed' && compareVersions(o.versionName, v.versionName) > 0)) {
    throw invalid('error.versionNotConsecutive');
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateVersion(tx, id, { status: 'listed', listedAt: new Date(), delistReason: null, delistedAt: null });
    await audit(tx, auth, {
      module: 'smartConfig',
      type: 'list',
      description: { key: 'log.smartConfig.list', params: { version: v.versionName, id } },
    });
  });
  return getVersion(deps, id);
}

/** The newest listed version, or none. */
async function newestListed(deps: Deps): Promise<{ newest: repo.ScView; listed: repo.ScView[] } | undefined> {
  const listed = await repo.listedViews(deps.db);
  if (listed.length === 0) return undefined;
  const newest = listed.reduce((a, b) => (compareVersions(b.v.versionName, a.v.versionName) > 0 ? b : a));
  return { newest, listed };
}

export const downloadPath = (id: number) => `/public/smart-config/${id}/download`;

/**
 * What an app running `current` should do: the newest listed version, forced when any listed
 * version newer than `current` is forced (skipping a forced release must not dodge it).
 */
export async function latest(deps: Deps, current: string | undefined): Promise<SmartConfigLatest> {
  if (current !== undefined && current !== '' && !isVersion(current)) throw invalid('validation.format', 'current');
  const n = await newestListed(deps);
  if (!n) throw notFound();
  const cur = current || undefined;
  const newer = cur ? n.listed.filter((x) => compareVersions(x.v.versionName, cur) > 0) : [n.newest];
  const forced = newer.some((x) => x.v.updateType === 'forced');
  return {
    versionName: n.newest.v.versionName,
    updateType: forced ? 'forced' : 'optional',
    updateAvailable: newer.length > 0,
    notes: n.newest.v.notes,
    size: n.newest.file.size,
    md5: n.newest.file.md5,
    sha256: n.newest.file.sha256,
    downloadUrl: `${deps.config.publicUrl}${downloadPath(n.newest.v.id)}`,
  };
}

/**
 * The file of a listed version to download (the newest without an id), counting the download.
 * A ranged request that resumes past the first byte is the same download, not another one.
 */
export async function downloadable(
  deps: Deps,
  id: number | undefined,
  req: { method: string; headers: { range?: string } },
) {
  const range = req.headers.range;
  let view: repo.ScView | undefined;
  if (id === undefined) view = (await newestListed(deps))?.newest;
  else {
    const v = await repo.findView(deps.db, id);
    view = v && v.v.status === 'listed' ? v : undefined;
  }
  if (!view) throw notFound();
  const file = await findFile(deps.db, view.file.id);
  if (!file) throw notFound();
  // HEAD asks about the file without taking it
  if (req.method !== 'HEAD' && (!range || /^bytes=0-/.test(range.trim()))) await repo.countDownload(deps.db, view.v.id);
  return file;
}
