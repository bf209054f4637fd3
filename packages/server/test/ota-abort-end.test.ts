import { and, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { TaskCreationStatus } from '@herald/contract';
import { messages, otaExecutions, otaTasks } from '../src/db/schema';
import { tick } from '../src/modules/ota-tasks/engine';
import { finishDoneTasks } from '../src/modules/ota-tasks/repo';
import { expectOk } from './harness';
import { seedFirmware } from './ota-fixture';
import { deviceTaskBody, otaBench, seedDevices } from './ota-fleet';
import { uniq } from './people';

/**
 * A task's devices may all finish between two ticks of the upgrade engine — six printers refusing a
 * bad file did, in the CI, between the tick's campaign guard and its end of done tasks. The task
 * then ended without the guard ever seeing a failure: no abort, no alert. Here the engine's own
 * rounds are off (a tick an hour) and the test plays that tick's steps in that order.
 */
const b = otaBench(3_000, { OTA_TICK_MS: '3600000' });

it('a guarded task whose devices all fail after the guard looked ends aborted, and its owner is told', async () => {
  const prefix = `E${uniq()}`.toUpperCase().slice(0, 10);
  const { ids } = await seedDevices(b, prefix, 4);
  const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.09' });
  const t = expectOk(
    await b.A.client.post(
      '/v1/ota-tasks',
      deviceTaskBody(fw.id, ids, { abortCriteria: [{ kind: 'failed', percent: 50, minFinished: 2 }] }),
    ),
  );
  const deps = b.server.deps;
  // the tick whose guard looks while every execution is still active (the devices are offline: queued)
  await tick(deps, false);
  const task = async () => (await deps.db.select().from(otaTasks).where(eq(otaTasks.id, t.id)))[0]!;
  expect(await task()).toMatchObject({ creationStatus: TaskCreationStatus.IN_PROGRESS, halt: null });

  // then all four fail at once, and that same tick ends its done tasks
  await deps.db
    .update(otaExecutions)
    .set({ state: 'failed', reason: 'checksumMismatch', finishedAt: new Date() })
    .where(eq(otaExecutions.taskId, t.id));
  expect(await finishDoneTasks(deps.db, new Date())).not.toContain(t.id);

  await tick(deps, false);
  expect(await task()).toMatchObject({
    creationStatus: TaskCreationStatus.ENDED,
    status: 4,
    halt: 'aborted',
    haltReason: { by: 'criterion', kind: 'failed', count: 4, finished: 4 },
  });
  const told = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, b.A.adminId), like(messages.title, `%${t.name}%`)));
  expect(told).toHaveLength(1);

  // judged once: later ticks neither abort it again nor tell its owner twice
  await tick(deps, false);
  expect(
    await deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, b.A.adminId), like(messages.title, `%${t.name}%`))),
  ).toHaveLength(1);
});
