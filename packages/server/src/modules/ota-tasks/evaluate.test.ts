import { describe, expect, it } from 'vitest';
import { DeviceStatus } from '@herald/contract';
import type { ScopedDevice } from '../task-scope/scope';
import { phaseSplit, skipReason, unmetMinimum } from './evaluate';
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

describe('phaseSplit with cohorts', () => {
  const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('gives a cohort phase its members first and splits the rest by the shares', () => {
    const split = phaseSplit(
      ids,
      [{ percent: 0, cohortId: 9 }, { percent: 50 }, { percent: 50 }],
      new Map([[9, new Set([9, 10])]]),
    );
    expect(ids.map((id) => split.get(id))).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 0, 0]);
  });
  it('without share phases, the devices in no cohort wait for the last phase', () => {
    const split = phaseSplit(
      ids.slice(0, 3),
      [
        { percent: 0, cohortId: 9 },
        { percent: 0, cohortId: 8 },
      ],
      new Map([
        [9, new Set([2])],
        [8, new Set([2, 3])],
      ]),
    );
    expect([1, 2, 3].map((id) => split.get(id))).toEqual([1, 0, 1]);
  });
});

describe('unmetMinimum', () => {
  const none = { minLanguagePackVersion: null, minFirmwareVersion: null };
  it('skips a device whose language pack or firmware is older than declared, passes what was never reported', () => {
    const d = { firmwareVersion: '1.00.00.01', resources: { zh_CN: '1.0.0', custom: '0.1' } };
    expect(unmetMinimum(d, none)).toBeNull();
    expect(unmetMinimum(d, { ...none, minLanguagePackVersion: '2.0.0' })).toBe('languagePackTooOld');
    expect(unmetMinimum(d, { ...none, minLanguagePackVersion: '1.0.0' })).toBeNull();
    expect(unmetMinimum(d, { ...none, minFirmwareVersion: '1.00.00.02' })).toBe('firmwareTooOld');
    expect(
      unmetMinimum({ firmwareVersion: null, resources: {} }, { minLanguagePackVersion: '9', minFirmwareVersion: '9' }),
    ).toBeNull();
  });
});
