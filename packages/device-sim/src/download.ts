import crypto from 'node:crypto';

/** What an upgrade offer or a resource push says about the file to fetch. */
export type FileTarget = { url: string; size: number; md5: string; sha256: string };

/** `data`: the bytes themselves, when asked to keep them (small files such as a startup logo). */
export type Downloaded = { bytes: number; md5: string; sha256: string; data?: Buffer };

export class DownloadError extends Error {}

/**
 * Fetch a file the way a device does: one streamed GET (200, or 206 when the server answers a
 * range), hashing as the bytes arrive so nothing is held in memory. `onProgress` gets whole
 * percentages at most once per step of `progressStep`; `chunkDelayMs` (a pause after every
 * chunk: the ota-slow fault) slows the stream down so a test can watch a download in progress.
 */
export async function download(
  target: FileTarget,
  opts: {
    onProgress?: (pct: number) => void;
    progressStep?: number;
    chunkDelayMs?: number;
    timeoutMs?: number;
    keep?: boolean;
  } = {},
): Promise<Downloaded> {
  const step = opts.progressStep ?? 25;
  let res: Response;
  try {
    res = await fetch(target.url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
  } catch (err) {
    throw new DownloadError(`download failed: ${(err as Error).message}`);
  }
  if (res.status !== 200 && res.status !== 206) {
    await res.body?.cancel().catch(() => {});
    throw new DownloadError(`download answered HTTP ${res.status}`);
  }
  const md5 = crypto.createHash('md5');
  const sha256 = crypto.createHash('sha256');
  let bytes = 0;
  let reported = 0;
  const kept: Uint8Array[] = [];
  try {
    // a reader loop rather than `for await`: the DOM typing of fetch (the e2e project) has no async iterator
    const reader = res.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      const buf = next.value;
      md5.update(buf);
      sha256.update(buf);
      if (opts.keep) kept.push(buf);
      bytes += buf.byteLength;
      const pct = target.size > 0 ? Math.min(100, Math.floor((bytes * 100) / target.size)) : 100;
      if (pct >= reported + step && pct < 100) {
        reported = pct - (pct % step);
        opts.onProgress?.(reported);
      }
      if (opts.chunkDelayMs) await new Promise((r) => setTimeout(r, opts.chunkDelayMs));
    }
  } catch (err) {
    throw new DownloadError(`download broke off after ${bytes} bytes: ${(err as Error).message}`);
  }
  opts.onProgress?.(100);
  return {
    bytes,
    md5: md5.digest('hex'),
    sha256: sha256.digest('hex'),
    ...(opts.keep ? { data: Buffer.concat(kept) } : {}),
  };
}

/** Size, MD5 and SHA-256 against the offer; the first mismatch, or null when all agree. */
export function mismatch(target: FileTarget, got: Downloaded): string | null {
  if (got.bytes !== target.size) return `size ${got.bytes} instead of ${target.size}`;
  if (got.md5 !== target.md5.toLowerCase()) return 'MD5 mismatch';
  if (got.sha256 !== target.sha256.toLowerCase()) return 'SHA-256 mismatch';
  return null;
}
