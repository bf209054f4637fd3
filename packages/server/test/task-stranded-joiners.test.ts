import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PushTaskStatus, TaskCreationStatus } from '@herald/contract';
import {
  deviceGroups,
  devices,
  otaExecutionEvents,
  otaExecutions,
  otaTasks,
  pushResults,
  pushTasks,
} from '../src/db/schema';
import { takeInJoiner, tick } from '../src/modules/ota-tasks/engine';
import { tick as pushTick } from '../src/modules/push-tasks/engine';
import { takeInPushJoiner } from '../src/modules/push-tasks/joiners';
import * as pushRepo from '../src/modules/push-tasks/repo';
import { addExecutions } from '../src/modules/ota-tasks/evaluate';
import * as repo from '../src/modules/ota-tasks/repo';
import { taskTarget } from '../src/modules/ota-tasks/target';
import { scopedDevice } from '../src/modules/task-scope/scope';
import { expectOk } from './harness';
import { seedFirmware } from './ota-fixture';
import { otaBench, seedDevices } from './ota-fleet';
import { uniq } from './people';

/**
 * A device that connects joins the live tasks whose scope holds it (takeInJoiner, takeInPushJoiner): it reads which
 * tasks are live, then writes its execution. A task can end between the two — its last device
 * finished in that moment — and the execution then goes into an ended task, after the end's
 * "nothing active" check. Nothing is ever offered for it, and a queued execution holds the device's
 * one upgrade slot: no later task could take the device. A push result so stranded is never sent
 * and keeps the push engine busy until the task's expiry. The engines' own rounds are off here (a
 * tick an hour); the tests play the joiner's steps in the order of that race.
 */
const b = otaBench(3_000, { OTA_TICK_MS: '3600000', PUSH_TICK_MS: '3600000' });

/** Two devices of a new group, the second (the joiner) put in only once a task over the group is made. */
async function groupWithJoiner(make: (groupId: number) => Promise<unknown>) {
  const db = b.server.deps.db;
  const [group] = await db
    .insert(deviceGroups)
    .values({ accountId: b.A.accountId, name: `G${uniq()}` })
    .returning();
  const prefix = `S${uniq()}`.toUpperCase().slice(0, 10);
  const { ids } = await seedDevices(b, prefix, 2, { groupId: group!.id });
  const [first, joiner] = ids as [number, number];
  await db.update(devices).set({ groupId: null }).where(eq(devices.id, joiner));
  const task = (await make(group!.id)) as { id: number };
  // a push task's creation starts an engine pass, which looks for joiners: over before the joiner comes
  await b.server.deps.pushEngine.running;
  await db.update(devices).set({ groupId: group!.id }).where(eq(devices.id, joiner));
  return { groupId: group!.id, prefix, first, joiner, task };
}

