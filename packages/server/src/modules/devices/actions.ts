import { LOG_UPLOAD_TTL_MS } from '@herald/contract';
import { deviceBaseUrl } from '../../config';
import type { AuthContext } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { audit } from '../oper-log/audit';
import * as commands from '../device-commands/repo';
import { sendCommand, toCommand } from '../device-commands/service';
import * as repo from './repo';
import { scopedDevice, toLog } from './service';

/** Commands that only make sense to a device that is there: refused with 'device not online' otherwise. */

export async function restart(deps: Deps, auth: AuthContext, id: number) {
  const { device } = await scopedDevice(deps, auth, id);
  const commandId = (await sendCommand(deps, auth, device, 'restart', {}, { required: true }))!;
  await audit(deps.db, auth, {
    module: 'device',
    type: 'restart',
    description: { key: 'log.device.restart', params: { sn: device.sn } },
  });
  return { deviceId: id, commandId };
}

/** The device uploads its log to a one-time URL; the file then shows in the device's log list. */
export async function uploadLog(deps: Deps, auth: AuthContext, id: number) {
  const { device } = await scopedDevice(deps, auth, id);
  if (!device.online) throw conflict('error.deviceNotOnline');
  const { url, logId } = await createLogUpload(deps, id);
  const commandId = (await sendCommand(deps, auth, device, 'uploadLog', { url }, { required: true }))!;
  await audit(deps.db, auth, {
    module: 'device',
    type: 'uploadLog',
    description: { key: 'log.device.askLog', params: { sn: device.sn } },
  });
  return { deviceId: id, commandId, logId };
}

export async function getCommand(deps: Deps, auth: AuthContext, id: number, commandId: string) {
  await scopedDevice(deps, auth, id, { deleted: true });
  const c = await commands.findCommand(deps.db, id, commandId);
  if (!c) throw notFound();
  return toCommand(c);
}

export async function listCommands(deps: Deps, auth: AuthContext, id: number) {
  await scopedDevice(deps, auth, id, { deleted: true });
  const now = Date.now();
  return (await commands.recentCommands(deps.db, id, 50)).map((c) => toCommand(c, now));
}

export async function listLogs(deps: Deps, auth: AuthContext, id: number) {
  await scopedDevice(deps, auth, id, { deleted: true });
  const now = Date.now();
  return (await repo.listLogs(deps.db, id)).map((l) => toLog(l, now));
}

export async function logFile(deps: Deps, auth: AuthContext, id: number, logId: number) {
  const { device } = await scopedDevice(deps, auth, id, { deleted: true });
  const f = await repo.findLogFile(deps.db, id, logId);
  if (!f || !f.uploadedAt || !f.content) throw notFound();
  return { fileName: f.fileName ?? `${device.sn}-${logId}.log`, content: f.content };
}

/**
 * A one-time URL the device PUTs its log file to (the uploadLog command's `url`). Valid for
 * LOG_UPLOAD_TTL_MS and for one upload; only the token's hash is stored.
 */
export async function createLogUpload(deps: Deps, deviceId: number): Promise<{ url: string; logId: number }> {
  const token = randomToken(32);
  const logId = await repo.insertLogSlot(deps.db, deviceId, sha256(token), new Date(Date.now() + LOG_UPLOAD_TTL_MS));
  return { url: `${deviceBaseUrl(deps.config)}/device/v1/logs/${token}`, logId };
}
