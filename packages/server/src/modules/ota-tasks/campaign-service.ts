import {
  OtaTaskStatus,
  type LogMessageKey,
  type OperType,
  type OtaHaltReason,
  type OtaPhasesView,
  type OtaTask,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { isoOrNull } from '../../lib/filters';
import { raiseOta } from '../live/raise';
import { audit } from '../oper-log/audit';
import { phaseRate, phasesOf, promotionWaits } from './campaign';
import * as repo from './repo';
import { countsOf, getTask, scopedTask } from './service';

/** Each phase's counts, and what the running one waits for (a task without phases shows one phase). */
export async function taskPhases(deps: Deps, auth: AuthContext, id: number): Promise<OtaPhasesView> {
  const { task } = await scopedTask(deps, auth, id);
  const now = new Date();
  const counts = await repo.phaseCounts(deps.db, id);
  const phases = phasesOf(task);
  const shown = phases.length ? phases : [{ percent: 100, soakMinutes: 0, successThreshold: 0, approval: false }];
  const waits = promotionWaits(deps, task, counts, now);
  const startedAt = task.phaseStartedAt ?? task.startedAt;
  return {
    currentPhase: task.currentPhase,
    halt: (task.halt as OtaTask['halt']) ?? null,
    haltReason: (task.haltReason as OtaHaltReason | null) ?? null,
    phases: shown.map((p, index) => {
      const current = index === task.currentPhase;
      const { rate } = phaseRate(counts.get(index));
      const c = countsOf(counts.get(index));
      const soakEnds =
        current && startedAt ? new Date(startedAt.getTime() + p.soakMinutes * deps.config.otaMinuteMs) : null;
      return {
        ...p,
        index,
        state: index < task.currentPhase ? 'promoted' : current && task.startedAt ? 'running' : 'waiting',
        counts: c.counts,
        total: c.total,
        successRate: Math.round(rate * 10) / 10,
        startedAt: current ? isoOrNull(startedAt) : null,
        soakEndsAt: isoOrNull(soakEnds),
        waitingFor: current ? (task.startedAt ? (waits ?? (task.halt ? ['halt'] : [])) : ['start']) : [],
      };
    }),
  };
}

type Change = {
  halts: (string | null)[];
  set: (task: repo.TaskRow) => Promise<Parameters<typeof repo.updateCampaignIf>[3]>;
  type: OperType;
  key: LogMessageKey;
  refused: string;
};

/** One halt change, decided by a conditional update, with its operation-log line. */
async function change(deps: Deps, auth: AuthContext, id: number, c: Change): Promise<OtaTask> {
  const { task } = await scopedTask(deps, auth, id);
  const set = await c.set(task);
  await deps.db.transaction(async (tx) => {
    const row = await repo.updateCampaignIf(tx, id, { halts: c.halts }, set);
    if (!row) throw invalid(c.refused);
    await audit(tx, auth, {
      module: 'otaTask',
      type: c.type,
      description: { key: c.key, params: { name: row.name, id } },
    });
  });
  // other consoles watching the task see the halt change too
  raiseOta(deps, { taskId: id, accountId: task.accountId });
  return getTask(deps, auth, id);
}

const byUser = (): OtaHaltReason => ({ by: 'user', at: new Date().toISOString() });

/** Pause: no new offers until resumed; devices already upgrading finish. */
export const pauseTask = (deps: Deps, auth: AuthContext, id: number) =>
  change(deps, auth, id, {
    halts: [null],
    set: async () => ({ halt: 'paused', haltReason: byUser() }),
    type: 'pause',
    key: 'log.otaTask.pause',
    refused: 'error.taskNotRunning',
  });

/** Abort by hand (also a paused task): as a crossed criterion, without the criterion. */
export const abortTask = (deps: Deps, auth: AuthContext, id: number) =>
  change(deps, auth, id, {
    halts: [null, 'paused'],
    set: async () => ({ halt: 'aborted', haltReason: byUser(), status: OtaTaskStatus.ABORTED }),
    type: 'abort',
    key: 'log.otaTask.abort',
    refused: 'error.taskNotRunning',
  });

/**
 * Resume a paused or aborted task. Abort criteria count afresh from now: the failures that
 * crossed one were seen by the person who resumed, and would abort it again at once.
 */
export const resumeTask = (deps: Deps, auth: AuthContext, id: number) =>
  change(deps, auth, id, {
    halts: ['paused', 'aborted'],
    set: async (task) => ({
      halt: null,
      haltReason: null,
      criteriaSince: new Date(),
      status: (await repo.anyOffered(deps.db, task.id)) ? OtaTaskStatus.UPGRADING : OtaTaskStatus.PENDING_PUSH,
    }),
    type: 'resume',
    key: 'log.otaTask.resume',
    refused: 'error.taskNotHalted',
  });

/** A person starts the next phase, which asks for approval, once the current one met its soak and threshold. */
export async function approvePhase(deps: Deps, auth: AuthContext, id: number): Promise<OtaTask> {
  const { task } = await scopedTask(deps, auth, id);
  const waits = promotionWaits(deps, task, await repo.phaseCounts(deps.db, id), new Date());
  if (!waits || !waits.includes('approval')) throw invalid('error.noApprovalPending');
  if (waits.some((w) => w !== 'approval'))
    throw invalid(waits.includes('halt') ? 'error.taskNotRunning' : 'error.phaseNotReady');
  await deps.db.transaction(async (tx) => {
    const row = await repo.updateCampaignIf(
      tx,
      id,
      { halts: [null], phase: task.currentPhase },
      { currentPhase: task.currentPhase + 1, phaseStartedAt: new Date() },
    );
    if (!row) throw invalid('error.noApprovalPending');
    await audit(tx, auth, {
      module: 'otaTask',
      type: 'approve',
      description: { key: 'log.otaTask.approve', params: { name: row.name, id, phase: task.currentPhase + 2 } },
    });
  });
  raiseOta(deps, { taskId: id, accountId: task.accountId });
  return getTask(deps, auth, id);
}
