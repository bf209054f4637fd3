import { setTimeout as sleep } from 'node:timers/promises';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { QOS, topics } from '@herald/contract';
import type { Deps } from '../lib/deps';
import * as presence from '../modules/device-link/presence-check';

/** how often a subscribed node says so in gateway_nodes */
const HEARTBEAT_MS = 2_000;

/**
 * The server's link to an external broker, kept whole across the broker's restarts and
 * failovers and the server's own reconnects:
 *
 * - at every connection it subscribes again, whatever the broker says it kept (Mosquitto
 *   restored neither a kept session's shared subscription nor, with a clean session, anything);
 * - while no subscription holds, the device messages sent meanwhile reached nobody (or another
 *   node): unless another node's subscription held throughout (gateway_nodes), it asks every
 *   device for its presence and, after a grace, takes offline the devices that did not answer
 *   (their last wills were lost with the broker);
 * - the jobs whose messages or answers were lost are sent again from their rows by the
 *   pipeline's sweep (modules/print-pipeline/pipeline.ts), so nothing here re-sends anything;
 * - it says whether it is ready (readiness) and logs each loss and recovery at warn.
 */
export function brokerLink(
  deps: Deps,
  client: MqttClient,
  opts: { nodeId: string; log: FastifyBaseLogger; graceMs: number; onResubscribed?: () => void },
) {
  const { nodeId, log } = opts;
  const kept = new Set<string>([topics.sharedServerUplink]);
  let subscribedSince: Date | null = null;
  /** when the last subscription ended (the start, for the first) */
  let lostAt = new Date();
  let lostLogged = false;
  let closed = false;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  /** the presence check of the current connection, stopped when the connection ends */
  let check: AbortController | undefined;
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));

  let first: { resolve: () => void; reject: (err: unknown) => void };
  const firstSubscription = new Promise<void>((resolve, reject) => (first = { resolve, reject }));
  let subscribedOnce = false;

  const beat = () =>
    presence
      .heartbeat(deps, nodeId, subscribedSince)
      .catch((err: unknown) => log.warn({ err }, 'gateway heartbeat not recorded'));

  async function subscribe(): Promise<void> {
    const stream = client.stream;
    try {
      const granted = await client.subscribeAsync([...kept], { qos: 1 });
      const refused = granted.filter((g) => g.qos >= 0x80);
      if (refused.length > 0) throw new Error(`the broker refused ${refused.map((g) => g.topic).join(', ')}`);
    } catch (err) {
      if (!subscribedOnce) return first.reject(err);
      // the connection is no use without its uplink: drop it, MQTT.js connects again
      log.error({ err }, 'external broker: subscribing again failed; reconnecting');
      if (client.stream === stream) stream.destroy();
      return;
    }
    if (closed || client.stream !== stream || !client.connected) return;
    const since = new Date();
    subscribedSince = since;
    if (subscribedOnce) {
      log.warn({ down: since.getTime() - lostAt.getTime() }, 'external broker: subscribed again');
      opts.onResubscribed?.();
    }
    subscribedOnce = true;
    lostLogged = false;
    first.resolve();
    clearInterval(heartbeatTimer);
    heartbeatTimer = setInterval(() => void beat(), HEARTBEAT_MS);
    heartbeatTimer.unref();
    await beat();
    check = new AbortController();
    void checkPresence(lostAt, since, check.signal).catch((err: unknown) =>
      log.error({ err }, 'external broker: presence check failed'),
    );
  }

  /** Ask the fleet for presence unless another node heard the devices while this one did not. */
  async function checkPresence(from: Date, since: Date, signal: AbortSignal): Promise<void> {
    await open;
    // another node's heartbeat after this subscription began: one interval and a half
    await sleep(HEARTBEAT_MS * 1.5, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    if (await presence.heldByAnother(deps, nodeId, from, since)) {
      log.info('external broker: another node heard the devices meanwhile; no presence check');
      return;
    }
    const publish = async (sn: string, message: object) => {
      if (client.connected)
        await client.publishAsync(topics.down(sn, 'cmd'), JSON.stringify(message), { qos: QOS.cmd });
    };
    const asked = await presence.askFleet(deps, publish, signal);
    if (!asked) return;
    log.info({ devices: asked.asked }, 'external broker: asked the devices for their presence');
    await sleep(opts.graceMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    await presence.closeUnanswered(deps, asked.askedAt, log);
  }

  function down(): void {
    check?.abort();
    check = undefined;
    clearInterval(heartbeatTimer);
    if (subscribedSince) {
      subscribedSince = null;
      lostAt = new Date();
      void beat();
    }
    if (!lostLogged && !closed) {
      lostLogged = true;
      log.warn('external broker: connection lost; device messages are not heard until it is back');
    }
  }

  client.on('connect', () => void subscribe());
  client.on('close', down);
  void presence.forgetOldNodes(deps).catch(() => undefined);

  return {
    /** resolves once the first connection's subscriptions are granted; rejects when refused */
    firstSubscription,
    /** keep a subscription made elsewhere (dynamic security's answers) across reconnections */
    keep: (topic: string) => kept.add(topic),
    /** the gateway is the app's now: presence checks may begin */
    open: () => opened(),
    health(): { ready: boolean; detail?: string } {
      if (!client.connected) return { ready: false, detail: 'not connected to the external MQTT broker' };
      if (!subscribedSince) return { ready: false, detail: 'not subscribed to device uplink yet' };
      return { ready: true };
    },
    close(): void {
      closed = true;
      down();
      subscribedSince = null;
    },
  };
}
