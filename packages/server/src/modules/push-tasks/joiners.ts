import { DeviceStatus } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { devicesInScope, scopeOf } from '../task-scope/scope';
import * as repo from './repo';

/**
 * Devices now in the scope of a live push task without a result in it get one, as upgrade tasks
 * take in late joiners: a printer added to the group after "push these print parameters to the
 * group" should not be the one left on the old settings. Disabled devices are skipped, as at
 * creation. With `deviceId`, only that device is looked at (it just came online).
 */
export async function takeInPushJoiners(
  deps: Deps,
  where: { accountId?: number; scopes?: string[]; deviceId?: number },
  now = new Date(),
): Promise<number> {
  let added = 0;
  for (const task of await repo.liveTasks(deps.db, now, where)) {
    const only = where.deviceId !== undefined ? { deviceId: where.deviceId } : undefined;
    const { devices } = await devicesInScope(deps.db, task.accountId, scopeOf(task), only);
    const eligible = devices.filter((d) => d.status !== DeviceStatus.DISABLED);
    if (!eligible.length) continue;
    const have = only ? new Set<number>() : await repo.resultDeviceIds(deps.db, task.id);
    const joining = eligible.filter((d) => !have.has(d.id)).map((d) => d.id);
    // a device the task already has is skipped by the unique (task, device) index
    if (joining.length) added += await repo.addResults(deps.db, task.id, joining);
  }
  return added;
}
