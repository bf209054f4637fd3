import { ResultCode, type OpenJobAccepted } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { deviceJob, deviceQueue, cancelFromConsole } from '../print-pipeline/control';
import { submitPrint } from '../print-pipeline/service';
import { audit } from '../oper-log/audit';
import { scopedDevice } from './service';
import { testPage } from './test-page';

/**
 * A printer's test page, sent as a normal print job of its account (source 'console'): queued
 * like any other while the printer is offline or paused, rendered for its paper width and print
 * language. The console follows the job (deviceJob) until it ends.
 */
export async function testPrint(deps: Deps, auth: AuthContext, id: number): Promise<OpenJobAccepted> {
  const v = await scopedDevice(deps, auth, id);
  if (v.modelType !== 'printer') throw new AppError(ResultCode.DEVICE_UNSUITABLE, 'error.notPrinter');
  const page = testPage(v.device, v.modelName);
  const accepted = await submitPrint(
    deps,
    v.device.accountId,
    { sn: v.device.sn, content: page.content, params: page.params },
    'console',
  );
  await audit(deps.db, auth, {
    module: 'device',
    type: 'send',
    description: { key: 'log.device.testPrint', params: { sn: v.device.sn, jobId: accepted.jobId } },
  });
  return accepted;
}

/** The device's queue: jobs not finished (0, 1, 2), oldest first. */
export async function queueOf(deps: Deps, auth: AuthContext, id: number) {
  await scopedDevice(deps, auth, id, { deleted: true });
  return deviceQueue(deps, id);
}

export async function jobOf(deps: Deps, auth: AuthContext, id: number, jobId: number) {
  await scopedDevice(deps, auth, id, { deleted: true });
  return deviceJob(deps, id, jobId);
}

/** Cancel from the device's queue view: a job of this device only. */
export async function cancelQueued(deps: Deps, auth: AuthContext, id: number, jobId: number) {
  await scopedDevice(deps, auth, id, { deleted: true });
  return cancelFromConsole(deps, auth, jobId, { deviceId: id });
}
