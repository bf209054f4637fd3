import type { Device } from '../api/types';

export type DeviceActionKey =
  | 'enable'
  | 'disable'
  | 'pause'
  | 'resume'
  | 'restart'
  | 'uploadLog'
  | 'mute'
  | 'unmute'
  | 'switchGroup'
  | 'assignOwner'
  | 'qr'
  | 'testPrint'
  | 'delete';

/** Button permission of each action (`${P}.<code>`). */
export const CODES: Record<DeviceActionKey, string> = {
  enable: 'status',
  disable: 'status',
  pause: 'pause',
  resume: 'pause',
  restart: 'restart',
  uploadLog: 'uploadLog',
  mute: 'mute',
  unmute: 'mute',
  switchGroup: 'switchGroup',
  // editing the device; the caller must also see the whole account (use-device-actions.tsx)
  assignOwner: 'edit',
  qr: 'qrSwitch',
  testPrint: 'testPrint',
  delete: 'delete',
};

export const COMMANDED: DeviceActionKey[] = ['pause', 'resume', 'mute', 'unmute', 'qr'];

/** Which single-device actions make sense in the device's current state. */
export function applicable(d: Device): DeviceActionKey[] {
  return [
    d.status === 2 ? 'disable' : 'enable',
    d.paused ? 'resume' : 'pause',
    'restart',
    'uploadLog',
    d.muted ? 'unmute' : 'mute',
    'switchGroup',
    'assignOwner',
    'qr',
    // a test page is for printers only (a speaker has nothing to print on)
    ...(d.modelType === 'printer' ? ['testPrint'] : []),
    'delete',
  ] as DeviceActionKey[];
}
