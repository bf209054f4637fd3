import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACTIVE_EXECUTION_STATES } from '@herald/contract';
import type { Fault } from '@herald/device-sim';
import { deviceGroups, devices, otaExecutions } from '../src/db/schema';
import { expectOk } from './harness';
import { eventually } from './devices-fixture';
import { seedFirmware, seedPack, waitUntil } from './ota-fixture';
import {
  NEW,
  onlineCount as benchOnlineCount,
  otaBench,
  seedDevices as seedBenchDevices,
  startFleet as startBenchFleet,
} from './ota-fleet';
import { uniq } from './people';

/**
 * An upgrade campaign over 300 simulated printers on the embedded broker, downloading the
 * firmware over HTTP from the server: 10 % with injected faults, 10 % offline at the start, a
 * device joining the group while the task runs. A task "minute" is OTA_MINUTE_MS long here (retry
 * back-off in seconds); time-outs are reached by lapsing deadlines in the database, never by racing
 * the clock, so a loaded machine changes how long the test takes, not what it counts.
 */
const MINUTE_MS = 15_000;

const b = otaBench(MINUTE_MS);

async function newGroup() {
  const [g] = await b.server.deps.db
    .insert(deviceGroups)
    .values({ accountId: b.A.accountId, name: `G ${uniq()}` })
    .returning();
  return g!;
}

/** `count` devices of A in `groupId`, straight in the database; their secrets by S/N. */
const seedDevices = async (prefix: string, count: number, groupId: number | null) =>
  (await seedBenchDevices(b, prefix, count, { groupId })).secrets;

const startFleet = (prefix: string, secrets: Record<string, string>, firstNumber = 1, count?: number) =>
  startBenchFleet(b, prefix, secrets, { firstNumber, count });

const onlineCount = (sns: string[]) => benchOnlineCount(b, sns);

type Ex = { id: number; sn: string; state: string; reason: string | null; attempt: number };
async function allExecutions(taskId: number): Promise<Ex[]> {
  const out: Ex[] = [];
  for (let page = 1; ; page++) {
    const p = expectOk(await b.A.client.get(`/v1/ota-tasks/${taskId}/executions?page=${page}&pageSize=200`));
    out.push(...p.list);
    if (out.length >= p.total) return out;
  }
}

