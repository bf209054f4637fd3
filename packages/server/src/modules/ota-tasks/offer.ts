import {
  PROTOCOL_VERSION,
  TaskCreationStatus,
  type ExecutionReason,
  type OtaOffer,
  type OtaOfferWindow,
} from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { unmetMinimum } from './evaluate';
import { deviceTimeZone, insideWindow } from './offer-window';
import * as repo from './repo';
import { raiseOta } from '../live/raise';
import { downloadInfo, taskTarget, type Target } from './target';

/** Queued executions of a task with an offer window looked at per tick, for those inside their window. */
const WINDOW_LOOKAHEAD = 5_000;

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
    return announced(
      deps,
      exec,
      repo.transition(
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
      ),
    );
  }
  if (outcome.retryOnly) return false;
  return announced(
    deps,
    exec,
    repo.transition(
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
    ),
  );
}

/** An execution that moved: its task's page hears of it (live console). */
async function announced(deps: Deps, exec: repo.ExecRow, moved: Promise<boolean>): Promise<boolean> {
  if (await moved) raiseOta(deps, { taskId: exec.taskId, accountId: exec.accountId });
  return moved;
}

/** What a task offers: its package and the file's download details. */
type Offering = {
  task: repo.TaskHead;
  target: Target;
  file: NonNullable<Awaited<ReturnType<typeof downloadInfo>>>;
};

/**
 * Offer every due queued execution (of one device, or of all): claim them (queued → offered, next
 * attempt) and publish `down/ota`. Each task's pace limits offers per minute. Returns offers sent.
 */
export async function offerDue(
  deps: Deps,
  opts: { deviceId?: number; accountId?: number; now?: Date } = {},
): Promise<number> {
  let sent = 0;
  // task by task, each within its own pace, so a slow-paced task never starves the others
  for (const live of await repo.liveTasks(deps.db, { accountId: opts.accountId, inProgress: true })) {
    if (sent >= OFFER_CAP) break;
    // the clock is read per task: a deadline never starts before its offer goes out
    const now = new Date();
    const task = live;
    // paused or aborted: no new offers (those already out run to their end)
    if (task.halt) continue;
    const budget = await paceBudget(deps, task, now);
    if (budget <= 0) continue;
    const limit = Math.min(budget, OFFER_CAP - sent);
    const window = task.offerWindow as OtaOfferWindow | null;
    // with a window, devices outside theirs are passed over: look further so they do not starve the others
    const rows = await repo.dueOffers(deps.db, opts.now ?? now, window ? WINDOW_LOOKAHEAD : limit, {
      taskId: task.id,
      deviceId: opts.deviceId,
      maxPhase: task.currentPhase,
    });
    const due = window
      ? rows.filter((d) => insideWindow(window, deviceTimeZone(d), opts.now ?? now)).slice(0, limit)
      : rows;
    if (!due.length) continue;
    // package and signed URL only when there is something to offer (this runs every tick)
    const target = await taskTarget(deps.db, task);
    // package or file gone: its executions wait (queued) for the task's expiry
    const file = target && (await downloadInfo(deps, target.fileId));
    if (!target || !file) continue;
    const ready = await skipUnmet(deps, task, target, due, now);
    if (!ready.length) continue;
    const deadline = new Date(now.getTime() + task.timeoutMinutes * deps.config.otaMinuteMs);
    const claimed = await repo.claimOffers(
      deps.db,
      task.id,
      ready.map((d) => d.id),
      now,
      deadline,
    );
    if (!claimed.length) continue;
    sent += claimed.length;
    await repo.markUpgrading(deps.db, task.id);
    raiseOta(deps, { taskId: task.id, accountId: task.accountId });
    // a lost publish is sent again (resendUnanswered), and caught by the deadline at the latest
    await publishOffers(
      deps,
      { task, target, file },
      claimed.map((c) => ({ sn: c.sn, offerId: c.offerId, expireAt: deadline })),
      now,
    );
  }
  return sent;
}

/**
 * Due executions whose device does not meet the package's declared minimum of its other slot
 * (evaluate.ts unmetMinimum) are skipped with the reason, as at creation; the others are returned.
 */
async function skipUnmet(
  deps: Deps,
  task: repo.TaskHead,
  target: Target,
  due: Awaited<ReturnType<typeof repo.dueOffers>>,
  now: Date,
) {
  if (!target.minFirmwareVersion && !target.minLanguagePackVersion) return due;
  const ready: typeof due = [];
  let skipped = 0;
  for (const d of due) {
    const reason = unmetMinimum(d, target);
    if (!reason) {
      ready.push(d);
      continue;
    }
    const moved = await repo.transition(
      deps.db,
      d.id,
      { from: ['queued'] },
      { state: 'skipped', reason, deadlineAt: null, notBefore: null, finishedAt: now },
      [{ state: 'skipped', reason }],
      now,
    );
    if (moved) skipped++;
  }
  if (skipped) raiseOta(deps, { taskId: task.id, accountId: task.accountId });
  return ready;
}

/** How long an offer may go unanswered before it is sent again: half a "minute", at most 30 s. */
export const resendAfterMs = (deps: Deps) => Math.min(30_000, Math.round(deps.config.otaMinuteMs / 2));

/**
 * Offers no device answered (neither ack nor progress) are published again with the same id: a
 * device that connected just before it subscribed, or a message the broker lost, would otherwise
 * wait for the whole timeout and spend an attempt on nothing.
 */
export async function resendUnanswered(deps: Deps, now = new Date()): Promise<number> {
  let sent = 0;
  const before = new Date(now.getTime() - resendAfterMs(deps));
  for (const live of await repo.liveTasks(deps.db, { inProgress: true })) {
    if (sent >= OFFER_CAP) break;
    const again = await repo.claimUnanswered(deps.db, live.id, before, now, OFFER_CAP - sent);
    if (!again.length) continue;
    sent += again.length;
    const target = await taskTarget(deps.db, live);
    // package or file gone: nothing to send; the deadline ends the attempt
    const file = target && (await downloadInfo(deps, target.fileId));
    if (!target || !file) continue;
    await publishOffers(
      deps,
      { task: live, target, file },
      again.map((c) => ({ sn: c.sn, offerId: c.offerId, expireAt: c.deadlineAt })),
      now,
    );
  }
  return sent;
}

/** Publish `down/ota` offers of one task; a failed publish is left to the re-send and the deadline. */
async function publishOffers(
  deps: Deps,
  o: Offering,
  sends: { sn: string; offerId: string; expireAt: Date }[],
  now: Date,
): Promise<void> {
  const { task, target, file } = o;
  await Promise.all(
    sends.map((c) => {
      const offer: OtaOffer = {
        v: PROTOCOL_VERSION,
        id: c.offerId,
        ts: now.getTime(),
        expireAt: c.expireAt.getTime(),
        kind: target.kind,
        name: target.name,
        version: target.version,
        ...(target.split && target.baseVersion ? { baseVersion: target.baseVersion } : {}),
        ...file,
        timeoutMinutes: task.timeoutMinutes,
      };
      return deps.gateway.publish(c.sn, 'ota', offer).catch(() => {});
    }),
  );
}

/** How many more offers a task's pace allows this minute (no pace: no limit). */
async function paceBudget(deps: Deps, task: repo.TaskHead, now: Date): Promise<number> {
  if (!task.pace) return Infinity;
  return task.pace - (await repo.offersSince(deps.db, task.id, new Date(now.getTime() - deps.config.otaMinuteMs)));
}
