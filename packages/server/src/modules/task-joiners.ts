import type { Deps } from '../lib/deps';
import { takeInJoiners } from './ota-tasks/engine';
import { offerDue } from './ota-tasks/offer';
import { kick } from './push-tasks/engine';
import { takeInPushJoiners } from './push-tasks/joiners';

/**
 * Devices of an account were moved between groups: running upgrade and push tasks over a group
 * take them in now, rather than on their engines' next look for joiners (every ~10 s). Fire and
 * forget: the engines' periodic look still catches whatever this misses. Reached through
 * `deps.devicesRegrouped` (build-deps.ts): the task modules reach the devices' own (through
 * cohorts), so devices may not import them.
 */
export function onDevicesRegrouped(deps: Deps, accountId: number): void {
  void (async () => {
    if ((await takeInJoiners(deps, { accountId, scopes: ['group'] })) > 0) await offerDue(deps, { accountId });
    if ((await takeInPushJoiners(deps, { accountId, scopes: ['group'] })) > 0) kick(deps);
  })().catch(() => undefined);
}
