import { setTimeout as sleep } from 'node:timers/promises';
import type { MqttClient, IPublishPacket } from 'mqtt';
import { writeToStream } from 'mqtt-packet';
import type { FastifyBaseLogger } from 'fastify';
import { topics, type UpKind } from '@herald/contract';

/** handed to MQTT.js instead of a reason code: "no PUBACK now" (see `onQos1`) */
export const HELD = new Error('PUBACK held until the uplink is stored');

/** A failed write is tried again after ~250 ms, then twice as long each time up to ~30 s... */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;
/** ...until the message is 5 minutes old: then it is answered and dropped, so it cannot come back forever */
const GIVE_UP_MS = 5 * 60_000;
/**
 * QoS 0 messages (telemetry: a device's latest state, which it sends again soon) in work at once,
 * beyond which new ones are dropped: without it a database that falls behind would gather them
 * in memory without end. QoS 1 is bounded by the receive maximum the server asks of the broker.
 */
const QOS0_MAX_IN_WORK = 10_000;
const DROP_LOG_EVERY_MS = 60_000;
/** ±25 %: messages that failed together (a database outage) do not all come back in the same instant */
const jitter = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

export type Uplink = { sn: string; kind: UpKind };

type Handle = (uplink: Uplink, payload: Buffer, arrivedAt: number) => Promise<void>;

/**
 * The server's intake of device messages from an external broker. A QoS 1 message is answered
 * (PUBACK) only once Herald has stored what it says, as the embedded broker does: a server that
 * stops before that leaves it unanswered, and the broker sends it again to the next start of a
 * kept session (MQTT_CLIENT_ID).
 *
 * MQTT.js answers a message before its 'message' event, and with `customHandleAcks` it reads the
 * next packet only after the ack callback: holding the callback would store one message at a
 * time. So the callback gets HELD (MQTT.js sends no PUBACK, emits HELD as an 'error' and reads
 * on) and the PUBACK is written here, with mqtt-packet, when the work is done.
 *
 * A write that fails is tried again in this process with a growing pause: the other messages go
 * on meanwhile, unlike a reconnect, which would make the broker send every unanswered message
 * again (and a clean session would lose them).
 */
export function uplinkIntake(
  client: () => MqttClient,
  handle: Handle,
  log: FastifyBaseLogger,
  { qos0MaxInWork = QOS0_MAX_IN_WORK } = {},
) {
  // A kept session hands over queued uplink right after CONNACK, before the gateway is the
  // app's deps.gateway (a device's "online" sends its queued jobs through it): work waits for open().
  let opened!: () => void;
  const gate = new Promise<void>((r) => (opened = r));
  const stopping = new AbortController();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  /**
   * Work under way by message id. After a reconnect to a kept session the broker sends the
   * unanswered messages again, with their ids, while their first work may still be running:
   * such a copy waits for that work instead of storing the message a second time.
   */
  const inFlight = new Map<number, Promise<boolean>>();
  let qos0InWork = 0;
  const dropped = { count: 0, loggedAt: -Infinity };

  /** Store one message; true when it is to be answered (stored, or given up), false when left for the next start. */
  const store = async (u: Uplink, payload: Buffer, topic: string): Promise<boolean> => {
    const arrivedAt = Date.now();
    await gate;
    // a server that stops before it was ever open (its start failed) stores nothing
    if (stopping.signal.aborted) return false;
    for (let wait = RETRY_FIRST_MS, tries = 1; ; wait = Math.min(wait * 2, RETRY_MAX_MS), tries++) {
      const failed = await handle(u, payload, arrivedAt).then(
        () => undefined,
        (err: unknown) => ({ err }),
      );
      if (!failed) {
        if (tries > 1) log.info({ topic, tries }, 'uplink stored after failed tries');
        return true;
      }
      const { err } = failed;
      if (stopping.signal.aborted) {
        log.warn({ err, topic }, 'uplink not stored when the server stopped: left for the broker to send again');
        return false;
      }
      const left = GIVE_UP_MS - (Date.now() - arrivedAt);
      if (left <= 0) {
        log.error({ err, topic, tries }, 'uplink dropped: not stored within 5 minutes');
        return true;
      }
      // the first failure is an error; the tries after it would repeat it for every message held
      // in an outage (tens of thousands), so they are logged only when debugging
      if (tries === 1) log.error({ err, topic }, 'uplink not stored: trying again');
      else log.debug({ err, topic, tries }, 'uplink still not stored: trying again');
      const stopped = await sleep(Math.min(jitter(wait), left), false, { signal: stopping.signal }).catch(() => true);
      if (stopped) return false;
    }
  };

  const puback = (stream: MqttClient['stream'], messageId: number) => {
    const c = client();
    // an answer on a connection that is gone is lost with it: the broker sends the message again
    if (c.connected && c.stream === stream && !stream.destroyed)
      writeToStream({ cmd: 'puback', messageId }, stream, { protocolVersion: 5 });
  };

  return {
    /** MQTT.js's customHandleAcks: QoS 1 messages */
    onQos1(topic: string, payload: Buffer, packet: IPublishPacket, done: (e: Error | number) => void) {
      const u = topics.parseUplink(topic);
      if (!u) return done(0);
      // not answered: a kept session gets it again at the next start
      if (stopping.signal.aborted) return done(HELD);
      const id = packet.messageId!;
      const stream = client().stream;
      let work = inFlight.get(id);
      if (!work) {
        const w = store(u, payload, topic);
        inFlight.set(id, w);
        work = w;
      }
      const mine = work;
      track(
        mine.then((answer) => {
          // forgotten (answered or left for the next start) before the answer frees the id at the
          // broker, which may then reuse it
          if (inFlight.get(id) === mine) inFlight.delete(id);
          if (answer) puback(stream, id);
        }),
      );
      done(HELD);
    },
    /** MQTT.js's 'message' event: QoS 0 (telemetry) has no answer to hold */
    onQos0(topic: string, payload: Buffer, packet: IPublishPacket) {
      const u = packet.qos === 0 && !stopping.signal.aborted ? topics.parseUplink(topic) : null;
      if (!u) return;
      const arrivedAt = Date.now();
      if (qos0InWork >= qos0MaxInWork) {
        dropped.count++;
        if (arrivedAt - dropped.loggedAt >= DROP_LOG_EVERY_MS) {
          log.warn({ dropped: dropped.count, inWork: qos0InWork }, 'telemetry dropped: the database is behind');
          dropped.count = 0;
          dropped.loggedAt = arrivedAt;
        }
        return;
      }
      qos0InWork++;
      track(
        gate
          .then(() => (stopping.signal.aborted ? undefined : handle(u, payload, arrivedAt)))
          .catch((err: unknown) => log.error({ err, topic }, 'uplink handling failed'))
          .finally(() => qos0InWork--),
      );
    },
    /**
     * At each CONNACK, before any message of the new connection (MQTT.js's 'packetreceive'; its
     * 'connect' comes later): a new session reuses message ids, so the old session's are forgotten.
     */
    onConnect(sessionPresent: boolean) {
      if (!sessionPresent) inFlight.clear();
    },
    /** Let work start: the gateway is in place. */
    open: () => setImmediate(opened),
    /** Take nothing new, stop retrying, and wait for the work under way. */
    async close() {
      stopping.abort();
      opened(); // work that never started ends at once, storing nothing
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
