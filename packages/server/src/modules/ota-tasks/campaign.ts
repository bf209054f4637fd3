import {
  formatMessage,
  OtaTaskStatus,
  type OtaAbortCriterion,
  type OtaAbortKind,
  type OtaHaltReason,
  type OtaPhase,
  type OtaPhaseWait,
} from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { audit } from '../oper-log/audit';
import { alertAbort } from './abort-alert';
import * as repo from './repo';
import { raiseOta, raiseUnread } from '../live/raise';

export const phasesOf = (task: repo.TaskHead) => (task.phases ?? []) as OtaPhase[];
export const criteriaOf = (task: repo.TaskHead) => (task.abortCriteria ?? []) as OtaAbortCriterion[];

type Finished = Awaited<ReturnType<typeof repo.finishedCounts>>;

const countOf = (kind: OtaAbortKind, c: Finished) => (kind === 'any' ? c.failed + c.timedOut + c.rolledBack : c[kind]);

/** The first criterion the finished executions cross, with the counts that crossed it. */
export function crossed(criteria: OtaAbortCriterion[], c: Finished) {
  const finished = c.succeeded + c.failed + c.timedOut + c.rolledBack;
  for (const k of criteria) {
    const count = countOf(k.kind, c);
    if (finished >= k.minFinished && count * 100 >= k.percent * finished) return { ...k, count, finished };
  }
  return undefined;
}

/** A phase's devices that count for its success rate: neither skipped nor cancelled. */
export function phaseRate(counts: Record<string, number> | undefined) {
  const m = counts ?? {};
  const total = Object.entries(m)
    .filter(([s]) => s !== 'skipped' && s !== 'cancelled')
    .reduce((a, [, n]) => a + n, 0);
  const succeeded = m.succeeded ?? 0;
  return { total, succeeded, rate: total ? (succeeded * 100) / total : 0 };
}

/**
 * What the current phase still waits for before the next one starts: its soak time, its success
 * threshold, a person's approval of the next phase. Empty: it may be promoted now. Undefined for
 * the last phase (nothing to promote to).
 */
export function promotionWaits(
  deps: Deps,
  task: repo.TaskHead,
  counts: Map<number, Record<string, number>>,
  now: Date,
): OtaPhaseWait[] | undefined {
  const phases = phasesOf(task);
  const p = task.currentPhase;
  if (p >= phases.length - 1) return undefined;
  const phase = phases[p]!;
  const waits: OtaPhaseWait[] = [];
  if (task.halt) waits.push('halt');
  const started = task.phaseStartedAt ?? task.startedAt;
  if (!started || now.getTime() < started.getTime() + phase.soakMinutes * deps.config.otaMinuteMs) waits.push('soak');
  if (phaseRate(counts.get(p)).rate < phase.successThreshold) waits.push('threshold');
  if (phases[p + 1]!.approval) waits.push('approval');
  return waits;
}

/**
 * Each tick, for every phased or guarded task still offering: abort it when its finished
 * executions cross a criterion, else promote its phase when the soak, the threshold (and no
 * approval) allow. Both are conditional updates, so of several server processes one decides.
 * A task with criteria and nothing active left is ended here, not by the tick's end of done tasks:
 * its devices may all have finished since the last tick, and its final counts are judged as it
 * ends. Returns the tasks it ended.
 */
export async function guardCampaigns(deps: Deps, now: Date): Promise<number[]> {
  const ended: number[] = [];
  for (const task of await repo.guardedTasks(deps.db)) {
    const criteria = criteriaOf(task);
    if (criteria.length) {
      const counts = await repo.finishedCounts(deps.db, task.id, task.criteriaSince);
      const hit = crossed(criteria, counts);
      if (hit) {
        await deps.db.transaction((tx) => abortByCriterion(deps, tx, task, hit, now, { ended: false }));
        announceAbort(deps, task);
        continue;
      }
      if (!counts.active) {
        if (await endJudged(deps, task, now)) ended.push(task.id);
        continue;
      }
    }
    if (phasesOf(task).length < 2) continue;
    const waits = promotionWaits(deps, task, await repo.phaseCounts(deps.db, task.id), now);
    if (waits && !waits.length) {
      const promoted = await repo.updateCampaignIf(
        deps.db,
        task.id,
        { halts: [null], phase: task.currentPhase },
        { currentPhase: task.currentPhase + 1, phaseStartedAt: now },
      );
      if (promoted) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
    }
  }
  return ended;
}

