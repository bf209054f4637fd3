import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { QOS, topics, type DownKind } from '@herald/contract';
import { settledAtMost } from '../lib/at-most';
import type { Deps } from '../lib/deps';
import { invalidatedCache } from '../lib/ttl-cache';
import { Dynsec } from './dynsec';
import { startProvisioning, type Provisioning } from './provisioning';
import { emqxKicker } from './emqx-admin';
import { HELD, uplinkIntake, type Uplink } from './external-uplink';
import * as deviceLink from '../modules/device-link/service';
import { brokerLink } from './link';
import { GatewayUnavailable } from '../lib/gateway-unavailable';
import type { Gateway } from './types';

const DEVICE_REF_TTL_MS = 60_000;
/** devices remembered at once (a fleet's worth); past it the cache starts over */
const DEVICE_REFS_MAX = 200_000;
/** unanswered uplink messages the broker may send the server at once (MQTT 5's largest) */
const RECEIVE_MAXIMUM = 65_535;
/**
 * EMQX's REST API kicks one client a request (each with its own timeout, emqx-admin.ts): a few at
 * once, so an account of thousands does not wait for each in turn, nor ask thousands at once
 */
const EMQX_KICKS_AT_ONCE = 8;

/**
 * An external broker (MQTT_URL): Herald joins it as a privileged client. Uplink arrives through
 * the shared subscription `$share/herald/herald/+/up/+`, so each message goes to one of the server
 * processes. Herald does not see connections here: presence comes from the devices' presence
 * messages (online after connecting, the last will when the connection dies). A QoS 1 uplink is
 * answered once stored (external-uplink.ts), and with MQTT_CLIENT_ID the broker keeps the
 * server's session, and what arrives for it, while the server restarts (docs/device-protocol.md § 12).
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
  const clientId = cfg.clientId ?? `herald-server-${randomBytes(6).toString('hex')}`;

  // the look-up under way is shared: a device's messages reach handleUplink in the order they came
  // a device deleted or changed on any node is looked up again (lib/invalidation.ts)
  const refs = invalidatedCache<string, deviceLink.DeviceRef | undefined>(
    deps.invalidation,
    DEVICE_REF_TTL_MS,
    { device: (sn) => sn },
    DEVICE_REFS_MAX,
  );
  const resolve = (sn: string) => refs.get(sn, () => deviceLink.resolveDevice(deps, sn));
  const handle = async (u: Uplink, payload: Buffer, arrivedAt: number) => {
    const device = await resolve(u.sn);
    if (device) await deviceLink.handleUplink(deps, device, u.kind, payload, { presenceFromMessages: true, arrivedAt });
  };
  const intake = uplinkIntake(() => client, handle, log);

  // MQTT.js only here: a server with the embedded broker does not load it at its start
  const { default: mqtt } = await import('mqtt');
  const client: MqttClient = mqtt.connect(cfg.url!, {
    // spelled out: not every build of MQTT.js takes credentials from the URL
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    clientId,
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
    customHandleAcks: intake.onQos1,
    // the gateway subscribes itself at every connection (link.ts): a broker that says it kept the
    // session may not have kept its shared subscription (Mosquitto after a restart)
    resubscribe: false,
  });
  // every held answer is emitted as an 'error' (external-uplink.ts): each listener must pass over HELD
  client.on('error', (err) => {
    if (err !== HELD) log.warn({ err }, 'external broker connection error');
  });
  client.on('message', intake.onQos0);
  // not 'connect': MQTT.js emits it only after resending its own unanswered publishes, and the
  // broker's messages of the new connection may be handled before that
  client.on('packetreceive', (p) => p.cmd === 'connack' && intake.onConnect(p.sessionPresent));

  const link = brokerLink(deps, client, {
    nodeId: clientId,
    log,
    graceMs: cfg.presenceGraceMs,
    // a change made while the broker was away reached it only in the database: reconcile now
    onResubscribed: () =>
      void provisioning
        ?.reconcile()
        .catch((err: unknown) => log.warn({ err }, 'dynamic-security: reconcile after a reconnection failed')),
  });

  let provisioning: Provisioning | undefined;
  /**
   * Devices' credentials at the broker after a change. The database already holds the
   * change, so a broker that is away does not fail the administrator's action: it is logged, and
   * the broker's copy is brought up to date by the next reconcile (provisioning.ts).
   */
  const provision = async (sns: readonly string[]) => {
    if (!provisioning || !sns.length) return;
    const which = { sn: sns[0], devices: sns.length };
    // the broker is away: the reconcile its reconnection starts reads the change (an account's
    // thousand devices must not each wait for it)
    if (!link.health().ready) {
      log.warn(which, 'dynamic security: the broker is away; the devices are updated when it is back');
      return;
    }
    try {
      await provisioning.changed(sns);
    } catch (err) {
      log.warn({ err, ...which }, 'dynamic security: devices not updated at the broker now');
    }
  };
  try {
    await connected(client);
    await link.firstSubscription;
    // Mosquitto dynamic security: Herald keeps the broker's copy of device credentials
    if (cfg.provision === 'dynsec') {
      const dynsec = new Dynsec(client, () => link.health().ready);
      await dynsec.start();
      link.keep('$CONTROL/dynamic-security/v1/response');
      provisioning = startProvisioning(deps, dynsec, log);
    }
  } catch (err) {
    // a server that does not start leaves no client behind, reconnecting and holding messages
    link.close();
    await intake.close();
    client.end(true);
    throw err;
  }

  // EMQX: drop a disabled or deleted device at once through its REST API (MQTT_ADMIN_URL)
  const emqxKick = cfg.admin ? emqxKicker(cfg.admin, log) : undefined;

  const endpoints = { mqtt: `${url.protocol}//${url.hostname}:${url.port || 1883}` };
  log.info(
    { broker: endpoints.mqtt, provision: cfg.provision, session: persistent ? cfg.clientId : 'clean' },
    'connected to the external MQTT broker',
  );
  // the app makes this gateway deps.gateway right after it is returned
  intake.open();
  link.open();

  return {
    async publish(sn: string, kind: DownKind, payload: object) {
      // refused at once while the broker is away, rather than held in MQTT.js's queue: the job
      // stays in its row and goes out again after the reconnect (pipeline.ts, sweep)
      if (!client.connected) throw new GatewayUnavailable('not connected to the external MQTT broker');
      await client.publishAsync(topics.down(sn, kind), JSON.stringify(payload), { qos: QOS[kind] });
    },
    async kick(sns: readonly string[], reason: string) {
      for (const sn of sns) refs.delete(sn);
      await provision(sns);
      if (!emqxKick && !provisioning && sns.length)
        log.info(
          { sn: sns[0], devices: sns.length, reason },
          'kick: the external broker drops the devices at their next authentication',
        );
      // what the broker dropped (or will at once): offline now, whether or not their last wills reach a server
      const dropped: string[] = [];
      if (emqxKick) {
        // emqxKick never throws: a failure is its 'failed'
        const kicks = await settledAtMost(sns, EMQX_KICKS_AT_ONCE, (sn) => emqxKick(sn, reason));
        kicks.forEach((k, i) => k.status === 'fulfilled' && k.value !== 'failed' && dropped.push(sns[i]!));
      } else if (provisioning) dropped.push(...sns);
      await deviceLink.dropped(deps, dropped, reason);
    },
    async deviceChanged(sns: readonly string[]) {
      for (const sn of sns) refs.delete(sn);
      await provision(sns);
    },
    health() {
      const h = link.health();
      // Ready while the first reconcile still runs: what it does is the broker's copy for every node,
      // not this node's work, and a change is applied at once anyway (provision). Held back, a
      // fleet's first provisioning on a fresh Mosquitto (minutes for thousands of devices) kept
      // every node out of the load balancer meanwhile. The detail says it is running.
      if (h.ready && provisioning && !provisioning.ready())
        return { ready: true, detail: "the first reconcile of the devices' broker copies is running" };
      return h;
    },
    provisioned: () => provisioning?.ready() ?? true,
    endpoints: () => endpoints,
    async close() {
      await provisioning?.close();
      link.close();
      // what is being stored is still answered; what arrives from now on is left to the next start
      await intake.close();
      // a graceful end waits for MQTT.js's unanswered publishes, which a broker that is gone never answers
      await client.endAsync(!client.connected);
    },
  };
}

/** The first CONNACK, or the first error that is not a held answer (bad credentials, no broker). */
function connected(client: MqttClient): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      if (err === HELD) return;
      client.off('connect', ok);
      client.off('error', failed);
      reject(err);
    };
    const ok = () => {
      client.off('error', failed);
      resolve();
    };
    client.once('connect', ok);
    client.on('error', failed);
  });
}
