import { ACTIVE_EXECUTION_STATES } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { devicesInScope, scopedDevice, scopeOf } from '../task-scope/scope';
import { guardCampaigns } from './campaign';
import { addExecutions } from './evaluate';
import { offerDue, resendUnanswered, retryOrEnd } from './offer';
import * as repo from './repo';
import { raiseOta } from '../live/raise';
import { taskTarget } from './target';

/** Late joiners of 'all', 'group' and 'sn' tasks (and deleted devices) are looked for every this many ticks. */
const JOIN_EVERY = 10;
const OVERDUE_BATCH = 500;

/**
 * The upgrade engine: every OTA_TICK_MS it starts due tasks, times out and retries executions,
 * sends offers to online devices, takes in devices that joined a task's scope, and ends or expires
 * tasks. Every step claims its rows with a conditional update, so several server processes may run
 * it side by side. It runs wherever devices are served, tests included (it is not a scheduled job).
 */
export function otaEngine(deps: Deps): RoundWorker {
  let n = 0;
  return {
    name: 'ota engine',
    everyMs: deps.config.otaTickMs,
    round: (signal) => tick(deps, n++ % JOIN_EVERY === 0, new Date(), signal),
  };
}

/**
 * One tick. `signal` (the server stopping) ends it between two steps: each step claims its rows,
 * so the next tick, here or on another server, does the rest. On a saturated database each
 * statement waits seconds for its turn, and a whole tick held a stopping server ~20 s (issue 27).
 */
export async function tick(deps: Deps, lookForJoiners: boolean, now = new Date(), signal?: AbortSignal): Promise<void> {
  const db = deps.db;
  if (!(await repo.engineHasWork(db))) return;
  const started = await repo.startDueTasks(db, now);
  // one transaction, as cancel does: nobody may see an expired task that still has active executions
  const expired = await db.transaction(async (tx) => {
    const ids = await repo.expireDueTasks(tx, now);
    for (const id of ids) await repo.cancelActive(tx, id, ACTIVE_EXECUTION_STATES, 'taskExpired', now);
    return ids;
  });
  const judged: number[] = [];
  const steps = [
    () => timeOut(deps, now),
    // before the offers: a task whose failures crossed a criterion sends none this tick
    async () => void judged.push(...(await guardCampaigns(deps, now))),
    ...(lookForJoiners
      ? [
          () => takeInJoiners(deps, { scopes: ['all', 'group', 'sn'] }),
          () => repo.cancelForDeletedDevices(db, now),
          () => repo.dropStrandedJoiners(db, now),
        ]
      : []),
    () => offerDue(deps, { now }),
    () => resendUnanswered(deps, now),
  ];
  for (const step of steps) {
    if (signal?.aborted) break;
    await step();
  }
  // what changed is announced even when the tick ends early
  const finished = signal?.aborted ? [] : await repo.finishDoneTasks(db, now);
  await announceTasks(deps, [...started, ...expired, ...judged, ...finished]);
}

/** Tasks the tick started, expired or finished: their pages hear of it (a task or two per tick, rarely more). */
async function announceTasks(deps: Deps, ids: number[]): Promise<void> {
  for (const id of new Set(ids)) {
    const task = await repo.findTask(deps.db, id);
    if (task) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
  }
}

/** Attempts past their deadline: retried, or timed out (no response). */
async function timeOut(deps: Deps, now: Date): Promise<void> {
  const late = await repo.overdue(deps.db, now, OVERDUE_BATCH);
  const tasks = new Map<number, repo.TaskRow | undefined>();
  for (const { exec } of late) {
    if (!tasks.has(exec.taskId)) tasks.set(exec.taskId, await repo.findTask(deps.db, exec.taskId));
    const task = tasks.get(exec.taskId);
    if (!task) continue;
    if (exec.state === 'queued') {
      const moved = await repo.transition(
        deps.db,
        exec.id,
        { from: ['queued'], attempt: exec.attempt },
        { state: 'timedOut', reason: 'noResponse', deadlineAt: null, notBefore: null, finishedAt: now },
        [{ state: 'timedOut', reason: 'noResponse' }],
        now,
      );
      if (moved) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
    } else await retryOrEnd(deps, exec, task, { final: 'timedOut', reason: 'noResponse' }, now);
  }
}

/**
 * Devices now in the scope of a live task without an execution in it get one (same skip rules
 * as at creation): new devices, devices moved into a group, a named S/N added later. (One device
 * that just came online: takeInJoiner.)
 */
export async function takeInJoiners(deps: Deps, where: { accountId?: number; scopes?: string[] }): Promise<number> {
  let added = 0;
  for (const task of await repo.liveTasksWithLists(deps.db, where)) {
    const target = await taskTarget(deps.db, task);
    if (!target) continue;
    const { devices } = await devicesInScope(deps.db, task.accountId, scopeOf(task));
    if (!devices.length) continue;
    const have = await repo.executedDeviceIds(deps.db, task.id);
    const joining = devices.filter((d) => !have.has(d.id));
    if (!joining.length) continue;
    const r = await addExecutions(deps.db, task, target, joining, new Date(), { joining: true });
    added += r.queued;
  }
  return added;
}

/**
 * One device joins the live tasks whose scope holds it and that have none of its executions. It
 * runs at every connect of every device of a campaign: the database checks the scopes (scopeHolds)
 * against the stored lists, so no list is read into the server or sent back as a condition.
 */
export async function takeInJoiner(deps: Deps, accountId: number, deviceId: number): Promise<number> {
  const tasks = await repo.tasksTakingIn(deps.db, accountId, deviceId);
  if (!tasks.length) return 0;
  const device = await scopedDevice(deps.db, accountId, deviceId);
  if (!device) return 0;
  let added = 0;
  for (const task of tasks) {
    const target = await taskTarget(deps.db, task);
    if (!target) continue;
    const r = await addExecutions(deps.db, task, target, [device], new Date(), { joining: true });
    added += r.queued;
  }
  return added;
}
