import type { CommandMessage, PrintParams } from '@herald/contract';
import type { Connection } from './connection';
import type { DeviceContext } from './context';
import type { Jobs } from './jobs';
import { uploadLog } from './log-upload';
import type { Answer } from './types';

/** What commands act on besides the device's state. */
export type CommandDeps = {
  ctx: DeviceContext;
  jobs: Jobs;
  connection: Connection;
  logFile: () => string;
};

/** Carry out one command (params already checked against the contract); a restart happens after its ack. */
export async function execute(d: CommandDeps, cmd: CommandMessage, params: Record<string, unknown>): Promise<Answer> {
  const s = d.ctx.state;
  switch (cmd.cmd) {
    case 'restart':
      return { code: 'ok' };
    case 'pause':
      s.paused = true;
      return { code: 'ok', data: { paused: true } };
    case 'resume':
      s.paused = false;
      setImmediate(() => void d.jobs.work());
      return { code: 'ok', data: { paused: false } };
    case 'setPrintParams':
      s.printParams = params as PrintParams;
      s.volume = s.printParams.volume;
      return { code: 'ok' };
    case 'setVolume':
      s.volume = params.volume as number;
      return { code: 'ok', data: { volume: s.volume } };
    case 'mute':
      s.muted = true;
      s.mutedUntil = params.until as number;
      return { code: 'ok', data: { mutedUntil: s.mutedUntil } };
    case 'unmute':
      s.muted = false;
      s.mutedUntil = null;
      return { code: 'ok' };
    case 'qrSwitch':
      s.qr = { enabled: params.enabled as boolean, password: params.password as string | undefined };
      return { code: 'ok', data: { enabled: s.qr.enabled } };
    case 'uploadLog':
      return uploadLog(params.url as string, d.ctx.sn, d.logFile());
    case 'presence':
      // after the ack: Herald learns the device is there from the presence message itself
      setImmediate(() => void d.connection.announce().catch(() => {}));
      return { code: 'ok' };
    case 'cancel':
      return { code: 'ok', data: { outcome: d.jobs.cancel(params.job as string) } };
  }
}

/** Restart: orderly disconnect, a pause, reconnect, and a boot event. */
export async function restart(d: CommandDeps): Promise<void> {
  await d.connection.disconnect('restart');
  d.connection.comeBack(d.ctx.opts.restartDelayMs);
}
