import { compareVersions, DeviceStatus, SPEAK_LANGUAGES, type ExecutionReason } from '@herald/contract';
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

/**
 * A declared minimum of the device's other slot that it does not meet: a firmware's oldest
 * language pack (every pack the device reports), a language pack's oldest firmware. Checked
 * before each offer, not at creation: another task may bring the other slot up meanwhile. A
 * version never reported passes (it cannot be judged), as with the minimum upgrade version.
 */
export function unmetMinimum(
  d: { firmwareVersion: string | null; resources: Record<string, string> | null },
  t: Pick<Target, 'minLanguagePackVersion' | 'minFirmwareVersion'>,
): ExecutionReason | null {
  const min = t.minFirmwareVersion;
  if (min && d.firmwareVersion && compareVersions(d.firmwareVersion, min) < 0) return 'firmwareTooOld';
  const packMin = t.minLanguagePackVersion;
  const packs = SPEAK_LANGUAGES.map((l) => d.resources?.[l]).filter((v): v is string => !!v);
  if (packMin && packs.some((v) => compareVersions(v, packMin) < 0)) return 'languagePackTooOld';
  return null;
}

export type Added = { queued: number; skipped: number; busy: number };

type PhaseShare = { percent: number; cohortId?: number | null };

/**
 * The phase of each device of a phased task's scope. A device in a cohort phase's cohort belongs
 * to the first such phase; the others, in device order (oldest first), go to the share phases:
 * the first `percent` of them to the first share, the next to the next, and so on (rounded at
 * each cumulative boundary, so the shares always add up to all of them). With only cohort
 * phases, devices in none of the cohorts wait for the last phase.
 */
export function phaseSplit(
  deviceIds: number[],
  phases: PhaseShare[],
  cohorts: ReadonlyMap<number, ReadonlySet<number>> = new Map(),
): Map<number, number> {
  const out = new Map<number, number>();
  const rest: number[] = [];
  for (const id of [...deviceIds].sort((a, b) => a - b)) {
    const i = phases.findIndex((p) => !!p.cohortId && !!cohorts.get(p.cohortId)?.has(id));
    if (i >= 0) out.set(id, i);
    else rest.push(id);
  }
  const shares = phases.map((p, i) => ({ ...p, i })).filter((p) => !p.cohortId);
  if (!shares.length) {
    for (const id of rest) out.set(id, Math.max(0, phases.length - 1));
    return out;
  }
  const ends: number[] = [];
  let cum = 0;
  for (const p of shares) ends.push(Math.round((rest.length * (cum += p.percent)) / 100));
  let k = 0;
  rest.forEach((id, i) => {
    while (k < ends.length - 1 && i >= ends[k]!) k++;
    out.set(id, shares[k]!.i);
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
  opts: { joining?: boolean; cohorts?: ReadonlyMap<number, ReadonlySet<number>> } = {},
): Promise<Added> {
  const phases = Array.isArray(task.phases) ? (task.phases as PhaseShare[]) : [];
  // devices joining a running task wait for its last phase: they were never part of a canary
  const split = opts.joining
    ? undefined
    : phaseSplit(
        devices.map((d) => d.id),
        phases,
        opts.cohorts,
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