/**
 * Ends a guarded task with nothing active left and judges its final counts in the same
 * transaction: crossing a criterion, it ends aborted and its owner is told, as when the guard
 * caught it in flight. False when it was not ended (a device joined, another process ended it).
 */
async function endJudged(deps: Deps, task: repo.TaskHead, now: Date): Promise<boolean> {
  const end = await deps.db.transaction(async (tx) => {
    const [id] = await repo.finishDoneTasks(tx, now, { taskId: task.id });
    if (id === undefined) return { ended: false, aborted: false };
    const hit = crossed(criteriaOf(task), await repo.finishedCounts(tx, task.id, task.criteriaSince));
    if (hit) await abortByCriterion(deps, tx, task, hit, now, { ended: true });
    return { ended: true, aborted: !!hit };
  });
  if (end.aborted) announceAbort(deps, task);
  return end.ended;
}

/** The task's page and its owner's unread badge hear of an abort (whichever process made it). */
function announceAbort(deps: Deps, task: repo.TaskHead): void {
  raiseOta(deps, { taskId: task.id, accountId: task.accountId });
  raiseUnread(deps, task.accountId);
}

/** The task stops offering at once (in `tx`); its owner is told in-app and the log says why. */
async function abortByCriterion(
  deps: Deps,
  tx: Db,
  task: repo.TaskHead,
  hit: OtaAbortCriterion & { count: number; finished: number },
  now: Date,
  at: { ended: boolean },
): Promise<void> {
  const reason: OtaHaltReason = {
    by: 'criterion',
    kind: hit.kind,
    percent: hit.percent,
    minFinished: hit.minFinished,
    count: hit.count,
    finished: hit.finished,
    at: now.toISOString(),
  };
  // an ended task keeps the status its end gave it (failed), as one aborted in flight gets when it ends
  const row = await repo.updateCampaignIf(
    tx,
    task.id,
    { halts: [null], ended: at.ended },
    at.ended
      ? { halt: 'aborted', haltReason: reason }
      : { halt: 'aborted', haltReason: reason, status: OtaTaskStatus.ABORTED },
  );
  // another process aborted (or a person paused) it first
  if (!row) return;
  const params = { name: task.name, id: task.id, count: hit.count, finished: hit.finished, percent: hit.percent };
  await audit(
    tx,
    { userId: null, username: '', accountId: task.accountId, ip: '' },
    {
      module: 'otaTask',
      type: 'abort',
      description: {
        key: 'log.otaTask.autoAbort',
        params: { ...params, kind: formatMessage(`ota.abortKind.${hit.kind}`, 'en_US') },
      },
    },
  );
  if (task.createdBy === null) return;
  const say = (key: string, locale: 'zh_CN' | 'en_US') =>
    formatMessage(key, locale, {
      ...params,
      kind: formatMessage(`ota.abortKind.${hit.kind}`, locale),
      rate: Math.round((hit.count * 1000) / hit.finished) / 10,
    });
  const words = {
    title: { zh_CN: say('ota.abortedTitle', 'zh_CN'), en_US: say('ota.abortedTitle', 'en_US') },
    content: { zh_CN: say('ota.abortedContent', 'zh_CN'), en_US: say('ota.abortedContent', 'en_US') },
  };
  await repo.messageUser(tx, task.createdBy, words, now);
  await alertAbort(deps, tx, task, words, reason, now);
}
