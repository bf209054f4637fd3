import { QR_PASSWORD_TRIES, QR_PASSWORD_TRIES_PER_DEVICE, QR_PASSWORD_WINDOW_MS } from '@herald/contract';
import type { Db } from '../../db/client';
import { exhausted, hit, peek } from '../../lib/shared-limits';

/**
 * Wrong QR passwords, in fixed windows shared by every server (lib/shared-limits.ts): per client
 * address and device, and per device from all addresses. A QR password is short (4 to 16 letters or
 * digits), so without a limit it could be guessed; with 5 tries per 15 minutes per address it cannot
 * be in any useful time, and spreading the guesses over servers or addresses does not help.
 */
const clientKey = (client: string, sn: string) => `qr:client:${client}|${sn}`;
const deviceKey = (sn: string) => `qr:device:${sn}`;

/** Whether this client, or everybody, has used up the tries for this device (until the window ends). */
export async function qrPasswordBlocked(db: Db, client: string, sn: string): Promise<boolean> {
  const used = await peek(db, [clientKey(client, sn), deviceKey(sn)], QR_PASSWORD_TRIES);
  return (
    exhausted(used.get(clientKey(client, sn)), QR_PASSWORD_TRIES) ||
    exhausted(used.get(deviceKey(sn)), QR_PASSWORD_TRIES_PER_DEVICE)
  );
}

/** A wrong password: counted for the client and for the device. */
export async function qrPasswordFailed(db: Db, client: string, sn: string): Promise<void> {
  await Promise.all([
    hit(db, clientKey(client, sn), QR_PASSWORD_WINDOW_MS, QR_PASSWORD_TRIES),
    hit(db, deviceKey(sn), QR_PASSWORD_WINDOW_MS, QR_PASSWORD_TRIES_PER_DEVICE),
  ]);
}
