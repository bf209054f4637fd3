import { compareVersions, DeviceStatus, type ExecutionReason } from '@herald/contract';
import type { Db } from '../../db/client';
import type { ScopedDevice } from '../task-scope/scope';
import * as repo from './repo';
import type { Target } from './target';

/** The version of the target's slot the device reports now (null: never reported). */
export function currentVersion(d: Pick<ScopedDevice, 'firmwareVersion' | 'resources'>, t: Target): string | null {
  return (t.kind === 'firmware' ? d.firmwareVersion : d.resources[t.name]) ?? null;
}

/**
 * Why a device in scope is not upgraded, or null when it is queued. A device that never reported
 * its version passes the minimum check (it cannot be judged) but not a split package's base
 * version, which a delta strictly needs.
 */
export function skipReason(d: ScopedDevice, t: Target, task: { fromVersion: string | null }): ExecutionReason | null {
  if (d.status === DeviceStatus.DISABLED) return 'deviceDisabled';
  if (t.kind === 'firmware' && t.modelId !== null && d.modelId !== t.modelId) return 'modelMismatch';
  const current = currentVersion(d, t);
  if (current !== null && compareVersions(current, t.version) === 0) return 'alreadyOnTarget';
  if (task.fromVersion && (current === null || compareVersions(current, task.fromVersion) !== 0))
    return 'fromVersionMismatch';
  if (t.split && t.baseVersion && (current === null || compareVersions(current, t.baseVersion) !== 0))
    return 'baseVersionMismatch';
  if (t.minUpgradeVersion && current !== null && compareVersions(current, t.minUpgradeVersion) < 0)
    return 'belowMinimum';
  return null;
}

export type Added = { queued: number; skipped: number; busy: number };

/**
 * The phase of each device of a phased task's scope: in device order (oldest first), the first
 * `percent` of them in phase 0, the next share in phase 1, and so on (rounded at each cumulative
 * boundary, so the shares always add up to the whole scope).
 */
export function phaseSplit(deviceIds: number[], phases: { percent: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  const sorted = [...deviceIds].sort((a, b) => a - b);
  const ends: number[] = [];
  let cum = 0;
  for (const p of phases) ends.push(Math.round((sorted.length * (cum += p.percent)) / 100));
  let phase = 0;
  sorted.forEach((id, i) => {
    while (phase < ends.length - 1 && i >= ends[phase]!) phase++;
    out.set(id, phase);
  });
  return out;
}

/**
 * One execution per device of the task: queued, or skipped with its reason. A device whose slot
 * of this kind is held by another task's active execution is skipped as busy — the partial unique
 * index decides, so two tasks created at the same moment cannot both take it.
 */
export async function addExecutions(
  db: Db,
  task: { id: number; accountId: number; fromVersion: string | null; phases?: unknown },
  target: Target,
  devices: ScopedDevice[],
  now = new Date(),
  opts: { joining?: boolean } = {},
): Promise<Added> {
  const phases = Array.isArray(task.phases) ? (task.phases as { percent: number }[]) : [];
  // devices joining a running task wait for its last phase: they were never part of a canary
  const split = opts.joining
    ? undefined
    : phaseSplit(
        devices.map((d) => d.id),
        phases,
      );
  const lastPhase = Math.max(0, phases.length - 1);
  const base = (d: ScopedDevice) => ({
    taskId: task.id,
    deviceId: d.id,
    accountId: task.accountId,
    kind: target.kind,
    phase: split?.get(d.id) ?? lastPhase,
    fromVersion: currentVersion(d, target),
  });
  const queued: repo.NewExec[] = [];
  const skipped: repo.NewExec[] = [];
  for (const d of devices) {
    const reason = skipReason(d, target, task);
    if (reason) skipped.push({ ...base(d), state: 'skipped', reason, finishedAt: now });
    else queued.push({ ...base(d), state: 'queued' });
  }
  const inQueue = await repo.insertExecutions(db, queued);
  const taken = new Set(inQueue.map((e) => e.deviceId));
  const busy = queued
    .filter((e) => !taken.has(e.deviceId))
    .map((e) => ({ ...e, state: 'skipped', reason: 'busy', finishedAt: now }));
  const inSkip = await repo.insertExecutions(db, [...skipped, ...busy]);
  await repo.insertEvents(
    db,
    [...inQueue, ...inSkip].map((e) => ({
      executionId: e.id,
      taskId: e.taskId,
      attempt: 0,
      state: e.state,
      reason: e.reason,
      at: now,
    })),
  );
  return {
    queued: inQueue.length,
    skipped: inSkip.filter((e) => e.reason !== 'busy').length,
    busy: inSkip.filter((e) => e.reason === 'busy').length,
  };
}
