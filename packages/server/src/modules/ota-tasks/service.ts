import {
  EXECUTION_STATES,
  OTA_TASK_MAX_DAYS,
  OtaTaskStatus,
  OtaTaskType,
  scheduleStateOf,
  TaskCreationStatus,
  type CreateOtaTaskBody,
  type Execution,
  type ExecutionCounts,
  type ExecutionDetail,
  type ExecutionListQuery,
  type OtaTask,
  type OtaTaskListItem,
  type OtaPhase,
  type OtaTaskListQuery,
  type Page,
  type UpdateOtaTaskBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf } from '../../lib/filters';
import { dataOwner } from '../../lib/data-scope';
import { ownAccount, targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { cohortsOf } from '../cohorts/repo';
import { visibleTask } from '../task-scope/bookkeeping';
import { checkScope, devicesInScope, type ScopedDevice, type ScopeSpec } from '../task-scope/scope';
import { addExecutions } from './evaluate';
import { criteriaOf, phasesOf } from './campaign';
import { progressSeries } from './progress';
import * as repo from './repo';
import { findTarget, type Target } from './target';

const DAY_MS = 24 * 3600 * 1000;
const SCHEDULE_FILTER = {
  notStarted: [TaskCreationStatus.CREATING, TaskCreationStatus.NOT_STARTED],
  inProgress: [TaskCreationStatus.IN_PROGRESS],
  ended: [
    TaskCreationStatus.ENDED,
    TaskCreationStatus.CANCELLED,
    TaskCreationStatus.EXPIRED,
    TaskCreationStatus.CREATE_FAILED,
  ],
} as const;

export function countsOf(m: Record<string, number> | undefined): { counts: ExecutionCounts; total: number } {
  const counts = Object.fromEntries(EXECUTION_STATES.map((s) => [s, m?.[s] ?? 0])) as ExecutionCounts;
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

const listItem = (v: repo.TaskListView, m: Record<string, number> | undefined): OtaTaskListItem => {
  const t = v.task;
  return {
    id: t.id,
    accountId: t.accountId,
    accountName: v.accountName,
    name: t.name,
    type: t.type as 0 | 1,
    packageId: (t.type === OtaTaskType.APP ? t.firmwareId : t.resourceId) ?? 0,
    packageName: v.packageName,
    fromVersion: t.fromVersion,
    toVersion: t.toVersion,
    language: t.language,
    scope: t.scope as OtaTask['scope'],
    cohortId: t.cohortId,
    effectiveAt: iso(t.effectiveAt),
    retries: t.retries,
    timeoutMinutes: t.timeoutMinutes,
    pace: t.pace,
    creationStatus: t.creationStatus as OtaTask['creationStatus'],
    status: t.status as OtaTask['status'],
    schedule: scheduleStateOf(t.creationStatus),
    creationNote: (t.creationNote as OtaTask['creationNote']) ?? null,
    ...countsOf(m),
    startedAt: isoOrNull(t.startedAt),
    endedAt: isoOrNull(t.endedAt),
    createdAt: iso(t.createdAt),
  };
};

const detail = (v: repo.TaskView, m: Record<string, number> | undefined): OtaTask => ({
  ...listItem(v, m),
  deviceIds: v.task.deviceIds as number[],
  groupIds: v.task.groupIds as number[],
  sns: v.task.sns as string[],
  remark: v.task.remark,
  expireAt: iso(v.task.expireAt),
  phases: phasesOf(v.task),
  abortCriteria: criteriaOf(v.task),
  offerWindow: (v.task.offerWindow as OtaTask['offerWindow']) ?? null,
  currentPhase: v.task.currentPhase,
  halt: (v.task.halt as OtaTask['halt']) ?? null,
  haltReason: (v.task.haltReason as OtaTask['haltReason']) ?? null,
});

/** A task the caller may see; another account's is "not found". */
export const scopedTask = async (deps: Deps, auth: AuthContext, id: number): Promise<repo.TaskView> =>
  visibleTask(auth, await repo.findTaskView(deps.db, id));

export async function listTasks(deps: Deps, auth: AuthContext, q: OtaTaskListQuery): Promise<Page<OtaTaskListItem>> {
  const own = ownAccount(auth);
  const { rows, total } = await repo.listTasks(deps.db, {
    accountId: own ?? q.accountId ?? undefined,
    createdBy: dataOwner(auth),
    name: q.name || undefined,
    type: q.type ?? undefined,
    status: q.status ?? undefined,
    creationStatuses: q.schedule ? [...SCHEDULE_FILTER[q.schedule]] : undefined,
    sortField: q.sortField ?? undefined,
    sortOrder: q.sortOrder ?? undefined,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const counts = await repo.stateCounts(
    deps.db,
    rows.map((r) => r.task.id),
  );
  return { list: rows.map((r) => listItem(r, counts.get(r.task.id))), total, page: q.page, pageSize: q.pageSize };
}

export async function getTask(deps: Deps, auth: AuthContext, id: number): Promise<OtaTask> {
  const v = await scopedTask(deps, auth, id);
  return detail(v, (await repo.stateCounts(deps.db, [id])).get(id));
}

/**
 * Create a task: check the package and scope, read the scope's devices into one execution each
 * (queued or skipped with its reason). None queued: nothing is kept and the answer is "no devices
 * meet the upgrade conditions"; some named devices unknown or busy: the task is created with the
 * note 'someFailed'.
 */
export async function createTask(deps: Deps, auth: AuthContext, body: CreateOtaTaskBody): Promise<OtaTask> {
  const accountId = targetAccount(auth, body.accountId);
  const target = await findTarget(deps.db, body.type, body.packageId, accountId);
  if (!target) throw invalid('error.packageNotFound', 'packageId');
  let language: string | null = null;
  if (body.type === OtaTaskType.LANGUAGE) {
    language = body.language ?? target.language;
    if (!language || (target.language && language !== target.language)) {
      throw invalid('error.languageRequired', 'language');
    }
  }
  const phases = (body.phases?.length ?? 0) > 1 ? body.phases! : [];
  const cohorts = await taskCohorts(deps, accountId, body, phases);
  const spec: ScopeSpec = {
    scope: body.scope,
    deviceIds:
      body.scope === 'devices'
        ? (body.deviceIds ?? [])
        : body.scope === 'cohort'
          ? [...cohorts.get(body.cohortId!)!]
          : [],
    groupIds: body.scope === 'group' ? (body.groupIds ?? []) : [],
    sns: body.scope === 'sn' ? (body.sns ?? []) : [],
    owner: dataOwner(auth),
  };
  await checkScope(deps.db, accountId, spec);
  const now = new Date();
  const effectiveAt = body.effectiveTime ? new Date(body.effectiveTime) : now;
  const startsNow = effectiveAt.getTime() <= now.getTime();
  const id = await deps.db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, {
      accountId,
      name: body.name,
      type: body.type,
      firmwareId: body.type === OtaTaskType.APP ? body.packageId : null,
      resourceId: body.type === OtaTaskType.LANGUAGE ? body.packageId : null,
      fromVersion: body.fromVersion || null,
      toVersion: target.version,
      language,
      scope: spec.scope,
      deviceIds: spec.deviceIds,
      groupIds: spec.groupIds,
      sns: spec.sns,
      cohortId: body.scope === 'cohort' ? body.cohortId! : null,
      effectiveAt,
      expireAt: new Date(effectiveAt.getTime() + OTA_TASK_MAX_DAYS * DAY_MS),
      retries: body.retries,
      timeoutMinutes: body.timeoutMinutes,
      pace: body.pace,
      creationStatus: startsNow ? TaskCreationStatus.IN_PROGRESS : TaskCreationStatus.NOT_STARTED,
      status: OtaTaskStatus.PENDING_PUSH,
      remark: body.remark || null,
      // one phase of everything is no phasing: stored as none
      phases,
      abortCriteria: body.abortCriteria ?? [],
      offerWindow: body.offerWindow ?? null,
      startedAt: startsNow ? now : null,
      createdBy: auth.userId,
      scopeOwner: spec.owner ?? null,
    });
    const { devices, unknown } = await devicesInScope(tx, accountId, spec);
    refuseIncompatible(target, devices);
    refuseEmptyPhases(phases, cohorts, devices);
    const added = await addExecutions(tx, task, { ...target, name: language ?? target.name }, devices, now, {
      cohorts,
    });
    // thrown inside the transaction: the task and its executions are not kept
    if (added.queued === 0) throw invalid('error.noUpgradeDevices');
    const someFailed = unknown.length > 0 || added.busy > 0;
    if (someFailed) await repo.updateTaskIf(tx, task.id, [task.creationStatus], { creationNote: 'someFailed' });
    await audit(tx, auth, {
      module: 'otaTask',
      type: 'add',
      description: {
        key: 'log.otaTask.add',
        params: {
          name: task.name,
          id: task.id,
          version: target.version,
          queued: added.queued,
          skipped: added.skipped,
          failed: added.busy + unknown.length,
        },
      },
    });
    return task.id;
  });
  deps.otaQuiet.forget(accountId);
  return getTask(deps, auth, id);
}

/**
 * The cohorts a new task names (its scope, its phases), by id, with their members as they are now:
 * the task keeps what it read here ('error.cohortNotFound' for one that is not the account's).
 */
async function taskCohorts(
  deps: Deps,
  accountId: number,
  body: CreateOtaTaskBody,
  phases: OtaPhase[],
): Promise<Map<number, Set<number>>> {
  const ids = [
    ...new Set([
      ...(body.scope === 'cohort' ? [body.cohortId!] : []),
      ...phases.flatMap((p) => (p.cohortId ? [p.cohortId] : [])),
    ]),
  ];
  const rows = await cohortsOf(deps.db, accountId, ids);
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const i = phases.findIndex((p) => p.cohortId && !found.has(p.cohortId));
    throw invalid('error.cohortNotFound', i >= 0 && body.cohortId !== ids[0] ? `phases.${i}.cohortId` : 'cohortId');
  }
  return new Map(rows.map((r) => [r.id, new Set(r.deviceIds as number[])]));
}

