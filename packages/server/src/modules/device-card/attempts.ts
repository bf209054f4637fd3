import { QR_PASSWORD_TRIES, QR_PASSWORD_TRIES_PER_DEVICE, QR_PASSWORD_WINDOW_MS } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { rateLimited } from '../../lib/errors';
import { underFailureLimits } from '../../lib/failure-limits';
import { audit } from '../oper-log/audit';

/**
 * Wrong QR passwords, in fixed windows shared by every server (lib/failure-limits.ts): per client
 * address and device, and per device from all addresses. A QR password is short (4 to 16 letters or
 * digits), so without a limit it could be guessed; with 5 tries per 15 minutes per address it cannot
 * be in any useful time, and spreading the guesses over servers or addresses does not help. Each
 * try is counted before it is checked, so tries sent together do not all get through; a right
 * password or none (the card's "locked" answer) gives it back.
 */
const counters = (client: string, sn: string) => [
  { key: `qr:client:${client}|${sn}`, limit: { max: QR_PASSWORD_TRIES, windowMs: QR_PASSWORD_WINDOW_MS } },
  { key: `qr:device:${sn}`, limit: { max: QR_PASSWORD_TRIES_PER_DEVICE, windowMs: QR_PASSWORD_WINDOW_MS } },
];

/**
 * Run the password check of a device's card within the limits; a refusal is answered 40029 with
 * Retry-After and written to the device's account's operation log.
 */
export function underQrPasswordLimits<T>(
  deps: Deps,
  client: string,
  device: { sn: string; accountId: number },
  attempt: () => Promise<T>,
  failed: (err: unknown) => boolean,
): Promise<T> {
  return underFailureLimits(deps.db, counters(client, device.sn), attempt, {
    failed,
    refused: async (r) => {
      const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
      await audit(
        deps.db,
        { userId: null, username: '', accountId: device.accountId, ip: client },
        {
          module: 'device',
          type: 'qrSwitch',
          description: { key: 'log.device.qrPasswordLimited', params: { sn: device.sn, ip: client, seconds } },
        },
      );
      throw rateLimited(r.retryAfterMs, 'error.tooManyAttempts');
    },
  });
}
