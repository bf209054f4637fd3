import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { QOS, UP_KINDS, topics, type DownKind, type UpKind } from '@herald/contract';
import type { Deps } from '../lib/deps';
import { emqxKicker } from './emqx-admin';
import * as deviceLink from '../modules/device-link/service';
import type { Gateway } from './types';

const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const DEVICE_REF_TTL_MS = 60_000;

/**
 * An external broker (MQTT_URL): Herald joins it as a privileged client. Uplink arrives through
 * the shared subscription `$share/herald/herald/+/up/+`, so each message goes to one of the server
 * processes. Herald does not see connections here: presence comes from the devices' presence
 * messages (online after connecting, the last will when the connection dies).
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
  const client: MqttClient = await mqtt.connectAsync(cfg.url!, {
    // spelled out: not every build of MQTT.js takes credentials from the URL
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    clientId: `herald-server-${randomBytes(6).toString('hex')}`,
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 2000,
    keepalive: 30,
  });
  client.on('error', (err) => log.warn({ err }, 'external broker connection error'));

  const refs = new Map<string, { ref: deviceLink.DeviceRef | undefined; at: number }>();
  const resolve = async (sn: string) => {
    const hit = refs.get(sn);
    if (hit && Date.now() - hit.at < DEVICE_REF_TTL_MS) return hit.ref;
    const ref = await deviceLink.resolveDevice(deps, sn);
    refs.set(sn, { ref, at: Date.now() });
    return ref;
  };

  const pending = new Set<Promise<unknown>>();
  client.on('message', (topic, payload) => {
    const t = topics.parse(topic);
    if (!t || t.dir !== 'up' || !(UP_KINDS as readonly string[]).includes(t.kind)) return;
    const arrivedAt = Date.now();
    const work = (async () => {
      const device = await resolve(t.sn);
      if (!device) return;
      await deviceLink.handleUplink(deps, device, t.kind as UpKind, payload, { presenceFromMessages: true, arrivedAt });
    })().catch((err: unknown) => log.error({ err, topic }, 'uplink handling failed'));
    pending.add(work);
    void work.finally(() => pending.delete(work));
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
  log.info({ broker: endpoints.mqtt, provision: cfg.provision }, 'connected to the external MQTT broker');

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
      await client.endAsync();
      while (pending.size > 0) await Promise.allSettled([...pending]);
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