/**
 * A firmware is built for one model: a scope none of whose devices is of that model cannot take
 * it, and the task is refused as such rather than created with every device skipped.
 */
function refuseIncompatible(target: Target, devices: ScopedDevice[]): void {
  if (target.kind !== 'firmware' || target.modelId === null || !devices.length) return;
  if (devices.some((d) => d.modelId === target.modelId)) return;
  const models = [...new Set(devices.map((d) => d.modelId))].sort((a, b) => a - b);
  throw invalid('error.packageModelMismatch', 'packageId', { modelId: target.modelId, scopeModelIds: models });
}

/** A cohort phase with none of the scope's devices would never reach its threshold: refused. */
function refuseEmptyPhases(phases: OtaPhase[], cohorts: Map<number, Set<number>>, devices: ScopedDevice[]): void {
  phases.forEach((p, i) => {
    if (p.cohortId && !devices.some((d) => cohorts.get(p.cohortId!)!.has(d.id)))
      throw invalid('error.cohortNotInScope', `phases.${i}.cohortId`);
  });
}

/** Edit a task that has not started: name, effective time, retries, timeout, pace, remark. */
export async function updateTask(deps: Deps, auth: AuthContext, id: number, body: UpdateOtaTaskBody): Promise<OtaTask> {
  const { task } = await scopedTask(deps, auth, id);
  if (task.creationStatus !== TaskCreationStatus.NOT_STARTED) throw invalid('error.taskNotEditable');
  const set: Parameters<typeof repo.updateTaskIf>[3] = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.effectiveTime !== undefined) {
    const at = body.effectiveTime ? new Date(body.effectiveTime) : new Date();
    set.effectiveAt = at;
    set.expireAt = new Date(at.getTime() + OTA_TASK_MAX_DAYS * DAY_MS);
  }
  if (body.retries !== undefined) set.retries = body.retries;
  if (body.timeoutMinutes !== undefined) set.timeoutMinutes = body.timeoutMinutes;
  if (body.pace !== undefined) set.pace = body.pace;
  if (body.remark !== undefined) set.remark = body.remark || null;
  await deps.db.transaction(async (tx) => {
    // the engine may start it meanwhile: the update holds only while it has not
    const row = await repo.updateTaskIf(tx, id, [TaskCreationStatus.NOT_STARTED], set);
    if (!row) throw invalid('error.taskNotEditable');
    await audit(tx, auth, {
      module: 'otaTask',
      type: 'edit',
      description: { key: 'log.otaTask.edit', params: { name: row.name, id } },
    });
  });
  return getTask(deps, auth, id);
}

