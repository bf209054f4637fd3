import type { Db } from '../../db/client';
import { Batcher, SAME_MOMENT } from '../../lib/batcher';
import type { Deps } from '../../lib/deps';
import { sendCommand } from '../device-commands/service';
import * as control from './control-repo';
import { inBackground } from './pipeline';
import * as repo from './repo';

/**
 * A job cancelled while its device was away: the device may hold it (it was sent, status 1), and
 * only the `cancel` command makes it drop it. The cancel waits in PostgreSQL (pending_cancels) and
 * goes out when the device announces itself again, from whichever server hears it.
 */

type Device = { id: number; sn: string; accountId: number; online: boolean };
type DeviceRef = { id: number; sn: string; accountId?: number };

/**
 * Sends the device its pending cancels (taken, so each goes out once). One the broker would not
 * take is put back for the next time. Returns how many were sent.
 */
export async function sendPendingCancels(deps: Deps, device: Device): Promise<number> {
  return sendTaken(deps, device, await control.takePendingCancels(deps.db, device.id));
}

async function sendTaken(deps: Deps, device: Device, taken: { jobId: number; msgId: string }[]): Promise<number> {
  let sent = 0;
  for (const c of taken) {
    const id = await sendCommand(deps, { userId: null }, device, 'cancel', { job: c.msgId }, { required: false }).catch(
      () => null,
    );
    if (id) sent++;
    else {
      const job = await control.findJob(deps.db, c.jobId);
      if (job) await control.addPendingCancel(deps.db, job);
    }
  }
  return sent;
}

/**
 * A cancelled job that was sent to a device that did not hear the cancel: kept for its return. If
 * the device came back meanwhile (its return may have looked for pending cancels before this one
 * was stored), it is sent now.
 */
export async function keepCancel(deps: Deps, job: repo.JobRow): Promise<void> {
  await control.addPendingCancel(deps.db, job);
  const device = await repo.findDevice(deps.db, job.accountId, job.sn);
  if (device?.online) await sendPendingCancels(deps, { ...device, accountId: job.accountId });
}

/** The device announced itself (presence online): its pending cancels go out. */
export function onDeviceOnlineForCancels(deps: Deps, device: DeviceRef): void {
  const send = async () => {
    // almost every return has nothing waiting: the take comes first, the account only when needed
    const taken = await deps.cancelTakes.add(device.id);
    if (!taken.length) return;
    const accountId = device.accountId ?? (await control.accountOfDevice(deps.db, device.id));
    if (accountId !== undefined) await sendTaken(deps, { ...device, accountId, online: true }, taken);
  };
  inBackground(deps, send(), 'pending cancels not sent');
}

/**
 * The takes of devices that announce themselves at the same moment (a restart's reconnects), in
 * one statement (Deps.cancelTakes): nearly all find nothing. At most 2 ms of waiting, none when
 * returns are rare (the Batcher's quiet rule).
 */
export const newCancelTakes = (db: Db) =>
  new Batcher((deviceIds: number[]) => control.takePendingCancelsOf(db, deviceIds), SAME_MOMENT);

export type CancelTakes = ReturnType<typeof newCancelTakes>;
