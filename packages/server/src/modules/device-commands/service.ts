import { randomUUID } from 'node:crypto';
import { commandParams, commandPayload, type CommandName, type DeviceCommand } from '@herald/contract';
import { settledAtMost } from '../../lib/at-most';
import type { Deps } from '../../lib/deps';
import { conflict } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/filters';
import * as repo from './repo';

/**
 * A batch's publishes in flight at once: the embedded broker delivers 1,000 at once before it queues
 * (gateway/embedded.ts), of which the job pipeline takes up to 200 and an OTA tick 200.
 */
const PUBLISH_AT_ONCE = 100;

/** A device ignores a command it receives after this long (it was queued while the link was down). */
export const COMMAND_TTL_MS = 2 * 60 * 1000;

type Target = { id: number; sn: string; accountId: number; online: boolean };

export function toCommand(c: repo.CommandRow, now = Date.now()): DeviceCommand {
  // the device-link marks acks; a command nobody answered in time is reported as expired
  const status = c.status === 'sent' && c.expireAt.getTime() < now ? 'expired' : c.status;
  return {
    id: c.id,
    deviceId: c.deviceId,
    command: c.command as CommandName,
    params: c.params as Record<string, unknown>,
    status: status as DeviceCommand['status'],
    ackCode: c.ackCode,
    ackMessage: c.ackMessage,
    latencyMs: c.latencyMs,
    sentAt: iso(c.sentAt),
    expireAt: iso(c.expireAt),
    ackedAt: isoOrNull(c.ackedAt),
  };
}

/**
 * Send a command over MQTT. The row (status 'sent') is written before publishing, so an ack that
 * arrives at once always finds it; the device-link records the ack. An offline device is refused
 * with 'device not online' when `required`, otherwise skipped (null): state it should have is
 * stored on the device row and is the device's to fetch when it reconnects.
 */
export async function sendCommand<C extends CommandName>(
  deps: Deps,
  /** null: no user (the open API's cancel) */
  auth: { userId: number | null },
  device: Target,
  cmd: C,
  params: Record<string, unknown>,
  opts: { required: boolean },
): Promise<string | null> {
  // an offline device, or one the broker would not take it for (gateway down, or it just went away)
  const [sent] = await sendToOnline(deps, auth, [device], cmd, params);
  if (!sent && opts.required) throw conflict('error.deviceNotOnline');
  return sent?.commandId ?? null;
}

/**
 * Send one command to each device of a batch that is online; returns what was sent. The rows go in
 * one statement and the publishes together, PUBLISH_AT_ONCE at a time: a batch holds up to 500
 * devices, and an insert and a broker round trip per device in turn kept the request for seconds on
 * an external broker. Those the broker would not take are marked failed together.
 */
export async function sendToOnline(
  deps: Deps,
  /** null: no user (as sendCommand) */
  auth: { userId: number | null },
  targets: Target[],
  cmd: CommandName,
  params: Record<string, unknown>,
) {
  const online = targets.filter((d) => d.online);
  if (!online.length) return [];
  const now = Date.now();
  const checked = commandParams[cmd].parse(params);
  const sends = online.map((device) => ({
    device,
    message: commandPayload.parse({
      v: 1,
      id: randomUUID(),
      ts: now,
      expireAt: now + COMMAND_TTL_MS,
      cmd,
      params: checked,
    }),
  }));
  await repo.insertCommands(
    deps.db,
    sends.map(({ device, message }) => ({
      id: message.id,
      deviceId: device.id,
      accountId: device.accountId,
      command: cmd,
      params: message.params,
      status: 'sent',
      sentAt: new Date(now),
      expireAt: new Date(message.expireAt),
      requestedBy: auth.userId,
    })),
  );
  const published = await settledAtMost(sends, PUBLISH_AT_ONCE, ({ device, message }) =>
    deps.gateway.publish(device.sn, 'cmd', message),
  );
  const failed = sends.filter((_, i) => published[i]!.status === 'rejected').map(({ message }) => message.id);
  if (failed.length) await repo.failCommands(deps.db, failed, 'not delivered: device not online');
  return sends
    .filter((_, i) => published[i]!.status === 'fulfilled')
    .map(({ device, message }) => ({ deviceId: device.id, sn: device.sn, commandId: message.id }));
}