/**
 * Cancel: no new offers; executions still queued are cancelled. Devices already upgrading finish
 * their attempt and are recorded as they end (a device cannot be stopped mid-install).
 */
export async function cancelTask(deps: Deps, auth: AuthContext, id: number): Promise<OtaTask> {
  await scopedTask(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    const row = await repo.updateTaskIf(
      tx,
      id,
      [TaskCreationStatus.CREATING, TaskCreationStatus.NOT_STARTED, TaskCreationStatus.IN_PROGRESS],
      { creationStatus: TaskCreationStatus.CANCELLED, status: OtaTaskStatus.CANCELLED, endedAt: new Date() },
    );
    if (!row) throw invalid('error.taskEnded');
    const n = await repo.cancelActive(tx, id, ['queued'], 'taskCancelled');
    await audit(tx, auth, {
      module: 'otaTask',
      type: 'cancel',
      description: { key: 'log.otaTask.cancel', params: { name: row.name, id, count: n } },
    });
  });
  return getTask(deps, auth, id);
}

export async function taskProgress(deps: Deps, auth: AuthContext, id: number) {
  const { task } = await scopedTask(deps, auth, id);
  const { counts, total } = countsOf((await repo.stateCounts(deps.db, [id])).get(id));
  const events = await repo.taskEvents(deps.db, id);
  const from = (task.startedAt ?? task.createdAt).getTime();
  const to = task.endedAt?.getTime() ?? Date.now();
  return { counts, total, series: progressSeries(events, from, to) };
}

