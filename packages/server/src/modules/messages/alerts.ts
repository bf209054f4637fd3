import { ALERT_KINDS, ALERT_REPEAT_MS, type AlertKind, type DeviceEvent } from '@herald/contract';
import { raiseUnread } from '../live/raise';
import type { Deps } from '../../lib/deps';
import { alertTitles } from './alert-title';
import { raiseStateAlerts, type StateReport } from './alert-states';
import * as repo from './repo';

/** What a fault event means for its account: a kind and the device's own words. */
export function alertOf(e: DeviceEvent): { kind: AlertKind; detail: string | null } | undefined {
  return e.type === 'fault' ? { kind: 'fault', detail: e.message ?? null } : undefined;
}

export { alertTitle, alertTitles } from './alert-title';

/**
 * A device event that is an alert reaches the receivers of the device's account. A printer's
 * state and its battery are states: their events go the way telemetry goes (one alert per
 * change, alert-states.ts). A fault is not a state: it raises a message when the account wants
 * faults and the device has not raised one within the hour. Returns the deliveries written.
 * Called after the event is stored, in the background of the device's message.
 */
export async function raiseDeviceAlert(
  deps: Deps,
  device: { id: number; sn: string },
  e: DeviceEvent,
  at = new Date(),
): Promise<number> {
  if (e.type === 'printerState' || e.type === 'battery')
    return raiseStateChange(deps, device, { ts: e.ts, printerState: e.printerState, battery: e.battery }, at);
  const alert = alertOf(e);
  if (!alert) return 0;
  const target = await repo.alertTarget(deps.db, device.id);
  if (!target) return 0;
  const wanted = (target.alertKinds ?? ALERT_KINDS) as readonly string[];
  if (!wanted.includes(alert.kind)) return 0;
  // claimed and delivered together: a delivery that fails leaves the kind unclaimed for the next event
  const sent = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimAlert(tx, device.id, alert.kind, at, ALERT_REPEAT_MS))) return 0;
    return repo.deliverAlert(
      tx,
      { accountId: target.accountId, deviceId: device.id, sn: device.sn, kind: alert.kind, detail: alert.detail },
      alertTitles(alert, device.sn),
      at,
      { consoleUrl: deps.config.publicUrl },
    );
  });
  if (sent > 0) raiseUnread(deps, target.accountId);
  return sent;
}

/**
 * A reported state (telemetry or event) raises its alerts and recoveries (alert-states.ts), and
 * the receivers' consoles hear of them. Returns the deliveries written.
 */
export async function raiseStateChange(
  deps: Deps,
  device: { id: number; sn: string },
  report: StateReport,
  at = new Date(),
): Promise<number> {
  const { sent, accountId } = await raiseStateAlerts(deps, device, report, at);
  if (sent > 0 && accountId !== null) raiseUnread(deps, accountId);
  return sent;
}
