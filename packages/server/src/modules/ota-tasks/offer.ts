import { PROTOCOL_VERSION, TaskCreationStatus, type ExecutionReason, type OtaOffer } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import * as repo from './repo';
import { downloadInfo, taskTarget, type Target } from './target';

/** Offers sent in one go at most (one tick, one device coming online). */
export const OFFER_CAP = 200;

/** Wait before a retry's offer: a quarter "minute", doubling per attempt, at most ten. */
export const backoffMs = (deps: Deps, attempt: number) =>
  Math.round(deps.config.otaMinuteMs * Math.min(10, 0.25 * 2 ** Math.max(0, attempt - 1)));

export const offerIdOf = (executionId: number, attempt: number) => `ota-${executionId}-${attempt}`;

/**
 * The current attempt did not work out (device failure, ack refused, deadline, rollback): a new
 * attempt later while the task runs and attempts remain, else the execution ends in `final`.
 * A timed-out device that is offline gets no retry: it is not there to take one.
 */
export async function retryOrEnd(
  deps: Deps,
  exec: repo.ExecRow,
  task: Pick<repo.TaskRow, 'creationStatus' | 'retries'>,
  outcome: { final: 'failed' | 'timedOut'; reason: ExecutionReason; message?: string | null; retryable?: boolean },
  now = new Date(),
): Promise<repo.ExecRow | undefined> {
  const guard = { from: repo.OFFERED, attempt: exec.attempt };
  const failedEvent = { state: outcome.final, reason: outcome.reason, message: outcome.message ?? null } as const;
  const retry =
    outcome.retryable !== false &&
    task.creationStatus === TaskCreationStatus.IN_PROGRESS &&
    exec.attempt <= task.retries;
  if (retry) {
    return repo.transition(
      deps.db,
      exec.id,
      guard,
      {
        state: 'queued',
        reason: outcome.reason,
        message: outcome.message ?? null,
        offerId: null,
        deadlineAt: null,
        progress: null,
        notBefore: new Date(now.getTime() + backoffMs(deps, exec.attempt)),
      },
      [failedEvent, { state: 'queued', reason: outcome.reason, message: 'retry' }],
      now,
    );
  }
  return repo.transition(
    deps.db,
    exec.id,
    guard,
    {
      state: outcome.final,
      reason: outcome.reason,
      message: outcome.message ?? null,
      deadlineAt: null,
      finishedAt: now,
    },
    [failedEvent],
    now,
  );
}

type Offerable = {
  task: repo.TaskRow;
  target: Target;
  file: NonNullable<Awaited<ReturnType<typeof downloadInfo>>>;
  budget: number;
};
type TaskCache = Map<number, Offerable | null>;

/**
 * Offer every due queued execution (of one device, or of all): claim it (queued → offered, next
 * attempt) and publish `down/ota`. Each task's pace limits offers per minute. Returns offers sent.
 */
export async function offerDue(deps: Deps, opts: { deviceId?: number; now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await repo.dueOffers(deps.db, now, OFFER_CAP, opts.deviceId);
  if (!due.length) return 0;
  const tasks: TaskCache = new Map();
  let sent = 0;
  for (const { exec, sn } of due) {
    const t = await taskFor(deps, tasks, exec.taskId, now);
    if (!t || t.budget <= 0) continue;
    const { task, target, file } = t;
    const attempt = exec.attempt + 1;
    const offerId = offerIdOf(exec.id, attempt);
    const deadline = new Date(now.getTime() + task.timeoutMinutes * deps.config.otaMinuteMs);
    const claimed = await repo.transition(
      deps.db,
      exec.id,
      { from: ['queued'], attempt: exec.attempt },
      {
        state: 'offered',
        attempt,
        offerId,
        offeredAt: now,
        deadlineAt: deadline,
        notBefore: null,
        progress: null,
        reason: null,
        message: null,
      },
      [{ state: 'offered' }],
      now,
    );
    if (!claimed) continue;
    t.budget--;
    sent++;
    await repo.markUpgrading(deps.db, task.id);
    const offer: OtaOffer = {
      v: PROTOCOL_VERSION,
      id: offerId,
      ts: now.getTime(),
      expireAt: deadline.getTime(),
      kind: target.kind,
      name: target.name,
      version: target.version,
      ...(target.split && target.baseVersion ? { baseVersion: target.baseVersion } : {}),
      ...file,
      timeoutMinutes: task.timeoutMinutes,
    };
    // a lost publish is caught by the deadline like a silent device
    await deps.gateway.publish(sn, 'ota', offer).catch(() => {});
  }
  return sent;
}

async function taskFor(deps: Deps, cache: TaskCache, taskId: number, now: Date) {
  if (!cache.has(taskId)) {
    const task = await repo.findTask(deps.db, taskId);
    const target = task && task.creationStatus === TaskCreationStatus.IN_PROGRESS && (await taskTarget(deps.db, task));
    // package or file gone: its executions wait (queued) for the task's expiry
    const file = target && (await downloadInfo(deps, target.fileId));
    if (!task || !target || !file) cache.set(taskId, null);
    else {
      const used = task.pace
        ? await repo.offersSince(deps.db, taskId, new Date(now.getTime() - deps.config.otaMinuteMs))
        : 0;
      cache.set(taskId, { task, target, file, budget: task.pace ? task.pace - used : Infinity });
    }
  }
  return cache.get(taskId);
}
