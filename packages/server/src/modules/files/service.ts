import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  can,
  DOWNLOAD_URL_TTL_MS,
  FILE_LIMITS,
  FILE_UPLOAD_PERMISSION,
  type FilePurpose,
  type FileUploadQuery,
  type StoredFile,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { iso } from '../../lib/filters';
import { ownAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { inspectUpload } from './archive';
import * as repo from './repo';
import { signedDownloadUrl } from './urls';

/** Who may upload what (described with the route in the contract). */
export const UPLOAD_PERMISSION = FILE_UPLOAD_PERMISSION;

/** The spec's size message per purpose. */
export const tooLargeKey = (purpose: FilePurpose) => FILE_LIMITS[purpose].tooLargeKey;

/** Refuse an upload the caller may not make (checked before the body is read, and again here). */
export function checkUploadAllowed(auth: Pick<AuthContext, 'side' | 'permissions'>, purpose: FilePurpose): void {
  if (purpose === 'smartConfig' && auth.side !== 'op') throw forbidden();
  if (!can(auth.permissions, UPLOAD_PERMISSION[purpose])) throw forbidden();
}

export const toStoredFile = (f: repo.FileRow): StoredFile => ({
  id: f.id,
  purpose: f.purpose as FilePurpose,
  name: f.name,
  size: f.size,
  md5: f.md5,
  sha256: f.sha256,
  entries: (f.entries as StoredFile['entries']) ?? [],
  format: f.format,
  createdAt: iso(f.createdAt),
});

/**
 * Keep an upload: limits, consistency with what the uploader computed, format and archive safety
 * first; then the bytes go to the store and only then the row is written, so a failed store
 * leaves no row (and a failed row leaves no object).
 */
export async function uploadFile(
  deps: Deps,
  auth: AuthContext,
  q: FileUploadQuery,
  data: Buffer,
  log?: FastifyBaseLogger,
): Promise<StoredFile> {
  checkUploadAllowed(auth, q.purpose);
  if (data.length > FILE_LIMITS[q.purpose].maxBytes) throw invalid(tooLargeKey(q.purpose), 'file');
  const md5 = createHash('md5').update(data).digest('hex');
  if ((q.md5 !== undefined && q.md5.toLowerCase() !== md5) || (q.size !== undefined && q.size !== data.length)) {
    throw invalid('error.fileInconsistent', 'file');
  }
  if (data.length === 0) throw invalid('error.fileFormat', 'file');
  const tally = { inflated: 0 };
  const { format, entries } = await inspectUpload(q.purpose, q.name, data, tally).finally(() =>
    deps.metrics.inflatedBytes.inc(tally.inflated),
  );
  const sha256 = createHash('sha256').update(data).digest('hex');
  const storageKey = `${q.purpose}/${randomUUID()}`;
  try {
    await deps.storage.put(storageKey, data, format === 'apk' ? 'application/vnd.android.package-archive' : undefined);
  } catch (err) {
    log?.error({ err, storageKey }, 'file storage failed');
    throw invalid('error.uploadFailed', 'file');
  }
  try {
    const row = await deps.db.transaction(async (tx) => {
      const f = await repo.insertFile(tx, {
        accountId: auth.side === 'op' ? null : auth.accountId,
        purpose: q.purpose,
        name: q.name,
        format,
        size: data.length,
        md5,
        sha256,
        storageKey,
        entries,
        createdBy: auth.userId,
      });
      await audit(tx, auth, {
        module: 'file',
        type: 'upload',
        description: {
          key: 'log.file.upload',
          params: { purpose: q.purpose, name: q.name, id: f.id, size: data.length, md5 },
        },
      });
      return f;
    });
    return toStoredFile(row);
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** A file the caller may see: its account's own or a platform file; operators see all. */
export async function visibleFile(deps: Deps, auth: AuthContext, id: number): Promise<repo.FileRow> {
  const f = await repo.findVisibleFile(deps.db, id, ownAccount(auth));
  if (!f) throw notFound();
  return f;
}

export const getFile = async (deps: Deps, auth: AuthContext, id: number) =>
  toStoredFile(await visibleFile(deps, auth, id));

/**
 * Where a device fetches a file: a presigned URL of the S3 store (the bytes bypass Herald), or
 * Herald's own signed `/device/v1/files/<id>` URL with local storage. For the OTA and push engines.
 */
export async function fileDownloadInfo(
  deps: Deps,
  fileId: number,
): Promise<{ url: string; size: number; md5: string; sha256: string }> {
  const f = await repo.findFile(deps.db, fileId);
  if (!f) throw invalid('error.fileNotFound', 'fileId');
  const url = (await deps.storage.presignedGetUrl(f.storageKey, DOWNLOAD_URL_TTL_MS)) ?? signedDownloadUrl(deps, f.id);
  return { url, size: f.size, md5: f.md5, sha256: f.sha256 };
}

/** Any file by id (device downloads, whose signed URL already is the permission). */
export async function fileRow(deps: Deps, id: number): Promise<repo.FileRow> {
  const f = await repo.findFile(deps.db, id);
  if (!f) throw notFound();
  return f;
}
