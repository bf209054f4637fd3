import { describe, expect, it } from 'vitest';
import { DeviceStatus } from '@herald/contract';
import type { ScopedDevice } from '../task-scope/scope';
import { skipReason } from './evaluate';
import type { Target } from './target';

const device = (over: Partial<ScopedDevice> = {}): ScopedDevice => ({
  id: 1,
  sn: 'SN1',
  accountId: 1,
  modelId: 7,
  groupId: null,
  status: DeviceStatus.ENABLED,
  online: true,
  firmwareVersion: '1.00.00.01',
  resources: {},
  ...over,
});
const firmware = (over: Partial<Target> = {}): Target => ({
  kind: 'firmware',
  name: 'app',
  version: '1.00.00.05',
  packageName: 'p',
  fileId: 1,
  modelId: 7,
  split: false,
  baseVersion: null,
  minUpgradeVersion: null,
  language: null,
  minLanguagePackVersion: null,
  minFirmwareVersion: null,
  ...over,
});
const none = { fromVersion: null };

describe('skipReason', () => {
  it('queues a device that can take the package', () => {
    expect(skipReason(device(), firmware(), none)).toBeNull();
    // a newer device is queued too: rolling back a release is a real use
    expect(skipReason(device({ firmwareVersion: '2.00.00.00' }), firmware(), none)).toBeNull();
  });

  it('names why a device is left out, in order of what is checked first', () => {
    expect(skipReason(device({ status: DeviceStatus.DISABLED }), firmware(), none)).toBe('deviceDisabled');
    expect(skipReason(device({ modelId: 8 }), firmware(), none)).toBe('modelMismatch');
    expect(skipReason(device({ firmwareVersion: '1.0.0.5' }), firmware(), none)).toBe('alreadyOnTarget');
    expect(skipReason(device(), firmware(), { fromVersion: '1.00.00.02' })).toBe('fromVersionMismatch');
    expect(skipReason(device(), firmware({ split: true, baseVersion: '1.00.00.02' }), none)).toBe(
      'baseVersionMismatch',
    );
    expect(skipReason(device(), firmware({ minUpgradeVersion: '1.00.00.02' }), none)).toBe('belowMinimum');
  });

  it('a device that never reported passes the minimum but not a base version', () => {
    const unknown = device({ firmwareVersion: null });
    expect(skipReason(unknown, firmware({ minUpgradeVersion: '1.00.00.02' }), none)).toBeNull();
    expect(skipReason(unknown, firmware({ split: true, baseVersion: '1.00.00.02' }), none)).toBe('baseVersionMismatch');
  });

  it('language packs compare the pack version the device reports under the language', () => {
    const pack = firmware({ kind: 'resource', name: 'en_US', version: '1.2.0', modelId: null });
    expect(skipReason(device({ modelId: 99, resources: { en_US: '1.2.0' } }), pack, none)).toBe('alreadyOnTarget');
    expect(skipReason(device({ resources: { en_US: '1.1.0' } }), pack, none)).toBeNull();
  });
});
