import { createHmac } from 'node:crypto';
import { DOWNLOAD_URL_TTL_MS } from '@herald/contract';
import { deviceBaseUrl } from '../../config';
import type { Deps } from '../../lib/deps';
import { safeEqual } from '../../lib/crypto';

/**
 * Expiring signed download URLs for devices: `/device/v1/files/<id>?exp=<ms>&sig=<hex>`, where
 * sig = HMAC-SHA256(derived key, `<id>.<exp>`). No session, no token: the URL is the permission,
 * and it lapses. With an S3 store the device is sent to a presigned URL of the store instead.
 */
export const DOWNLOAD_PATH = '/device/v1/files';

const sign = (deps: Deps, id: number, exp: number) =>
  createHmac('sha256', deps.jwt.derive('file-download')).update(`${id}.${exp}`).digest('hex');

export function signedDownloadUrl(deps: Deps, fileId: number, ttlMs = DOWNLOAD_URL_TTL_MS, now = Date.now()): string {
  const exp = now + ttlMs;
  return `${deviceBaseUrl(deps.config)}${DOWNLOAD_PATH}/${fileId}?exp=${exp}&sig=${sign(deps, fileId, exp)}`;
}

/** Whether a download request's exp/sig are Herald's and not lapsed. */
export function verifyDownload(deps: Deps, fileId: number, exp: number, sig: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(exp) || exp < now) return false;
  return safeEqual(sig.toLowerCase(), sign(deps, fileId, exp));
}
