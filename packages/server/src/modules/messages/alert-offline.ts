import { OFFLINE_ALERT_MINUTES_DEFAULT } from '@herald/contract';
import type { Db } from '../../db/client';
import { Batcher, SAME_MOMENT } from '../../lib/batcher';
import type { Deps } from '../../lib/deps';
import { raiseUnread } from '../live/raise';
import * as alertRepo from './alert-repo';
import { deliverChanges, NONE } from './alert-states';

/**
 * The offline alert: a device offline longer than its account's offline time (message settings)
 * raises it once, and its return the recovery, through the path of the state alerts (kinds the
 * account wants, in-app, e-mail, alert address, digest). "Offline" is one more entry in the
 * device's alert states (device_alert_states), set and cleared by conditional statements, so of
 * several servers one raises each change.
 */

const BATCH = 200;

/** Raises the alert for devices offline too long (one batch). Returns the deliveries written. */
export async function raiseOfflineAlerts(deps: Deps, now = new Date()): Promise<number> {
  let sent = 0;
  for (const d of await alertRepo.overdueOffline(deps.db, now, OFFLINE_ALERT_MINUTES_DEFAULT, BATCH)) {
    const r = await deps.db.transaction(async (tx) =>
      (await alertRepo.markOffline(tx, d.id))
        ? deliverChanges(deps, tx, d, [{ kind: 'offline', phase: 'raised', detail: String(d.minutes) }], now)
        : NONE,
    );
    if (r.sent > 0 && r.accountId !== null) raiseUnread(deps, r.accountId);
    sent += r.sent;
  }
  return sent;
}

/** The device is back online: the recovery of an offline alert it raised. Returns the deliveries written. */
export async function onDeviceBackForAlerts(deps: Deps, device: { id: number; sn: string }, at = new Date()) {
  // every reconnect comes here and almost none has an offline alert to clear: one read instead
  // of a transaction's three round trips (a reconnect storm is thousands of these at once)
  // (read with those of the same moment: Deps.offlineReads)
  if (!(await deps.offlineReads.add(device.id))) return 0;
  const r = await deps.db.transaction(async (tx) =>
    (await alertRepo.clearOffline(tx, device.id))
      ? deliverChanges(deps, tx, device, [{ kind: 'offline', phase: 'cleared', detail: null }], at)
      : NONE,
  );
  if (r.sent > 0 && r.accountId !== null) raiseUnread(deps, r.accountId);
  return r.sent;
}

/**
 * Whether devices coming back at the same moment have an offline alert raised, in one statement
 * (Deps.offlineReads). At most 2 ms of waiting, none when returns are rare (the Batcher's quiet rule).
 */
export const newOfflineReads = (db: Db) =>
  new Batcher((deviceIds: number[]) => alertRepo.offlineRaisedOf(db, deviceIds), SAME_MOMENT);

export type OfflineReads = ReturnType<typeof newOfflineReads>;