const execution = (v: repo.ExecView): Execution => ({
  id: v.exec.id,
  taskId: v.exec.taskId,
  deviceId: v.exec.deviceId,
  sn: v.sn,
  deviceName: v.deviceName,
  online: v.online,
  state: v.exec.state as Execution['state'],
  reason: (v.exec.reason as Execution['reason']) ?? null,
  message: v.exec.message,
  phase: v.exec.phase,
  attempt: v.exec.attempt,
  fromVersion: v.exec.fromVersion,
  progress: v.exec.progress,
  updatedAt: iso(v.exec.updatedAt),
  finishedAt: isoOrNull(v.exec.finishedAt),
});

export async function listExecutions(
  deps: Deps,
  auth: AuthContext,
  id: number,
  q: ExecutionListQuery,
): Promise<Page<Execution>> {
  await scopedTask(deps, auth, id);
  const { rows, total } = await repo.listExecutions(deps.db, id, {
    state: q.state ?? undefined,
    sn: q.sn || undefined,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(execution), total, page: q.page, pageSize: q.pageSize };
}

export async function getExecution(
  deps: Deps,
  auth: AuthContext,
  id: number,
  executionId: number,
): Promise<ExecutionDetail> {
  await scopedTask(deps, auth, id);
  const v = await repo.findExecutionView(deps.db, id, executionId);
  if (!v) throw notFound();
  const events = await repo.history(deps.db, executionId);
  return {
    ...execution(v),
    history: events.map((e) => ({
      at: iso(e.at),
      attempt: e.attempt,
      state: e.state as Execution['state'],
      reason: (e.reason as Execution['reason']) ?? null,
      message: e.message,
    })),
  };
}
