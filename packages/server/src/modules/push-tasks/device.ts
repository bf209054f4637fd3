import { DEFAULT_PRINT_PARAMS, printParamsSchema, type Ack } from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { QuietAccounts } from '../../lib/quiet-accounts';
import { flushDevice, kick } from './engine';
import * as repo from './repo';
import { raisePushTask } from '../live/raise';

type DeviceRef = { id: number; sn: string; accountId?: number };

/** Push messages carry the result's msg_id, a UUID; commands and jobs use UUIDs too, so the lookup decides. */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An ack of a `down/config` message; false when the id is not a push result's. `ok` → succeeded
 * (a config push also becomes the device's stored print parameters); any other code → failed
 * with the code and message. Latency is arrival − the echoed `ts`, both on Herald's clock.
 * Repeated and late acks (the result already settled or expired) change nothing.
 */
export async function onPushAck(deps: Deps, device: DeviceRef, ack: Ack, arrivedAt = Date.now()): Promise<boolean> {
  if (!UUID_RE.test(ack.id)) return false;
  const found = await repo.findByMsg(deps.db, device.id, ack.id);
  if (!found) return false;
  const { result, task } = found;
  const ok = ack.code === 'ok';
  const settled = await deps.db.transaction(async (tx) => {
    const settled = await repo.settle(tx, result.id, {
      state: ok ? 'succeeded' : 'failed',
      ackCode: ack.code,
      message: ack.message ?? null,
      latencyMs: Math.max(0, arrivedAt - ack.ts),
      at: new Date(arrivedAt),
    });
    if (settled && ok && task.type === 'config') {
      const current = (await repo.devicePrintParams(tx, device.id)) ?? {};
      const merged = printParamsSchema.safeParse({ ...DEFAULT_PRINT_PARAMS, ...current, ...(task.config as object) });
      if (merged.success) await repo.setPrintParams(tx, device.id, merged.data);
    }
    return settled;
  });
  if (!settled) return true;
  // the task ends with its last open result, without waiting for the engine's pass. Only this
  // task is looked at: a pass for every ack kept the engine running pass after pass (each a
  // handful of statements over every pushing task) for as long as a big task's acks came in
  // (the result is settled either way: should this fail, the engine's next pass ends the task)
  await repo
    .finishDoneTasks(deps.db, new Date(), task.id)
    .catch((err: unknown) => deps.pushEngine.log.warn({ err, task: task.id }, 'push task not ended at its last ack'));
  raisePushTask(deps, { taskId: task.id, accountId: task.accountId });
  return true;
}

/**
 * Accounts without a live push task, remembered for a second, so that most connects skip the
 * lookups (see lib/quiet-accounts.ts). Creating a task forgets its account at once.
 */
export const newPushQuiet = (db: Db) =>
  new QuietAccounts(1_000, (accountId) => repo.hasLiveTask(db, accountId, new Date()));

/** The device is online and subscribed: send its pending push messages. */
export function onDeviceOnlineForPush(deps: Deps, device: DeviceRef): void {
  // errors are the engine's to log; the device gets them on the next pass otherwise
  void (async () => {
    if (device.accountId !== undefined && !(await deps.pushQuiet.busy(device.accountId))) return;
    await flushDevice(deps, device.id, device.accountId);
  })().catch(() => kick(deps));
}
