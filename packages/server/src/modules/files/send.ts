import type { FastifyReply } from 'fastify';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { FileRow } from './repo';

/**
 * One `Range: bytes=…` request against a file of `size` bytes: the inclusive span to send, null
 * for "send it all" (no header, several ranges, or a unit we do not speak — RFC 9110 lets a
 * server ignore those), or 'unsatisfiable'.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    // the last b bytes
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Stream a stored file (whole or one range) with Content-Length, ETag (its md5) and Accept-Ranges,
 * so a device can resume an interrupted firmware download where it stopped.
 */
export async function sendStoredFile(
  deps: Deps,
  reply: FastifyReply,
  file: FileRow,
  rangeHeader: string | undefined,
  opts: { attachment?: boolean } = {},
) {
  const etag = `"${file.md5}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', 'private, no-transform')
    .header('x-content-type-options', 'nosniff')
    .type(file.format === 'apk' ? 'application/vnd.android.package-archive' : 'application/octet-stream');
  if (opts.attachment) reply.header('content-disposition', attachment(file.name));
  const ifRange = reply.request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).type('text/plain').send('');
  }
  const body = await deps.storage
    .stream(file.storageKey, range ?? undefined)
    .catch((err: { code?: string }) => Promise.reject(err?.code === 'ENOENT' ? notFound() : err));
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(body);
  }
  return reply.header('content-length', file.size).send(body);
}
