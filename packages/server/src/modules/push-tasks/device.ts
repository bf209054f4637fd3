import type { Ack } from '@herald/contract';
import type { Deps } from '../../lib/deps';

type DeviceRef = { id: number; sn: string; accountId?: number };

/** An ack of a `down/config` message; false when the id is not a push result's. */
export async function onPushAck(_deps: Deps, _device: DeviceRef, _ack: Ack, _arrivedAt = Date.now()): Promise<boolean> {
  return false;
}

/** The device is online and subscribed: send its pending push messages. */
export function onDeviceOnlineForPush(_deps: Deps, _device: DeviceRef): void {}