it('a device that joined a task in the moment it ended gets its slot back, and the next task takes it', async () => {
  const deps = b.server.deps;
  const db = deps.db;
  const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.09' });
  const body = (name: string, groupId: number) => ({
    name,
    type: 0,
    packageId: fw.id,
    scope: 'group',
    groupIds: [groupId],
    retries: 0,
    timeoutMinutes: 30,
  });
  const made = await groupWithJoiner(async (groupId) =>
    expectOk(await b.A.client.post('/v1/ota-tasks', body(`Stranded ${uniq()}`, groupId))),
  );
  const { first, joiner, task: t } = made;
  expect(await db.$count(otaExecutions, eq(otaExecutions.taskId, t.id))).toBe(1);

  // the joiner connects: the task is live and holds it
  const live = await repo.tasksTakingIn(db, b.A.accountId, joiner);
  expect(live.map((x) => x.id)).toEqual([t.id]);
  // meanwhile the task's one device finishes, and the task ends
  await db
    .update(otaExecutions)
    .set({ state: 'succeeded', finishedAt: new Date() })
    .where(eq(otaExecutions.deviceId, first));
  expect(await repo.finishDoneTasks(db, new Date())).toContain(t.id);
  // then the joiner writes its execution, into the ended task
  const device = (await scopedDevice(db, b.A.accountId, joiner))!;
  const added = await addExecutions(db, live[0]!, (await taskTarget(db, live[0]!))!, [device], new Date(), {
    joining: true,
  });
  expect(added.queued).toBe(1);
  // the device's slot is held by an ended task: any task made now would skip the device as busy
  const held = await repo.activeForDevice(db, joiner);
  expect(held).toMatchObject([{ exec: { state: 'queued' }, task: { creationStatus: TaskCreationStatus.ENDED } }]);
  const stranded = held[0]!.exec.id;
  const ofStranded = eq(otaExecutions.id, stranded);

  // within its first minute it is left alone (the joiner may still be writing its history line);
  // the minute counts from the row's own time, the database's clock
  const written = held[0]!.exec.updatedAt.getTime();
  await tick(deps, true, new Date(written + 30_000));
  expect(await db.$count(otaExecutions, ofStranded)).toBe(1);
  // then the engine's round drops it, with its history
  await tick(deps, true, new Date(written + 61_000));
  expect(await db.$count(otaExecutions, ofStranded)).toBe(0);
  expect(await db.$count(otaExecutionEvents, eq(otaExecutionEvents.executionId, stranded))).toBe(0);
  // the ended task is as it was: its one device, succeeded
  const [ended] = await db.select().from(otaTasks).where(eq(otaTasks.id, t.id));
  expect(ended).toMatchObject({ creationStatus: TaskCreationStatus.ENDED, status: 3 });
  expect(await db.$count(otaExecutions, eq(otaExecutions.taskId, t.id))).toBe(1);

  // the next task over the group takes the device in
  const next = expectOk(await b.A.client.post('/v1/ota-tasks', body(`Next ${made.prefix}`, made.groupId)));
  const [mine] = await db
    .select()
    .from(otaExecutions)
    .where(and(eq(otaExecutions.taskId, next.id), eq(otaExecutions.deviceId, joiner)));
  expect(mine).toMatchObject({ state: 'queued' });
  // and a live task's queued executions are never touched by the same round
  await tick(deps, true, new Date(Date.now() + 300_000));
  expect(
    await db.$count(otaExecutions, and(eq(otaExecutions.taskId, next.id), eq(otaExecutions.state, 'queued'))),
  ).toBe(2);
  // nothing more to join at the joiner's next connect
  expect(await takeInJoiner(deps, b.A.accountId, joiner)).toBe(0);
});

it('a device that joined a push task in the moment it ended is not left waiting in it', async () => {
  const deps = b.server.deps;
  const db = deps.db;
  const {
    first,
    joiner,
    task: t,
  } = await groupWithJoiner(async (groupId) =>
    expectOk(
      await b.A.client.post('/v1/push-tasks', {
        name: `Stranded ${uniq()}`,
        ttlHours: 1,
        type: 'config',
        config: { density: 'dark', volume: 35 },
        scope: 'group',
        groupIds: [groupId],
      }),
    ),
  );
  const ofTask = eq(pushResults.taskId, t.id);
  expect(await db.$count(pushResults, ofTask)).toBe(1);

  // the joiner connects: the task is live and holds it
  expect(await pushRepo.taskIdsTakingIn(db, new Date(), b.A.accountId, joiner)).toEqual([t.id]);
  // meanwhile the task's one device acks, and the task ends
  await db
    .update(pushResults)
    .set({ state: 'succeeded', finishedAt: new Date() })
    .where(eq(pushResults.deviceId, first));
  await pushRepo.finishDoneTasks(db, new Date(), t.id);
  const status = async () => (await db.select().from(pushTasks).where(eq(pushTasks.id, t.id)))[0]!.status;
  expect(await status()).toBe(PushTaskStatus.SUCCESS);
  // then the joiner writes its result, into the ended task: never sent, and the engine stays busy
  expect(await pushRepo.addResults(db, t.id, [joiner])).toBe(1);
  expect(await pushRepo.engineHasWork(db)).toBe(true);

  // the engine's pass that looks for joiners drops it
  await pushTick(deps, new Date(), true);
  expect(await db.$count(pushResults, and(ofTask, eq(pushResults.deviceId, joiner)))).toBe(0);
  expect(await db.$count(pushResults, ofTask)).toBe(1);
  expect(await status()).toBe(PushTaskStatus.SUCCESS);
  expect(await pushRepo.engineHasWork(db)).toBe(false);
  // and the ended task takes nobody at the joiner's next connect
  expect(await takeInPushJoiner(deps, b.A.accountId, joiner)).toBe(0);
});
