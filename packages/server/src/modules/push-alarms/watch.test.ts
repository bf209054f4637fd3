import { describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_SETTINGS } from '@herald/contract';
import type { Db } from '../../db/client';
import { observePush, rememberSettings } from './watch';

/** A database that has no settings for anyone: the watcher works on the spec's defaults (3 over 800 ms in 5 min). */
const deps = () => ({
  db: { select: () => ({ from: () => ({ where: () => ({ limit: async () => [] }) }) }) } as unknown as Db,
});
const job = { accountId: 1, deviceId: 7 };
const MIN = 60_000;

describe('observePush', () => {
  it('raises on the third consecutive push over the threshold, with the slowest, and starts again', () => {
    const d = deps();
    expect(observePush(d, job, 900, 0)).toBeUndefined();
    expect(observePush(d, job, 1500, 1000)).toBeUndefined();
    expect(observePush(d, job, 1000, 2000)).toEqual({
      latencyMs: 1500,
      monitor: expect.objectContaining({ thresholdMs: DEFAULT_ALARM_SETTINGS.thresholdMs, consecutive: 3 }),
    });
    expect(observePush(d, job, 900, 3000)).toBeUndefined();
  });

  it('forgets the streak at a push within the threshold', () => {
    const d = deps();
    observePush(d, job, 900, 0);
    observePush(d, job, 900, 1000);
    expect(observePush(d, job, 800, 2000)).toBeUndefined(); // not over: the streak ends
    expect(observePush(d, job, 900, 3000)).toBeUndefined();
    expect(observePush(d, job, 900, 4000)).toBeUndefined();
    expect(observePush(d, job, 900, 5000)).toBeDefined();
  });

  it('slides the window: the last three slow pushes count when the first of them is within 5 minutes', () => {
    const d = deps();
    expect(observePush(d, job, 900, 0)).toBeUndefined();
    expect(observePush(d, job, 900, 4 * MIN)).toBeUndefined();
    // 0, 4 and 6 minutes span 6: no alarm
    expect(observePush(d, job, 900, 6 * MIN)).toBeUndefined();
    // 4, 6 and 8 span 4: the alarm
    expect(observePush(d, job, 900, 8 * MIN)).toBeDefined();
  });

  it('judges no latency outside what a push can take (an echoed time that was not Herald’s)', () => {
    const d = deps();
    for (const bad of [-1, 600_001, Number.NaN, 1.7e12]) expect(observePush(d, job, bad, 0)).toBeUndefined();
    observePush(d, job, 900, 1);
    observePush(d, job, 900, 2);
    expect(observePush(d, job, -5, 3)).toBeUndefined();
    // the bad ones neither ended nor added to the streak
    expect(observePush(d, job, 900, 4)).toBeDefined();
  });

  it('uses settings saved on this server from the next push', () => {
    const d = deps();
    rememberSettings(d, job.accountId, { monitorMinutes: 5, consecutive: 1, thresholdMs: 100, notifyHours: 1 });
    expect(observePush(d, job, 150, 0)).toEqual({
      latencyMs: 150,
      monitor: expect.objectContaining({ thresholdMs: 100 }),
    });
  });

  it('keeps each device to its own streak', () => {
    const d = deps();
    observePush(d, job, 900, 0);
    observePush(d, job, 900, 1);
    expect(observePush(d, { ...job, deviceId: 8 }, 900, 2)).toBeUndefined();
    expect(observePush(d, job, 900, 3)).toBeDefined();
  });
});
