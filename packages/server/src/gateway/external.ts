import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { writeToStream } from 'mqtt-packet';
import type { FastifyBaseLogger } from 'fastify';
import { QOS, UP_KINDS, topics, type DownKind, type UpKind } from '@herald/contract';
import type { Deps } from '../lib/deps';
import { emqxKicker } from './emqx-admin';
import * as deviceLink from '../modules/device-link/service';
import type { Gateway } from './types';

const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const DEVICE_REF_TTL_MS = 60_000;
/** unanswered uplink messages the broker may send the server at once (MQTT 5's largest) */
const RECEIVE_MAXIMUM = 65_535;
/** handed to MQTT.js instead of a reason code: "no PUBACK now" (see customHandleAcks) */
const HELD = new Error('PUBACK held until the uplink is stored');

type Uplink = { sn: string; kind: UpKind };
function uplinkTopic(topic: string): Uplink | undefined {
  const t = topics.parse(topic);
  if (!t || t.dir !== 'up' || !(UP_KINDS as readonly string[]).includes(t.kind)) return undefined;
  return { sn: t.sn, kind: t.kind as UpKind };
}

/**
 * An external broker (MQTT_URL): Herald joins it as a privileged client. Uplink arrives through
 * the shared subscription `$share/herald/herald/+/up/+`, so each message goes to one of the server
 * processes. Herald does not see connections here: presence comes from the devices' presence
 * messages (online after connecting, the last will when the connection dies). A QoS 1 uplink is
 * answered once stored, and with MQTT_CLIENT_ID the broker keeps the server's session (and what
 * arrives for it) while the server restarts (docs/device-protocol.md § 12).
 *
 * Devices authenticate either through Herald's HTTP hooks (EMQX: POST /mqtt/auth, /mqtt/acl) or,
 * with MQTT_PROVISION=dynsec, against credentials Herald keeps in Mosquitto's dynamic-security
 * plugin (username = S/N, password = hex HMAC-SHA256(secret, "mqtt"), one role per device with
 * its own topics). With MQTT_ADMIN_URL (EMQX's REST API) a kick disconnects the device at once;
 * without it the broker drops the device when it next authenticates.
 */
export async function startExternalGateway(
  deps: Deps,
  opts: { httpServer: http.Server; log: FastifyBaseLogger },
): Promise<Gateway> {
  const cfg = deps.config.mqtt;
  const log = opts.log.child({ module: 'gateway' });
  const url = new URL(cfg.url!);
  const persistent = cfg.clientId !== undefined && cfg.sessionExpirySec > 0;

  const refs = new Map<string, { ref: deviceLink.DeviceRef | undefined; at: number }>();
  const resolve = async (sn: string) => {
    const hit = refs.get(sn);
    if (hit && Date.now() - hit.at < DEVICE_REF_TTL_MS) return hit.ref;
    const ref = await deviceLink.resolveDevice(deps, sn);
    refs.set(sn, { ref, at: Date.now() });
    return ref;
  };

  // A persistent session hands over queued uplink right after CONNACK, before this function has
  // returned and the app has made this gateway deps.gateway (a device's "online" sends its queued
  // jobs through it): uplink waits for the turn after that.
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  let closing = false;
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const handle = async (t: Uplink, payload: Buffer, arrivedAt: number) => {
    await open;
    const device = await resolve(t.sn);
    if (device) await deviceLink.handleUplink(deps, device, t.kind, payload, { presenceFromMessages: true, arrivedAt });
  };

  const client: MqttClient = mqtt.connect(cfg.url!, {
    // spelled out: not every build of MQTT.js takes credentials from the URL
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    clientId: cfg.clientId ?? `herald-server-${randomBytes(6).toString('hex')}`,
    protocolVersion: 5,
    clean: !persistent,
    properties: {
      sessionExpiryInterval: persistent ? cfg.sessionExpirySec : 0,
      // every uplink waits for its write before its PUBACK; the broker's default (Mosquitto: 20
      // unanswered messages) would make the devices' messages queue behind those writes
      receiveMaximum: RECEIVE_MAXIMUM,
    },
    reconnectPeriod: 2000,
    keepalive: 30,
    // QoS 1 uplink is answered once Herald has stored its effect, as the embedded broker does
    // (gateway/embedded.ts). MQTT.js would answer before its 'message' event and reads the next
    // packet only after this callback, so the work runs beside it: the callback gets HELD (no
    // PUBACK, the next packet is read) and the PUBACK is written here when the work is done.
    customHandleAcks(topic, payload: Buffer, packet: IPublishPacket, done) {
      const t = uplinkTopic(topic);
      if (!t) return done(0);
      const stream = client.stream;
      // not answered: with a persistent session the broker sends it again to the next start
      if (closing) return done(HELD);
      track(
        handle(t, payload, Date.now()).then(
          () => {
            if (client.connected && client.stream === stream && !stream.destroyed)
              writeToStream({ cmd: 'puback', messageId: packet.messageId }, stream, { protocolVersion: 5 });
          },
          (err: unknown) => {
            // as the embedded broker closes a device's connection: the broker sends the
            // unanswered messages again once MQTT.js has reconnected
            log.error({ err, topic }, 'uplink not stored: reconnecting to have it sent again');
            if (client.stream === stream) stream.destroy();
          },
        ),
      );
      done(HELD);
    },
  });
  client.on('error', (err) => {
    if (err !== HELD) log.warn({ err }, 'external broker connection error');
  });
  // QoS 0 uplink (telemetry) has no answer to hold
  client.on('message', (topic, payload, packet) => {
    const t = packet.qos === 0 ? uplinkTopic(topic) : undefined;
    if (t)
      track(
        handle(t, payload, Date.now()).catch((err: unknown) => log.error({ err, topic }, 'uplink handling failed')),
      );
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      if (err === HELD) return;
      client.off('connect', connected);
      client.off('error', failed);
      client.end(true);
      reject(err);
    };
    const connected = () => {
      client.off('error', failed);
      resolve();
    };
    client.once('connect', connected);
    client.on('error', failed);
  });
  await client.subscribeAsync(topics.sharedServerUplink, { qos: 1 });

  // ── Mosquitto dynamic security ──────────────────────────────────────────
  const dynsec = cfg.provision === 'dynsec' ? new Dynsec(client) : undefined;
  const provision = async (sn?: string) => {
    if (!dynsec) return;
    for (const d of await deviceLink.provisioningState(deps, sn)) await dynsec.apply(d.sn, d.password);
  };
  if (dynsec) {
    await dynsec.start();
    await provision();
  }

  // EMQX: drop a disabled or deleted device at once through its REST API (MQTT_ADMIN_URL)
  const emqxKick = cfg.admin ? emqxKicker(cfg.admin, log) : undefined;

  const endpoints = { mqtt: `${url.protocol}//${url.hostname}:${url.port || 1883}` };
  log.info(
    { broker: endpoints.mqtt, provision: cfg.provision, session: persistent ? cfg.clientId : 'clean' },
    'connected to the external MQTT broker',
  );
  setImmediate(opened);

  return {
    async publish(sn: string, kind: DownKind, payload: object) {
      await client.publishAsync(topics.down(sn, kind), JSON.stringify(payload), { qos: QOS[kind] });
    },
    async kick(sn: string, reason: string) {
      refs.delete(sn);
      if (dynsec) await provision(sn);
      if (emqxKick) await emqxKick(sn, reason);
      else if (!dynsec)
        log.info({ sn, reason }, 'kick: the external broker drops the device at its next authentication');
    },
    async deviceChanged(sn: string) {
      refs.delete(sn);
      await provision(sn);
    },
    endpoints: () => endpoints,
    async close() {
      // what is being stored is still answered; what arrives from now on is left to the next start
      closing = true;
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await client.endAsync();
    },
  };
}

