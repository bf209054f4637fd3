import { DownloadError, download, mismatch, type FileTarget } from '../download';
import type { DeviceContext } from './context';

export type FetchFailure = { reason: 'downloadFailed' | 'checksumMismatch'; message: string };

/**
 * Download a file Herald pointed to (an upgrade, a resource pack, a logo) and check its size
 * and hashes, reporting steps through `onStep`; the ota-* faults break it here. Null when the
 * file is good; otherwise the failure reason and a message for the server.
 */
export async function fetchAndVerify(
  ctx: DeviceContext,
  target: FileTarget,
  onStep?: (step: 'downloading' | 'verifying', progress?: number) => void,
  keep?: (data: Buffer) => void,
): Promise<FetchFailure | null> {
  onStep?.('downloading', 0);
  let got;
  try {
    if (ctx.takeFault('ota-download-fail')) throw new DownloadError('download broke off (ota-download-fail)');
    got = await download(target, {
      onProgress: (p) => onStep?.('downloading', p),
      chunkDelayMs: ctx.hasFault('ota-slow') ? ctx.opts.otaSlowChunkMs : 0,
      timeoutMs: ctx.opts.downloadTimeoutMs,
      keep: !!keep,
    });
  } catch (err) {
    return { reason: 'downloadFailed', message: (err as Error).message.slice(0, 256) };
  }
  onStep?.('verifying');
  const wrong = ctx.takeFault('ota-bad-checksum') ? 'SHA-256 mismatch (ota-bad-checksum)' : mismatch(target, got);
  if (wrong) return { reason: 'checksumMismatch', message: wrong };
  if (got.data) keep?.(got.data);
  return null;
}
