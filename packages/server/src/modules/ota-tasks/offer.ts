import { PROTOCOL_VERSION, TaskCreationStatus, type ExecutionReason, type OtaOffer } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import * as repo from './repo';
import { downloadInfo, taskTarget, type Target } from './target';

/** Offers sent in one go at most (one tick, one device coming online). */
export const OFFER_CAP = 200;

/** Wait before a retry's offer: a quarter "minute", doubling per attempt, at most ten. */
export const backoffMs = (deps: Deps, attempt: number) =>
  Math.round(deps.config.otaMinuteMs * Math.min(10, 0.25 * 2 ** Math.max(0, attempt - 1)));

/**
 * The current attempt did not work out (device failure, ack refused, deadline, rollback): a new
 * attempt later while the task runs and attempts remain, else the execution ends in `final`. A
 * retry waits for its device at most one more timeout: a device that never comes back to take it
 * is timed out then (see the engine), instead of holding the task open until it expires.
 */
export async function retryOrEnd(
  deps: Deps,
  exec: repo.ExecRow,
  task: Pick<repo.TaskRow, 'creationStatus' | 'retries' | 'timeoutMinutes'>,
  outcome: {
    final: 'failed' | 'timedOut';
    reason: ExecutionReason;
    message?: string | null;
    retryable?: boolean;
    /** only try again later, never end here (a busy device is not a failure of the package) */
    retryOnly?: boolean;
  },
  now = new Date(),
): Promise<boolean> {
  const guard = { from: repo.OFFERED, attempt: exec.attempt };
  const failedEvent = { state: outcome.final, reason: outcome.reason, message: outcome.message ?? null } as const;
  const retry =
    outcome.retryable !== false &&
    task.creationStatus === TaskCreationStatus.IN_PROGRESS &&
    exec.attempt <= task.retries;
  if (retry) {
    const notBefore = new Date(now.getTime() + backoffMs(deps, exec.attempt));
    return repo.transition(
      deps.db,
      exec.id,
      guard,
      {
        state: 'queued',
        reason: outcome.reason,
        message: outcome.message ?? null,
        offerId: null,
        progress: null,
        notBefore,
        deadlineAt: new Date(notBefore.getTime() + task.timeoutMinutes * deps.config.otaMinuteMs),
      },
      outcome.retryOnly
        ? [{ state: 'queued', reason: outcome.reason, message: outcome.message ?? 'retry' }]
        : [failedEvent, { state: 'queued', reason: outcome.reason, message: 'retry' }],
      now,
    );
  }
  if (outcome.retryOnly) return false;
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
 * Offer every due queued execution (of one device, or of all): claim them (queued → offered, next
 * attempt) and publish `down/ota`. Each task's pace limits offers per minute. Returns offers sent.
 */
export async function offerDue(deps: Deps, opts: { deviceId?: number; now?: Date } = {}): Promise<number> {
  const due = await repo.dueOffers(deps.db, opts.now ?? new Date(), OFFER_CAP, opts.deviceId);
  if (!due.length) return 0;
  const byTask = new Map<number, number[]>();
  for (const { exec } of due) byTask.set(exec.taskId, [...(byTask.get(exec.taskId) ?? []), exec.id]);
  const tasks: TaskCache = new Map();
  let sent = 0;
  for (const [taskId, ids] of byTask) {
    // the clock is read per task: a deadline never starts before its offer goes out
    const now = new Date();
    const t = await taskFor(deps, tasks, taskId, now);
    if (!t || t.budget <= 0) continue;
    const { task, target, file } = t;
    const deadline = new Date(now.getTime() + task.timeoutMinutes * deps.config.otaMinuteMs);
    const claimed = await repo.claimOffers(deps.db, taskId, ids.slice(0, t.budget), now, deadline);
    if (!claimed.length) continue;
    sent += claimed.length;
    await repo.markUpgrading(deps.db, taskId);
    const base: Omit<OtaOffer, 'id'> = {
      v: PROTOCOL_VERSION,
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
    await Promise.all(
      claimed.map((c) => {
        const offer: OtaOffer = { ...base, id: c.offerId };
        return deps.gateway.publish(c.sn, 'ota', offer).catch(() => {});
      }),
    );
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