type DynsecResponse = { responses: { command: string; error?: string; correlationData?: string }[] };

/** A thin client of Mosquitto's dynamic-security control topic. */
class Dynsec {
  private seq = 0;
  private readonly waiting = new Map<string, (r: { error?: string }) => void>();
  constructor(private readonly client: MqttClient) {}

  async start() {
    this.client.on('message', (topic, payload) => {
      if (topic !== `${DYNSEC_TOPIC}/response`) return;
      const body = JSON.parse(payload.toString()) as DynsecResponse;
      for (const r of body.responses) {
        const done = r.correlationData ? this.waiting.get(r.correlationData) : undefined;
        if (done) {
          this.waiting.delete(r.correlationData!);
          done(r);
        }
      }
    });
    await this.client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
  }

  /** Run one command; resolves with its error string (undefined on success). */
  run(command: Record<string, unknown>): Promise<string | undefined> {
    const correlationData = `h${++this.seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(correlationData);
        reject(new Error(`dynamic-security: no answer to ${String(command.command)}`));
      }, 10_000);
      this.waiting.set(correlationData, (r) => {
        clearTimeout(timer);
        resolve(r.error);
      });
      this.client.publish(DYNSEC_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData }] }), { qos: 1 });
    });
  }

  /** Make the broker's copy of one device match Herald: a password lets it in, null keeps it out. */
  async apply(sn: string, password: string | null) {
    const role = `herald-device-${sn}`;
    if (password === null) {
      // disableClient also disconnects a connected session
      await this.run({ command: 'disableClient', username: sn });
      return;
    }
    await this.run({
      command: 'createRole',
      rolename: role,
      acls: [
        { acltype: 'publishClientSend', topic: `herald/${sn}/up/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/+`, allow: true },
        { acltype: 'subscribePattern', topic: `herald/${sn}/down/#`, allow: true },
      ],
    });
    const err = await this.run({
      command: 'createClient',
      username: sn,
      clientid: sn,
      password,
      roles: [{ rolename: role }],
    });
    if (err) {
      // already there: bring password and state up to date
      await this.run({ command: 'setClientPassword', username: sn, password });
      await this.run({ command: 'enableClient', username: sn });
    }
  }
}
