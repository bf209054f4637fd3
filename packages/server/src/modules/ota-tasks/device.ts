import type { Ack, OtaProgress } from '@herald/contract';
import type { Deps } from '../../lib/deps';

/**
 * The device side of upgrade tasks, called by device-link for every gateway. Nothing here may
 * throw into the uplink path for a device that has no execution.
 */
type DeviceRef = { id: number; sn: string; accountId?: number };

/** A device reported progress on `up/ota` (the offer's id names the execution and attempt). */
export async function onOtaProgress(_deps: Deps, _device: DeviceRef, _p: OtaProgress, _arrivedAt = Date.now()) {
  // filled in by the OTA engine
}

/** An ack of a `down/ota` offer; false when the id is not an offer's (then it is someone else's ack). */
export async function onOtaAck(_deps: Deps, _device: DeviceRef, _ack: Ack): Promise<boolean> {
  return false;
}

/**
 * The versions a device runs, as it reported them on connect (presence online), in telemetry or
 * at boot. An execution succeeds here, and only here: the device came back on the target version.
 */
export async function onDeviceVersions(
  _deps: Deps,
  _device: DeviceRef,
  _v: { firmware?: string; resources?: Record<string, string> },
) {}

/** The device is online and subscribed: offer it what waits (queued executions, late joiners). */
export function onDeviceOnlineForOta(_deps: Deps, _device: DeviceRef): void {}
