import {
  ALERT_KINDS,
  ALERT_REPEAT_MS,
  formatMessage,
  type AlertKind,
  type BatteryState,
  type DeviceEvent,
  type Locale,
} from '@herald/contract';
import { raiseUnread } from '../live/raise';
import type { Deps } from '../../lib/deps';
import * as repo from './repo';

const LOW_BATTERY = new Set<BatteryState>(['low', 'extremelyLow', 'depleted']);

/** What a device event means for its account, if anything: a kind and the device's own words. */
export function alertOf(e: DeviceEvent): { kind: AlertKind; detail: string | null } | undefined {
  switch (e.type) {
    case 'printerState':
      return e.printerState && e.printerState !== 'normal'
        ? { kind: e.printerState, detail: e.message ?? null }
        : undefined;
    case 'battery':
      return e.battery && LOW_BATTERY.has(e.battery.state)
        ? { kind: 'batteryLow', detail: `${e.battery.level}%` }
        : undefined;
    case 'fault':
      return { kind: 'fault', detail: e.message ?? null };
    default:
      return undefined;
  }
}

/** An alert in words: "Printer SN1 is out of paper"; a fault carries the device's own words when it sent any. */
export function alertTitle(a: { kind: AlertKind; detail: string | null }, sn: string, locale: Locale): string {
  const key = a.kind === 'fault' && !a.detail ? 'alert.faultNoDetail' : `alert.${a.kind}`;
  return formatMessage(key, locale, { sn, detail: a.detail ?? '' });
}

/**
 * A device event that is an alert becomes a message to each receiver of the device's account,
 * when the account wants that kind and the device has not raised it within the hour. Returns the
 * messages written. Called after the event is stored, in the background of the device's message.
 */
export async function raiseDeviceAlert(
  deps: Deps,
  device: { id: number; sn: string },
  e: DeviceEvent,
  at = new Date(),
): Promise<number> {
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
      { zh_CN: alertTitle(alert, device.sn, 'zh_CN'), en_US: alertTitle(alert, device.sn, 'en_US') },
      at,
    );
  });
  if (sent > 0) raiseUnread(deps, target.accountId);
  return sent;
}
