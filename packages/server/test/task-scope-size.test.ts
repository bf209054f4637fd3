import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, PushTaskStatus, TASK_SCOPE_MAX_ITEMS, TaskCreationStatus } from '@herald/contract';
import { deviceGroups, devices, otaExecutions, otaTasks, pushResults, pushTasks } from '../src/db/schema';
import { onDeviceVersions, onOtaProgress } from '../src/modules/ota-tasks/device';
import { takeInJoiner } from '../src/modules/ota-tasks/engine';
import { finishDoneTasks, overdue, startDueTasks } from '../src/modules/ota-tasks/repo';
import { onPushAck } from '../src/modules/push-tasks/device';
import { flushDevice } from '../src/modules/push-tasks/engine';
import { takeInPushJoiner } from '../src/modules/push-tasks/joiners';
import { expectOk, startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { seedFirmware } from './ota-fixture';
import { uniq } from './people';
import { about, measureStatements, type Measured } from './statements';

/**
 * An upgrade or push task names up to TASK_SCOPE_MAX_ITEMS devices (or S/Ns), and what its devices
 * do one at a time — connect, report progress and versions, get their message, ack it — happens
 * for every device of it, again and again over a campaign's days. None of that may cost in
 * proportion to the task's list, or the campaign costs the square of its size:
 *
 * - every device that comes online is checked against the live tasks' scopes (a late joiner?):
 *   that check sent the list back to the database as a condition, a statement of 10,000
 *   parameters built and planned anew at each connect;
 * - a device's progress report, versions and ack read its task's row, and the push engine's
 *   claims read it once per message claimed: each with the whole list in it.
 *
 * Here the lists are full, and every statement such a path sends and reads is measured.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let A: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
let firmwareId: number;
/** in every kind of scope below */
let inside: { id: number; sn: string };
/** in none of them but 'all' */
let outside: { id: number; sn: string };
let groupId: number;

/** Ids and S/Ns of devices that do not exist, to fill a scope to its limit. */
const others = (n: number) => Array.from({ length: n }, (_, i) => 10_000_000 + i);
const otherSns = (n: number) => Array.from({ length: n }, (_, i) => `NOSUCH${i}`);

/** What `run` sends the database, on this test's server (statements.ts). */
const measured = (run: () => Promise<unknown>) => measureStatements(server.deps.db, run);

/** What a path may send or read at most in one statement: a device's worth, far below a list's. */
const MAX_PARAMS = 50;
const MAX_READ = 20_000;
const small = (m: Measured, what: string) => {
  expect(m.statements, `${what}: no statement seen`).toBeGreaterThan(0);
  expect(m.params, `${what}: parameters of its largest statement`).toBeLessThan(MAX_PARAMS);
  expect(m.read, `${what}: its largest answer`).toBeLessThan(MAX_READ);
};

beforeAll(async () => {
  // the engines' own rounds never come: each path below runs alone, as the test calls it
  server = await startServer({ OTA_TICK_MS: '3600000', PUSH_TICK_MS: '3600000' });
  A = await seedAccount(server);
  modelId = (await seedModel(server)).id;
  firmwareId = (await seedFirmware(server, { accountId: A.accountId, modelId, version: '9.0.0' })).id;
  const [g] = await server.deps.db
    .insert(deviceGroups)
    .values({ accountId: A.accountId, name: `G${uniq()}` })
    .returning();
  groupId = g!.id;
  inside = await seedDevice(server, A.accountId, modelId);
  await server.deps.db.update(devices).set({ groupId }).where(eq(devices.id, inside.id));
  outside = await seedDevice(server, A.accountId, modelId);
});
afterAll(async () => server?.close());

/** One task of each kind of scope holding `inside`, and one of an "own data only" user owning neither device. */
const SCOPES = () => [
  { scope: 'devices', deviceIds: [...others(TASK_SCOPE_MAX_ITEMS - 1), inside.id] },
  { scope: 'sn', sns: [...otherSns(TASK_SCOPE_MAX_ITEMS - 1), inside.sn] },
  { scope: 'group', groupIds: [groupId] },
  { scope: 'all' },
  { scope: 'all', scopeOwner: A.adminId, name: 'owned' },
];
const HOLDING = ['devices', 'sn', 'group', 'all'];

/**
 * After both devices were checked: `inside` joined every task holding it, `outside` only the one
 * of scope 'all', neither the "own data only" one. `rows` are the executions or results.
 */
function expectJoined(
  tasks: { id: number; scope: string; owner: number | null }[],
  rows: { taskId: number; deviceId: number }[],
) {
  const idOf = (scope: string) => tasks.find((t) => t.scope === scope && t.owner === null)!.id;
  const of = (deviceId: number) =>
    rows
      .filter((r) => r.deviceId === deviceId)
      .map((r) => r.taskId)
      .sort((a, b) => a - b);
  expect(of(inside.id)).toEqual(HOLDING.map(idOf));
  expect(of(outside.id)).toEqual([idOf('all')]);
  return idOf;
}

describe("a task's devices, one at a time, with its lists full", () => {
  it('upgrade tasks: a device joins the tasks holding it, is offered, reports progress and versions', async () => {
    const now = Date.now();
    const tasks = await server.deps.db
      .insert(otaTasks)
      .values(
        SCOPES().map((s) => ({
          accountId: A.accountId,
          name: `joiners ${s.scope} ${uniq()}`,
          type: 0,
          firmwareId,
          toVersion: '9.0.0',
          effectiveAt: new Date(now - 60_000),
          expireAt: new Date(now + 86_400_000),
          retries: 0,
          timeoutMinutes: 30,
          creationStatus: TaskCreationStatus.IN_PROGRESS,
          status: 2,
          ...s,
        })),
      )
      .returning({ id: otaTasks.id, scope: otaTasks.scope, owner: otaTasks.scopeOwner });

    for (const device of [inside, outside]) {
      small(await measured(() => takeInJoiner(server.deps, A.accountId, device.id)), `${device.sn} joining`);
    }
    const mine = expectJoined(tasks, await server.deps.db.select().from(otaExecutions));

    // checked again (the next connect): nothing more
    await takeInJoiner(server.deps, A.accountId, inside.id);
    expect(await server.deps.db.$count(otaExecutions, eq(otaExecutions.deviceId, inside.id))).toBe(4);

    // offered the upgrade of the task that lists it (its other tasks' are busy: one firmware
    // upgrade at a time), it reports progress, then its versions
    const offerId = `ota-${uniq()}`;
    const ofListed = and(eq(otaExecutions.taskId, mine('devices')), eq(otaExecutions.deviceId, inside.id));
    const offered = await server.deps.db
      .update(otaExecutions)
      .set({ state: 'offered', attempt: 1, offerId, offeredAt: new Date(), deadlineAt: new Date(now + 600_000) })
      .where(and(ofListed, eq(otaExecutions.state, 'queued')))
      .returning();
    expect(offered).toHaveLength(1);
    const device = { id: inside.id, sn: inside.sn, accountId: A.accountId };
    const progress = {
      v: PROTOCOL_VERSION as 1,
      id: offerId,
      ts: Date.now(),
      step: 'downloading' as const,
      progress: 10,
    };
    // a device reports several times a minute while it upgrades: each statement parsed and planned once
    const reported = await measured(() => onOtaProgress(server.deps, device, progress));
    small(reported, 'a progress report');
    expect(about(reported.unnamed, 'ota_'), 'a progress report: statements sent unnamed').toEqual([]);
    const further = await measured(() => onOtaProgress(server.deps, device, { ...progress, progress: 20 }));
    expect(about(further.texts, 'ota_'), 'further progress in the same step: its lookup and its change').toHaveLength(
      2,
    );
    expect(about(further.unnamed, 'ota_'), 'further progress in the same step: unnamed').toEqual([]);
    small(await measured(() => onDeviceVersions(server.deps, device, { firmware: '1.0.0' })), 'a version report');
    const [after] = await server.deps.db.select().from(otaExecutions).where(ofListed);
    expect(after).toMatchObject({ state: 'downloading', progress: 20 });

    // the console's list of tasks, live on the campaign's page
    let page: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    small(
      await measured(async () => (page = expectOk(await A.client.get('/v1/ota-tasks?pageSize=20')))),
      'a list page',
    );
    expect(page.list.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining(tasks.map((t) => t.id)));

    // the engine's tick, every second while a task is live: its lifecycle statements planned once
    const ticked = await measured(async () => {
      await startDueTasks(server.deps.db, new Date());
      await overdue(server.deps.db, new Date(), 50);
      await finishDoneTasks(server.deps.db, new Date());
    });
    // (the overdue executions' select names its columns unqualified within the text's start)
    const ticks = (texts: string[]) => [...about(texts, 'ota_tasks'), ...about(texts, '"task_id", "device_id"')];
    expect(ticks(ticked.texts), "a tick's start, overdue and finish").toHaveLength(4);
    expect(ticks(ticked.unnamed), "a tick's start, overdue and finish: unnamed").toEqual([]);
  });

  it('push tasks: a device joins the tasks holding it, is sent its messages, acks one', async () => {
    const now = Date.now();
    const tasks = await server.deps.db
      .insert(pushTasks)
      .values(
        SCOPES().map((s) => ({
          accountId: A.accountId,
          name: `joiners ${s.scope} ${uniq()}`,
          type: 'message',
          message: 'hello',
          effectiveAt: new Date(now - 60_000),
          expireAt: new Date(now + 86_400_000),
          ttlHours: 24,
          status: 2,
          ...s,
        })),
      )
      .returning({ id: pushTasks.id, scope: pushTasks.scope, owner: pushTasks.scopeOwner });

    for (const device of [inside, outside]) {
      const joining = await measured(() => takeInPushJoiner(server.deps, A.accountId, device.id));
      small(joining, `${device.sn} joining`);
      // the check every connect makes (which live tasks hold this device?) is planned once
      expect(about(joining.unnamed, 'from "push_tasks"')).toEqual([]);
    }
    const mine = expectJoined(tasks, await server.deps.db.select().from(pushResults));

    // online, it is sent its messages (claimed with their tasks), and acks one
    await server.deps.db.update(devices).set({ online: true }).where(eq(devices.id, inside.id));
    small(await measured(() => flushDevice(server.deps, inside.id, A.accountId)), 'its messages claimed and sent');
    const ofListed = and(eq(pushResults.taskId, mine('devices')), eq(pushResults.deviceId, inside.id));
    const [sent] = await server.deps.db.select().from(pushResults).where(ofListed);
    expect(sent).toMatchObject({ state: 'sent' });
    const device = { id: inside.id, sn: inside.sn, accountId: A.accountId };
    const ack = { v: PROTOCOL_VERSION as 1, id: sent!.msgId!, ts: Date.now(), code: 'ok' as const };
    const answered = await measured(() => onPushAck(server.deps, device, ack));
    small(answered, 'its ack');
    expect(about(answered.unnamed, 'select "push_results"'), "an ack's lookup: unnamed").toEqual([]);
    const [acked] = await server.deps.db.select().from(pushResults).where(ofListed);
    expect(acked).toMatchObject({ state: 'succeeded' });

    let page: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    small(
      await measured(async () => (page = expectOk(await A.client.get('/v1/push-tasks?pageSize=20')))),
      'a list page',
    );
    expect(page.list.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining(tasks.map((t) => t.id)));
  });

  it("push acks: the last open result's ack ends its task at once; no ack runs an engine pass", async () => {
    const now = Date.now();
    const [task] = await server.deps.db
      .insert(pushTasks)
      .values({
        accountId: A.accountId,
        name: `acks ${uniq()}`,
        type: 'message',
        message: 'hello',
        scope: 'devices',
        deviceIds: [inside.id, outside.id],
        effectiveAt: new Date(now - 60_000),
        expireAt: new Date(now + 86_400_000),
        ttlHours: 24,
        status: 2,
      })
      .returning();
    const sent = await server.deps.db
      .insert(pushResults)
      .values([inside, outside].map((d) => ({ taskId: task!.id, deviceId: d.id, msgId: randomUUID(), state: 'sent' })))
      .returning();
    const ackOf = (r: (typeof sent)[number]) => ({
      v: PROTOCOL_VERSION as 1,
      id: r.msgId!,
      ts: now,
      code: 'ok' as const,
    });
    const deviceOf = (r: (typeof sent)[number]) => ({ id: r.deviceId, sn: '', accountId: A.accountId });
    const statusOf = async () => (await server.deps.db.select().from(pushTasks).where(eq(pushTasks.id, task!.id)))[0]!;
    const passes = server.deps.pushEngine.passes;

    await onPushAck(server.deps, deviceOf(sent[0]!), ackOf(sent[0]!));
    expect((await statusOf()).status).toBe(PushTaskStatus.PUSHING);
    await onPushAck(server.deps, deviceOf(sent[1]!), ackOf(sent[1]!));
    expect(await statusOf()).toMatchObject({ status: PushTaskStatus.SUCCESS, endedAt: expect.any(Date) });
    // sent again by a device that missed our PUBACK: nothing changes
    const again = await measured(() => onPushAck(server.deps, deviceOf(sent[1]!), ackOf(sent[1]!)));
    expect(about(again.texts, 'push_'), 'a repeated ack: its lookup and its settle, nothing more').toHaveLength(2);
    expect(server.deps.pushEngine.passes, 'engine passes started by the acks').toBe(passes);
  });
});
