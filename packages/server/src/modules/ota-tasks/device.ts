import { compareVersions, type Ack, type OtaProgress } from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { QuietAccounts } from '../../lib/quiet-accounts';
import { takeInJoiner } from './engine';
import { offerDue, retryOrEnd } from './offer';
import * as repo from './repo';
import { raiseOta } from '../live/raise';
import { taskTarget } from './target';

/**
 * The device side of upgrade tasks, called by device-link for every gateway. Nothing here may
 * throw into the uplink path for a device that has no execution.
 */
type DeviceRef = { id: number; sn: string; accountId?: number };

/**
 * Accounts without a live upgrade task, remembered for a second: most connects then skip the
 * lookups below (an active execution always belongs to a live task). Creating a task forgets
 * its account at once (service.ts); a device that connects in the second after another server
 * process created one gets its offer from the engine's tick instead.
 */
export const newOtaQuiet = (db: Db) => new QuietAccounts(1_000, (accountId) => repo.hasLiveTask(db, accountId));

/** False only when the device's account surely has no live upgrade task. */
const mayHaveTasks = (deps: Deps, device: DeviceRef) =>
  device.accountId === undefined ? Promise.resolve(true) : deps.otaQuiet.busy(device.accountId);

/** How far an attempt got; reports never move it back (QoS 1 duplicates, reordering). */
const RANK: Record<string, number> = { offered: 0, downloading: 1, verifying: 2, installing: 3 };
const STEP_STATE = { downloading: 'downloading', verifying: 'verifying', installing: 'installing' } as const;

/** A device reported progress on `up/ota` (the offer's id names the execution and attempt). */
export async function onOtaProgress(deps: Deps, device: DeviceRef, p: OtaProgress, arrivedAt = Date.now()) {
  if (!p.id.startsWith('ota-')) return;
  const found = await repo.findByOffer(deps.db, device.id, p.id);
  // another attempt's offer, or the execution already ended: stale news
  if (!found || !repo.OFFERED.includes(found.exec.state)) return;
  const { exec, task } = found;
  const now = new Date(arrivedAt);
  if (p.step === 'failed') {
    await retryOrEnd(deps, exec, task, { final: 'failed', reason: p.reason ?? 'other', message: p.message }, now);
    return;
  }
  const state = p.step === 'rebooting' ? 'installing' : STEP_STATE[p.step];
  if (RANK[state]! < RANK[exec.state]!) return;
  const guard = { from: [exec.state], attempt: exec.attempt };
  if (state === exec.state && p.step !== 'rebooting') {
    // a progress figure within the same step is not a state change: no history line
    if (p.progress !== undefined && (await repo.transition(deps.db, exec.id, guard, { progress: p.progress }, [], now)))
      raiseOta(deps, { taskId: task.id, accountId: task.accountId });
    return;
  }
  // 'rebooting' is the last word before the device reconnects; kept as the message of `installing`
  const message = p.step === 'rebooting' ? 'rebooting' : (p.message ?? null);
  const moved = await repo.transition(
    deps.db,
    exec.id,
    guard,
    { state, message, progress: p.step === 'downloading' ? (p.progress ?? 0) : exec.progress },
    [{ state, message }],
    now,
  );
  if (moved) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
}

/** An ack of a `down/ota` offer; false when the id is not an offer's (then it is someone else's ack). */
export async function onOtaAck(deps: Deps, device: DeviceRef, ack: Ack): Promise<boolean> {
  if (!ack.id.startsWith('ota-')) return false;
  const found = await repo.findByOffer(deps.db, device.id, ack.id);
  if (!found || found.exec.state !== 'offered' || ack.code === 'ok') return true;
  const { exec, task } = found;
  if (ack.code === 'busy') {
    // the device is upgrading this slot already (often an earlier attempt that outlived its
    // deadline): offer again later while attempts remain; with none left the deadline decides,
    // and a reconnect on the target version still counts
    await retryOrEnd(deps, exec, task, {
      final: 'failed',
      reason: 'busy',
      message: ack.message ?? 'busy',
      retryOnly: true,
    });
    return true;
  }
  // unsupported/invalid will not change on a retry; expired or failed may
  const permanent = ack.code === 'unsupported' || ack.code === 'invalid';
  await retryOrEnd(deps, exec, task, {
    final: 'failed',
    reason: permanent ? 'unsupported' : 'other',
    message: ack.message ?? ack.code,
    retryable: !permanent,
  });
  return true;
}

/**
 * The versions a device runs, as it reported them on connect (presence online), in telemetry or
 * at boot. An execution succeeds here, and only here: the device came back on the target version.
 */
export async function onDeviceVersions(
  deps: Deps,
  device: DeviceRef,
  v: { firmware?: string; resources?: Record<string, string> },
) {
  if (!v.firmware && !v.resources) return;
  if (v.resources && Object.keys(v.resources).length > 0)
    await deps.resourceWrites.add({ deviceId: device.id, resources: v.resources });
  if (!(await mayHaveTasks(deps, device))) return;
  const now = new Date();
  for (const { exec, task } of await repo.activeForDevice(deps.db, device.id)) {
    const target = await taskTarget(deps.db, task);
    if (!target) continue;
    const reported = target.kind === 'firmware' ? v.firmware : v.resources?.[target.name];
    if (!reported || compareVersions(reported, target.version) !== 0) continue;
    // never offered by this task: the device got there another way
    const done =
      exec.attempt > 0
        ? { state: 'succeeded' as const, reason: null }
        : { state: 'skipped' as const, reason: 'alreadyOnTarget' as const };
    const moved = await repo.transition(
      deps.db,
      exec.id,
      { from: [exec.state], attempt: exec.attempt },
      { ...done, deadlineAt: null, notBefore: null, progress: null, finishedAt: now },
      [done],
      now,
    );
    if (moved) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
  }
}

/**
 * The device is online and subscribed: offer it what waits (queued executions, late joiners).
 * Versions were handled just before (onDeviceVersions), so an attempt still `verifying` or
 * `installing` now means the device restarted without the new version: rolled back. (Verifying
 * counts too: a device that loses power mid-install may never get its `installing` report out.)
 */
export function onDeviceOnlineForOta(deps: Deps, device: DeviceRef): void {
  void (async () => {
    if (!(await mayHaveTasks(deps, device))) return;
    for (const { exec, task } of await repo.activeForDevice(deps.db, device.id)) {
      if (exec.state === 'installing' || exec.state === 'verifying') {
        await retryOrEnd(deps, exec, task, { final: 'failed', reason: 'rolledBack' });
      }
    }
    const accountId = device.accountId ?? (await repo.accountOfDevice(deps.db, device.id));
    if (accountId !== undefined) await takeInJoiner(deps, accountId, device.id);
    await offerDue(deps, { deviceId: device.id, accountId });
  })().catch(() => {
    // the engine's next tick retries whatever this missed
  });
}
