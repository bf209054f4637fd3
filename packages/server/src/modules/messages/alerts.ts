import { ALERT_KINDS, ALERT_REPEAT_MS, type AlertKind, type BatteryState, type DeviceEvent } from '@herald/contract';
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

/**
 * A device event that is an alert becomes a message to each receiver of the device's account,
 * when the account wants that kind and the device has not raised it within the hour. Returns the
 * messages written. Called after the event is stored; a failure here must not lose the event.
 */
export async function raiseDeviceAlert(
  deps: Pick<Deps, 'db'>,
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
  if (!(await repo.claimAlert(deps.db, device.id, alert.kind, at, ALERT_REPEAT_MS))) return 0;
  return repo.deliverAlert(
    deps.db,
    { accountId: target.accountId, deviceId: device.id, sn: device.sn, kind: alert.kind, detail: alert.detail },
    at,
  );
}
