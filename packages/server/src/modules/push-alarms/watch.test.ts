import { describe, expect, it } from 'vitest';
import { DEFAULT_ALARM_SETTINGS } from '@herald/contract';
import type { Db } from '../../db/client';
import { observePush } from './watch';

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

  it('forgets the streak at a push within the threshold, and when the window has passed', () => {
    const d = deps();
    observePush(d, job, 900, 0);
    observePush(d, job, 900, 1000);
    expect(observePush(d, job, 800, 2000)).toBeUndefined(); // not over: the streak ends
    expect(observePush(d, job, 900, 3000)).toBeUndefined();
    expect(observePush(d, job, 900, 4000)).toBeUndefined();
    // the third is more than 5 minutes after the streak's first: a new streak begins with it
    expect(observePush(d, job, 900, 3000 + 5 * MIN + 1)).toBeUndefined();
    expect(observePush(d, job, 900, 3000 + 5 * MIN + 2)).toBeUndefined();
    expect(observePush(d, job, 900, 3000 + 5 * MIN + 3)).toBeDefined();
  });

  it('keeps each device to its own streak', () => {
    const d = deps();
    observePush(d, job, 900, 0);
    observePush(d, job, 900, 1);
    expect(observePush(d, { ...job, deviceId: 8 }, 900, 2)).toBeUndefined();
    expect(observePush(d, job, 900, 3)).toBeDefined();
  });
});