// Load changes how long this takes, never the counts: alone it runs in about a minute, next to other
// suites on two shared cores it has taken four. Each wait names its phase when it gives up first.
describe('campaign over 300 devices', () => {
  it(
    'ends with exact counts: transient faults retried to success, bad files failed, silent devices timed out, late devices included',
    { timeout: 600_000 },
    async () => {
      const prefix = `C${uniq()}`.toUpperCase().slice(0, 10);
      const g = await newGroup();
      const secrets = await seedDevices(prefix, 300, g.id);
      const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: NEW });

      // 270 online now; numbers 271..300 come later
      const fleet = await startFleet(prefix, secrets, 1, 270);
      const sns = fleet.devices.map((d) => d.sn);
      await waitUntil(async () => (await onlineCount(sns)) === 270, '270 devices online');
      const faults: [Fault, number | undefined, number][] = [
        ['ota-download-fail', 1, 8], // transient: the first download breaks off
        ['ota-crash-install', 1, 7], // transient: power lost mid-install once, back on the old version
        ['ota-bad-checksum', undefined, 8], // permanent
        ['ota-never-returns', undefined, 7], // reboots and stays away
      ];
      const faulty = new Map<string, Fault>();
      let k = 0;
      for (const [fault, count, n] of faults) {
        for (let j = 0; j < n; j++, k += 9) {
          const d = fleet.devices[k]!;
          d.injectFault(fault, count);
          faulty.set(d.sn, fault);
        }
      }

      // a device outside the group, online, joins the group while the task runs
      const joinerSecrets = await seedDevices(`${prefix}J`, 1, null);
      const joinerFleet = await startFleet(`${prefix}J`, joinerSecrets);
      const joinerSn = joinerFleet.devices[0]!.sn;
      await eventually(async () => (await onlineCount([joinerSn])) === 1, 'joiner online');

      const created = expectOk(
        await b.A.client.post('/v1/ota-tasks', {
          name: `Campaign ${prefix}`,
          type: 0,
          packageId: fw.id,
          scope: 'group',
          groupIds: [g.id],
          retries: 2,
          // long enough for any healthy device on a loaded machine; the silent ones are timed out
          // below by moving their deadlines, not by waiting on the clock
          timeoutMinutes: 20,
        }),
      );
      expect(created).toMatchObject({ total: 300, counts: { queued: 300 }, creationNote: null });
      const id = created.id as number;

      await eventually(
        async () => expectOk(await b.A.client.get(`/v1/ota-tasks/${id}`)).counts.succeeded >= 50,
        'first successes',
      );
      // moved into the group through the console's own call while the task runs
      const [joiner] = await b.server.deps.db.select({ id: devices.id }).from(devices).where(eq(devices.sn, joinerSn));
      expectOk(await b.A.client.post('/v1/devices/switch-group', { ids: [joiner!.id], groupId: g.id }));
      const late = await startFleet(prefix, secrets, 271, 30);

      // every device but the 7 that never come back ends by itself: 286 succeeded, 8 failed
      await waitUntil(async () => {
        const c = expectOk(await b.A.client.get(`/v1/ota-tasks/${id}`)).counts;
        return c.succeeded + c.failed === 294;
      }, 'every answering device finished');
      // now let their time run out: each pass lapses the deadline of what is still active (the
      // first pass queues a retry, which waits for the device; the next one times it out)
      const done = await waitUntil(async () => {
        await b.server.deps.db
          .update(otaExecutions)
          .set({ deadlineAt: new Date(Date.now() - 1000) })
          .where(and(eq(otaExecutions.taskId, id), inArray(otaExecutions.state, [...ACTIVE_EXECUTION_STATES])));
        const t = expectOk(await b.A.client.get(`/v1/ota-tasks/${id}`));
        return t.schedule === 'ended' && t;
      }, 'task ended');
      expect(done).toMatchObject({ creationStatus: 3, status: 4, total: 301 });
      expect(done.counts).toMatchObject({
        succeeded: 286,
        failed: 8,
        timedOut: 7,
        queued: 0,
        offered: 0,
        downloading: 0,
        verifying: 0,
        installing: 0,
        cancelled: 0,
        skipped: 0,
      });

      const ex = new Map((await allExecutions(id)).map((e) => [e.sn, e]));
      for (const [sn, fault] of faulty) {
        const e = ex.get(sn)!;
        if (fault === 'ota-download-fail' || fault === 'ota-crash-install') {
          expect(e.state).toBe('succeeded');
          expect(e.attempt).toBeGreaterThanOrEqual(2);
        }
        if (fault === 'ota-bad-checksum')
          expect(e).toMatchObject({ state: 'failed', reason: 'checksumMismatch', attempt: 3 });
        if (fault === 'ota-never-returns') expect(e).toMatchObject({ state: 'timedOut', reason: 'noResponse' });
      }
      for (const d of late.devices) expect(ex.get(d.sn)).toMatchObject({ state: 'succeeded' });
      expect(ex.get(joinerSn)).toMatchObject({ state: 'succeeded' });
      // success means the device really runs the new version
      expect(late.devices.every((d) => d.state.firmware === NEW)).toBe(true);

      const progress = expectOk(await b.A.client.get(`/v1/ota-tasks/${id}/progress`));
      expect(progress.series.length).toBeLessThanOrEqual(60);
      expect(progress.series.at(-1)).toMatchObject({ succeeded: 286, failed: 15, inProgress: 0, queued: 0 });
      const succeededOverTime = progress.series.map((p: { succeeded: number }) => p.succeeded);
      expect(succeededOverTime).toEqual([...succeededOverTime].sort((a, b) => a - b));
    },
  );

  it('a device that comes back on its old version rolled back; the retry succeeds', async () => {
    const prefix = `R${uniq()}`.toUpperCase().slice(0, 10);
    const g = await newGroup();
    const secrets = await seedDevices(prefix, 1, g.id);
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.07' });
    const fleet = await startFleet(prefix, secrets);
    const sim = fleet.devices[0]!;
    await eventually(async () => (await onlineCount([sim.sn])) === 1, 'online');
    sim.injectFault('ota-crash-install', 1);
    const t = expectOk(
      await b.A.client.post('/v1/ota-tasks', {
        name: `Rollback ${prefix}`,
        type: 0,
        packageId: fw.id,
        scope: 'group',
        groupIds: [g.id],
        timeoutMinutes: 30,
      }),
    );
    const done = await eventually(async () => {
      const v = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}`));
      return v.schedule === 'ended' && v;
    }, 'task ended');
    expect(done).toMatchObject({ status: 3, counts: { succeeded: 1 } });
    const [e] = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}/executions`)).list;
    expect(e).toMatchObject({ state: 'succeeded', attempt: 2 });
    const h = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}/executions/${e.id}`)).history;
    // the steps in between (downloading, verifying, installing) depend on which reports got out
    // before the power loss and on their order of arrival; the turning points do not
    const lines: [number, string, string | null][] = h.map(
      (x: { state: string; reason: string | null; attempt: number }) => [x.attempt, x.state, x.reason],
    );
    const steps = new Set(['downloading', 'verifying', 'installing']);
    expect(lines.filter(([, st]) => !steps.has(st))).toEqual([
      [0, 'queued', null],
      [1, 'offered', null],
      [1, 'failed', 'rolledBack'],
      [1, 'queued', 'rolledBack'],
      [2, 'offered', null],
      [2, 'succeeded', null],
    ]);
    // the first attempt got at least as far as the download, the second all the way
    expect(lines).toContainEqual([1, 'downloading', null]);
    expect(lines).toContainEqual([2, 'installing', null]);
    expect(sim.state.firmware).toBe('1.00.00.07');
  });

  it('a language pack upgrade succeeds when the device reports the pack version under the language', async () => {
    const prefix = `L${uniq()}`.toUpperCase().slice(0, 10);
    const secrets = await seedDevices(prefix, 1, null);
    const pack = await seedPack(b.server, { accountId: b.A.accountId, version: '2.0.0', language: 'pt' });
    const fleet = await startFleet(prefix, secrets);
    const sim = fleet.devices[0]!;
    await eventually(async () => (await onlineCount([sim.sn])) === 1, 'online');
    const t = expectOk(
      await b.A.client.post('/v1/ota-tasks', {
        name: `Language ${prefix}`,
        type: 1,
        packageId: pack.id,
        scope: 'sn',
        sns: [sim.sn],
      }),
    );
    expect(t).toMatchObject({ language: 'pt', toVersion: '2.0.0' });
    const done = await eventually(async () => {
      const v = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}`));
      return v.schedule === 'ended' && v;
    }, 'task ended');
    expect(done).toMatchObject({ status: 3, counts: { succeeded: 1 } });
    expect(sim.state.resources['pt']).toBe('2.0.0');
    const [row] = await b.server.deps.db.select({ t: devices.telemetry }).from(devices).where(eq(devices.sn, sim.sn));
    expect((row!.t as { resources: Record<string, string> }).resources['pt']).toBe('2.0.0');
  });

  it('pace holds a task back but not another one; cancel stops new offers, queued executions cancelled, offered ones finish', async () => {
    const prefix = `X${uniq()}`.toUpperCase().slice(0, 10);
    const g = await newGroup();
    const secrets = await seedDevices(prefix, 10, g.id);
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.09' });
    const fleet = await startFleet(prefix, secrets);
    await eventually(async () => (await onlineCount(Object.keys(secrets))) === 10, 'online');
    // one device per "minute": the first offer goes out at once, the rest wait
    const createdAt = Date.now();
    const t = expectOk(
      await b.A.client.post('/v1/ota-tasks', {
        name: `Cancel ${prefix}`,
        type: 0,
        packageId: fw.id,
        scope: 'group',
        groupIds: [g.id],
        pace: 1,
      }),
    );
    await eventually(
      async () => expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}`)).counts.queued === 9,
      'first offer',
    );
    // meanwhile another task, unpaced, is not held up by the waiting ones
    const other = await newGroup();
    const otherSecrets = await seedDevices(`${prefix}O`, 2, other.id);
    await startFleet(`${prefix}O`, otherSecrets);
    await eventually(async () => (await onlineCount(Object.keys(otherSecrets))) === 2, 'others online');
    const fast = expectOk(
      await b.A.client.post('/v1/ota-tasks', {
        name: `Unpaced ${prefix}`,
        type: 0,
        packageId: fw.id,
        scope: 'group',
        groupIds: [other.id],
      }),
    );
    await eventually(
      async () => expectOk(await b.A.client.get(`/v1/ota-tasks/${fast.id}`)).counts.succeeded === 2,
      'unpaced task done',
    );
    const c = expectOk(await b.A.client.post(`/v1/ota-tasks/${t.id}/cancel`));
    const minutes = Math.ceil((Date.now() - createdAt) / MINUTE_MS);
    expect(c).toMatchObject({ status: 5, creationStatus: 4, counts: { queued: 0 } });
    // one offer at once, then one per "minute" that passed before the cancel (more on a loaded machine)
    const offered = 10 - c.counts.cancelled;
    expect(offered).toBeGreaterThanOrEqual(1);
    expect(offered).toBeLessThanOrEqual(1 + minutes);
    const final = await eventually(async () => {
      const v = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}`));
      return v.counts.succeeded === offered && v;
    }, 'the offered devices finish');
    expect(final).toMatchObject({ status: 5, counts: { cancelled: 10 - offered, succeeded: offered, queued: 0 } });
    const cancelled = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}/executions?state=cancelled`)).list;
    expect(cancelled.every((e: { reason: string }) => e.reason === 'taskCancelled')).toBe(true);
    // no device of a cancelled execution was offered anything
    expect(fleet.devices.filter((d) => d.upgrades.length > 0)).toHaveLength(offered);
  });
});
