import {
  CANCELLED,
  JobStatus,
  ResultCode,
  type JobKind,
  type OpenJobAccepted,
  type OpenJobView,
  type OpenRecordRequest,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { mustOwnDevice } from '../../lib/data-scope';
import { ownAccount } from '../../lib/scope';
import { sendCommand } from '../device-commands/service';
import { audit } from '../oper-log/audit';
import { keepCancel } from './cancel-pending';
import * as control from './control-repo';
import { flushDevice, notify } from './pipeline';
import * as repo from './repo';
import { resubmit } from './service';
import { toJobView } from './view';

/**
 * Job control: cancel a job still waiting (0 or 1), send a finished one again (reprint), a
 * device's queue. A cancelled job ends as 4 with reason `cancelled` (docs/decisions.md): it is
 * final like any other, so the webhook, the counts and the general request record follow it as
 * they follow a device's report, and the pipeline never sends it again. The device is told to
 * drop it (`cancel` command) in case it holds it already; one that is away hears it when it is
 * back (cancel-pending.ts).
 */

/** Why a job that is not (or no longer) waiting cannot be cancelled. */
function notCancellable(job: repo.JobRow): AppError {
  if (job.status === JobStatus.PUSH_SUCCEEDED) return conflict('error.jobDelivered');
  if (job.status === JobStatus.SUCCESS) return conflict('error.jobDone');
  return conflict('error.jobEnded');
}

const isCancelled = (j: repo.JobRow) => j.status === JobStatus.FAILED && j.reason === CANCELLED;

/**
 * Cancel one job. Idempotent: a job cancelled before answers the same (changed false). The
 * device, when online, gets the `cancel` command whatever it holds: it answers `unknown` for a
 * job it never had (one at 0, or one whose publish was lost) and drops a later copy too.
 */
export async function cancel(
  deps: Deps,
  job: repo.JobRow,
  by: { userId: number | null },
): Promise<{ view: OpenJobView; changed: boolean }> {
  const row = await control.cancelWaiting(deps.db, job.id, job.accountId);
  if (!row) {
    const now = (await control.findJob(deps.db, job.id)) ?? job;
    if (isCancelled(now)) return { view: toJobView(now), changed: false };
    throw notCancellable(now);
  }
  notify(deps, row);
  const device = await repo.findDevice(deps.db, row.accountId, row.sn);
  const told =
    device?.online &&
    (await sendCommand(deps, by, device, 'cancel', { job: row.msgId }, { required: false }).catch(() => null));
  // a job that was sent may be held by a device that did not hear this: it hears it when it is back
  if (!told && row.pushedAt) await keepCancel(deps, row);
  // a cancelled head of the queue leaves no ack to send the next job: it goes out now (not at the next sweep)
  if (device?.online && !device.paused) void flushDevice(deps, device, false);
  return { view: toJobView(row), changed: true };
}

/** POST /open/v1/cancel: a job of the calling account by order id or job id. */
export async function cancelForApi(deps: Deps, accountId: number, q: OpenRecordRequest): Promise<OpenJobView> {
  const job =
    q.orderId !== undefined
      ? await repo.findJobByOrder(deps.db, accountId, q.orderId)
      : await repo.findJobById(deps.db, accountId, q.jobId!);
  if (!job) throw new AppError(ResultCode.NOT_FOUND, 'error.notFound');
  return (await cancel(deps, job, { userId: null })).view;
}

/** The record permission a console action on a job of this kind needs (print, or broadcast for voice). */
export const recordPermission = (kind: string, action: 'cancel' | 'reprint') =>
  `${kind === 'print' ? 'herald.stat.print.rec' : 'herald.stat.broadcast.rec'}.${action}`;

/** A job the console user may act on: their account's (operators: any), of one of `kinds`. */
async function scopedJob(deps: Deps, auth: AuthContext, id: number, kinds?: readonly JobKind[]) {
  const job = await control.findJob(deps.db, id);
  const own = ownAccount(auth);
  if (!job || (own !== undefined && job.accountId !== own)) throw notFound();
  if (kinds && !kinds.includes(job.kind as JobKind)) throw notFound();
  await mustOwnDevice(deps.db, auth, job.deviceId);
  return job;
}

const mayAct = (auth: AuthContext, job: repo.JobRow, action: 'cancel' | 'reprint') => {
  if (!auth.permissions.has(recordPermission(job.kind, action))) throw forbidden();
};

/** The console's cancel (records, a device's queue). `deviceId`: only a job of this device. */
export async function cancelFromConsole(
  deps: Deps,
  auth: AuthContext,
  id: number,
  opts: { kinds?: readonly JobKind[]; deviceId?: number } = {},
): Promise<OpenJobView> {
  const job = await scopedJob(deps, auth, id, opts.kinds);
  if (opts.deviceId !== undefined && job.deviceId !== opts.deviceId) throw notFound();
  mayAct(auth, job, 'cancel');
  const { view, changed } = await cancel(deps, job, auth);
  if (changed)
    await audit(deps.db, auth, {
      module: 'device',
      type: 'cancel',
      description: { key: 'log.job.cancel', params: { jobId: job.id, sn: job.sn } },
    });
  return view;
}

/** Send a finished job again as a new one, linked to it (`reprint_of`). */
export async function reprint(
  deps: Deps,
  auth: AuthContext,
  id: number,
  kinds: readonly JobKind[],
): Promise<OpenJobAccepted> {
  const job = await scopedJob(deps, auth, id, kinds);
  mayAct(auth, job, 'reprint');
  if (job.status < JobStatus.SUCCESS) throw conflict('error.jobNotFinished');
  const accepted = await resubmit(deps, job);
  await control.setReprintOf(deps.db, accepted.jobId, job.id);
  await audit(deps.db, auth, {
    module: 'device',
    type: 'send',
    description: { key: 'log.job.reprint', params: { jobId: job.id, sn: job.sn, newJobId: accepted.jobId } },
  });
  return accepted;
}

/** A device's jobs not finished yet (0 waiting, 1 sent, 2 with the device), oldest first. */
export async function deviceQueue(deps: Deps, deviceId: number): Promise<OpenJobView[]> {
  return (await control.waitingJobs(deps.db, deviceId)).map(toJobView);
}

/** One job of a device (the console follows a test page to its end). */
export async function deviceJob(deps: Deps, deviceId: number, jobId: number): Promise<OpenJobView> {
  const job = await control.findJob(deps.db, jobId);
  if (!job || job.deviceId !== deviceId) throw notFound();
  return toJobView(job);
}
