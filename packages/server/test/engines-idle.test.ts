import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PushTaskStatus } from '@herald/contract';
import { otaExecutions, pushResults } from '../src/db/schema';
import { engineHasWork as otaHasWork } from '../src/modules/ota-tasks/repo';
import { engineHasWork as pushHasWork } from '../src/modules/push-tasks/repo';
import { expectOk } from './harness';
import { seedFirmware } from './ota-fixture';
import { deviceTaskBody, otaBench, seedDevices } from './ota-fleet';
import { uniq } from './people';

/**
 * The upgrade and push engines skip a round that has nothing to look at (one statement instead of
 * eight and four, every second on every node). What they would find is what the check must see:
 * a task not yet ended, or something still open under an ended one. The engines' own rounds are
 * off here (a tick an hour); the tests that run tasks end to end (ota-*, push-tasks) fail if the
 * check ever says "nothing" while there is work.
 */
const b = otaBench(3_000, { OTA_TICK_MS: '3600000', PUSH_TICK_MS: '3600000' });

it('the upgrade engine looks while a task is not ended or an execution is still active', async () => {
  const db = b.server.deps.db;
  expect(await otaHasWork(db)).toBe(false);
  const { ids } = await seedDevices(b, `I${uniq()}`.toUpperCase().slice(0, 10), 2);
  const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.09' });
  const t = expectOk(await b.A.client.post('/v1/ota-tasks', deviceTaskBody(fw.id, ids)));
  expect(await otaHasWork(db)).toBe(true);
  // cancelled: its queued executions (the devices are offline) end with it
  expectOk(await b.A.client.post(`/v1/ota-tasks/${t.id}/cancel`));
  expect(await otaHasWork(db)).toBe(false);
  // an execution still active under an ended task is looked at all the same
  await db.update(otaExecutions).set({ state: 'offered' }).where(eq(otaExecutions.taskId, t.id));
  expect(await otaHasWork(db)).toBe(true);
  await db.update(otaExecutions).set({ state: 'cancelled' }).where(eq(otaExecutions.taskId, t.id));
  expect(await otaHasWork(db)).toBe(false);
});

it('the push engine looks while a task is waiting or pushing or a result is still open', async () => {
  const db = b.server.deps.db;
  expect(await pushHasWork(db)).toBe(false);
  const { ids } = await seedDevices(b, `P${uniq()}`.toUpperCase().slice(0, 10), 2);
  const t = expectOk(
    await b.A.client.post('/v1/push-tasks', {
      name: `Idle ${uniq()}`,
      ttlHours: 1,
      type: 'config',
      config: { volume: 35 },
      scope: 'devices',
      deviceIds: ids,
    }),
  );
  expect(t.status).toBe(PushTaskStatus.PUSHING);
  expect(await pushHasWork(db)).toBe(true);
  // cancelled: what was not sent is cancelled with it
  expectOk(await b.A.client.post(`/v1/push-tasks/${t.id}/cancel`));
  expect(await pushHasWork(db)).toBe(false);
  // a message sent before the cancel stays open until the task's expiry, which a pass records
  const [one] = await db.select().from(pushResults).where(eq(pushResults.taskId, t.id));
  await db.update(pushResults).set({ state: 'sent', sentAt: new Date() }).where(eq(pushResults.id, one!.id));
  expect(await pushHasWork(db)).toBe(true);
});
