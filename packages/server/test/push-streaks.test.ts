import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { countSlowPush, flushFastPushes, observePush, rememberSettings } from '../src/modules/push-alarms/watch';
import { startPeer, startServer, type TestServer } from './harness';

/**
 * The push-delay alarm's streaks (3 pushes over 800 ms within 5 minutes by default), counted in the
 * database, so a device whose acks reach two servers in turn raises what it would on one.
 */
let a: TestServer;
let b: Server;
beforeAll(async () => {
  a = await startServer();
  b = await startPeer(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const MIN = 60_000;
let nextDevice = 1_000_000;
/** A device of its own (the streak rows name no device row) and an account without saved settings. */
const device = () => ({ accountId: 1, deviceId: ++nextDevice });

/** One acked push as the pipeline weighs it: the slowest latency when an alarm is due. */
async function push(server: Server, job: { accountId: number; deviceId: number }, latencyMs: number, at: number) {
  const slow = observePush(server.deps, job, latencyMs, at);
  if (slow?.slowPushAt === undefined) {
    await flushFastPushes(server.deps);
    return undefined;
  }
  return countSlowPush(server.deps, job.deviceId, { ...slow, slowPushAt: slow.slowPushAt });
}

describe('push streaks', () => {
  it('20 slow pushes raise the same alarms whether they reach one server or two in turn', async () => {
    const one = device();
    const two = device();
    const raisedOne: number[] = [];
    const raisedTwo: number[] = [];
    for (let i = 0; i < 20; i++) {
      if ((await push(a, one, 900 + i, i * 1000)) !== undefined) raisedOne.push(i);
      if ((await push(i % 2 ? a : b, two, 900 + i, i * 1000)) !== undefined) raisedTwo.push(i);
    }
    expect(raisedOne).toEqual([2, 5, 8, 11, 14, 17]);
    expect(raisedTwo).toEqual(raisedOne);
  });

  it('raises with the slowest of the streak, and a fast push on the other server ends the streak', async () => {
    const job = device();
    expect(await push(a, job, 900, 0)).toBeUndefined();
    expect(await push(b, job, 1500, 1000)).toBeUndefined();
    expect(await push(a, job, 1000, 2000)).toBe(1500);
    await push(a, job, 900, 3000);
    await push(b, job, 900, 4000);
    expect(await push(b, job, 800, 5000)).toBeUndefined(); // not over: the streak ends
    expect(await push(a, job, 900, 6000)).toBeUndefined();
    expect(await push(b, job, 900, 7000)).toBeUndefined();
    expect(await push(a, job, 900, 8000)).toBe(900);
  });

  it('counts only the last pushes within the monitoring window', async () => {
    const job = device();
    expect(await push(a, job, 900, 0)).toBeUndefined();
    expect(await push(b, job, 900, 4 * MIN)).toBeUndefined();
    // the third is 6 minutes after the first: not yet
    expect(await push(a, job, 900, 6 * MIN)).toBeUndefined();
    // the window slides: 4, 6 and 8 minutes are within 5 minutes
    expect(await push(b, job, 900, 8 * MIN)).toBe(900);
  });

  it('ignores latencies that are not ones, and follows the account’s own settings', async () => {
    const job = device();
    for (const bad of [-1, 600_001, Number.NaN, 1.7e12]) expect(await push(a, job, bad, 0)).toBeUndefined();
    await push(a, job, 900, 1);
    await push(b, job, 900, 2);
    expect(await push(a, job, -5, 3)).toBeUndefined();
    expect(await push(b, job, 900, 4)).toBe(900);

    const own = { accountId: 2, deviceId: ++nextDevice };
    rememberSettings(a.deps, 2, {
      monitorMinutes: 5,
      consecutive: 1,
      thresholdMs: 100,
      notifyHours: 1,
      liftMuteHours: 2,
    });
    expect(await push(a, own, 150, 0)).toBe(150);
  });
});
