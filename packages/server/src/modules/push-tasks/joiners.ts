import { DeviceStatus } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { devicesInScope, scopedDevice, scopeOf } from '../task-scope/scope';
import * as repo from './repo';

/**
 * Devices now in the scope of a live push task without a result in it get one, as upgrade tasks
 * take in late joiners: a printer added to the group after "push these print parameters to the
 * group" should not be the one left on the old settings. Disabled devices are skipped, as at
 * creation. (One device that just came online: takeInPushJoiner.)
 */
export async function takeInPushJoiners(
  deps: Deps,
  where: { accountId?: number; scopes?: string[] },
  now = new Date(),
): Promise<number> {
  let added = 0;
  for (const task of await repo.liveTasksWithLists(deps.db, now, where)) {
    const { devices } = await devicesInScope(deps.db, task.accountId, scopeOf(task));
    const eligible = devices.filter((d) => d.status !== DeviceStatus.DISABLED);
    if (!eligible.length) continue;
    const have = await repo.resultDeviceIds(deps.db, task.id);
    const joining = eligible.filter((d) => !have.has(d.id)).map((d) => d.id);
    // a device the task already has is skipped by the unique (task, device) index
    if (joining.length) added += await repo.addResults(deps.db, task.id, joining);
  }
  return added;
}

/**
 * One device joins the live tasks whose scope holds it and that have no result of it (it just
 * came online; at every connect of every device of a task): the database checks the scopes, as
 * for upgrade tasks (scopeHolds).
 */
export async function takeInPushJoiner(deps: Deps, accountId: number, deviceId: number, now = new Date()) {
  const taskIds = await repo.taskIdsTakingIn(deps.db, now, accountId, deviceId);
  if (!taskIds.length) return 0;
  const device = await scopedDevice(deps.db, accountId, deviceId);
  if (!device || device.status === DeviceStatus.DISABLED) return 0;
  let added = 0;
  for (const taskId of taskIds) added += await repo.addResults(deps.db, taskId, [deviceId]);
  return added;
}
