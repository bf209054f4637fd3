import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PROTOCOL_VERSION, type CommandMessage } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import * as repo from './presence-repo';
import { raisePresence } from '../live/raise';

/**
 * Presence checks, for an external broker, where Herald learns presence only from the devices'
 * messages (docs/device-protocol.md § 4). A message sent while no server process was subscribed
 * (the broker restarted, every node was away) reached nobody, so after such a gap Herald asks
 * the devices (`cmd: presence`): each connected device answers with its online presence, and a
 * device still marked online that has not answered after the grace has gone (its last will was
 * lost with the broker).
 */

/** the reason recorded on a connection closed because its device did not answer a presence check */
export const UNANSWERED = 'no answer to a presence check';
/** how long a presence check is valid for the device (it ignores it later) */
const ASK_TTL_MS = 60_000;
/** a device reporting while marked offline is asked at most this often */
const ASK_AGAIN_MS = 30_000;
const ASKED_MAX = 100_000;
const PAGE = 500;

/** The presence check message; its id is not a UUID, so its ack costs no look-up (device-link/service.ts). */
export function presenceCheck(now = Date.now()): CommandMessage {
  return {
    v: PROTOCOL_VERSION,
    id: `presence-${now.toString(36)}-${randomBytes(4).toString('hex')}`,
    ts: now,
    expireAt: now + ASK_TTL_MS,
    cmd: 'presence',
    params: {},
  };
}

/**
 * A device reported (telemetry, an event) while Herald has it offline: its online message was
 * lost. Ask it to announce itself again; at most once per ASK_AGAIN_MS per device and process.
 */
export async function askPresence(deps: Deps, sn: string, now = Date.now()): Promise<void> {
  // an optimisation only: a repeated ask is harmless
  const asked = deps.deviceLink.presenceAskedAt;
  if (now - (asked.get(sn) ?? -Infinity) < ASK_AGAIN_MS) return;
  // the broker is away: its reconnection asks the whole fleet anyway (gateway/link.ts)
  if (deps.gateway.health?.().ready === false) return;
  if (asked.size >= ASKED_MAX) asked.clear();
  asked.set(sn, now);
  await deps.gateway.publish(sn, 'cmd', presenceCheck(now));
}

/**
 * Ask every device that may be connected, a page at a time, through `publish` (the gateway's
 * own, usable before the gateway is the app's). Returns when the last one was asked, or
 * undefined when stopped.
 */
export async function askFleet(
  deps: Deps,
  publish: (sn: string, message: CommandMessage) => Promise<void>,
  signal: AbortSignal,
): Promise<{ askedAt: Date; asked: number } | undefined> {
  const started = new Date();
  let after = 0;
  let asked = 0;
  for (;;) {
    if (signal.aborted) return undefined;
    const page = await repo.connectableDevices(deps.db, after, PAGE);
    await Promise.all(page.map((d) => publish(d.sn, presenceCheck())));
    asked += page.length;
    if (page.length < PAGE) return { askedAt: started, asked };
    after = page[page.length - 1]!.id;
  }
}

/** Devices still online that did not announce themselves since `askedAt` go offline. */
export async function closeUnanswered(deps: Deps, askedAt: Date, log: FastifyBaseLogger): Promise<void> {
  const closed = await repo.closeUnanswered(deps.db, askedAt, UNANSWERED, new Date());
  for (const d of closed) raisePresence(deps, d, false);
  if (closed.length > 0)
    log.warn({ devices: closed.length }, 'presence check: devices that did not answer are offline');
}

export const heartbeat = (deps: Deps, nodeId: string, since: Date | null) =>
  repo.heartbeat(deps.db, nodeId, since, new Date());
export const heldByAnother = (deps: Deps, nodeId: string, from: Date, until: Date) =>
  repo.heldByAnother(deps.db, nodeId, from, until);
export const forgetOldNodes = (deps: Deps) => repo.forgetOldNodes(deps.db, new Date());
