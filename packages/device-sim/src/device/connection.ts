import mqtt, { type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION, QOS, topics, type Presence, type UpKind } from '@herald/contract';
import { mqttCredentials, mqttStaticPassword } from '@herald/contract/device-sign';
import type { DeviceContext } from './context';

/** What the connection tells the device about. */
export type ConnectionHooks = {
  message(topic: string, raw: Buffer): void;
  /** connected and subscribed, before presence and telemetry */
  connected(): void;
  refused(code: number): void;
};

/**
 * The MQTT connection: HMAC (or static) credentials and a last will on every connect,
 * presence, periodic telemetry, an orderly goodbye or a dropped line, and reconnecting with
 * exponential backoff and jitter until the device is stopped.
 */
export class Connection {
  private client: MqttClient | undefined;
  private session = 0;
  private stopped = true;
  /** the connection 'online' was emitted for, until its 'offline' */
  private announced: MqttClient | undefined;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private telemetryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: DeviceContext,
    private readonly hooks: ConnectionHooks,
  ) {}

  get online(): boolean {
    return !!this.client?.connected;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stayDown();
    await this.disconnect('shutdown');
  }

  crash(): void {
    this.stayDown();
    this.dropConnection();
  }

  /** No more reconnecting until start(). */
  stayDown(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
  }

  /** The connection goes away without a DISCONNECT (the broker publishes the last will). */
  dropConnection(): void {
    clearInterval(this.telemetryTimer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners('close');
    client.stream.destroy();
    client.end(true);
    this.wentOffline(client);
  }

  /** After a restart or an upgrade: back after `delayMs`, with a boot event (unless stopped meanwhile). */
  comeBack(delayMs: number): void {
    if (this.stopped) return;
    this.ctx.events.once('online', () => this.ctx.sendEvent({ type: 'boot', firmware: this.ctx.state.firmware }));
    this.scheduleReconnect(delayMs);
  }

  private connect() {
    const { sn, opts } = this.ctx;
    // a fresh session key (and so fresh credentials) for every connection
    this.session = Math.max(Date.now(), this.session + 1);
    const creds =
      opts.credentials === 'static'
        ? { clientId: sn, username: sn, password: mqttStaticPassword(opts.secret) }
        : mqttCredentials(sn, opts.secret, this.session);
    const will: Presence = {
      v: PROTOCOL_VERSION,
      ts: this.session,
      online: false,
      session: this.session,
      reason: 'lost',
    };
    const client = mqtt.connect(opts.mqttUrl, {
      ...opts.mqttOptions,
      ...creds,
      protocolVersion: 4,
      clean: true,
      keepalive: opts.keepaliveSeconds,
      reconnectPeriod: 0, // the device's own backoff decides
      connectTimeout: 15_000,
      will: {
        topic: topics.up(sn, 'presence'),
        payload: Buffer.from(JSON.stringify(will)),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    client.on('connect', () => void this.onConnected(client));
    client.on('message', (topic, payload) => this.hooks.message(topic, payload));
    client.on('error', (err) => {
      const code = (err as { code?: number }).code;
      if (typeof code === 'number') this.hooks.refused(code);
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.client = undefined;
      clearInterval(this.telemetryTimer);
      this.wentOffline(client);
      client.removeAllListeners('close');
      client.end(true);
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(delayMs?: number) {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    const { backoffMinMs, backoffMaxMs } = this.ctx.opts;
    const base = Math.min(backoffMaxMs, backoffMinMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 20);
    const delay = delayMs ?? base * (0.5 + Math.random());
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private async onConnected(client: MqttClient) {
    this.attempt = 0;
    this.hooks.connected();
    try {
      await client.subscribeAsync(topics.deviceSubscription(this.ctx.sn), { qos: 1 });
      await this.announce(client);
      await this.ctx.sendTelemetry();
    } catch {
      return; // the connection went away meanwhile; 'close' reconnects
    }
    clearInterval(this.telemetryTimer);
    this.telemetryTimer = setInterval(
      () => void this.ctx.sendTelemetry().catch(() => {}),
      this.ctx.opts.telemetryIntervalMs,
    );
    this.telemetryTimer.unref();
    this.announced = client;
    this.ctx.events.emit('online');
  }

  /** The online presence message of this connection (on connect, and when Herald asks with `presence`). */
  async announce(client = this.client): Promise<void> {
    const { state } = this.ctx;
    const presence: Presence = {
      v: PROTOCOL_VERSION,
      ts: Date.now(),
      online: true,
      session: this.session,
      // both on every connect: this is how Herald learns that an upgrade took
      firmware: state.firmware,
      resources: { ...state.resources },
    };
    await this.send('presence', presence, client);
  }

  /** 'offline' pairs with an earlier 'online': a failed attempt that never came online says nothing. */
  private wentOffline(client: MqttClient): void {
    // a connection started meanwhile (start() during a goodbye) keeps its own 'online'
    if (this.announced !== client) return;
    this.announced = undefined;
    this.ctx.events.emit('offline');
  }

  /** An orderly goodbye: offline presence first, then DISCONNECT. */
  async disconnect(reason: string): Promise<void> {
    const client = this.client;
    clearInterval(this.telemetryTimer);
    if (!client) return;
    this.client = undefined;
    client.removeAllListeners('close');
    if (client.connected) {
      const bye: Presence = { v: PROTOCOL_VERSION, ts: Date.now(), online: false, session: this.session, reason };
      const sent = this.send('presence', bye, client).then(
        () => true,
        () => false,
      );
      // a dead connection never acks the goodbye: give up on it and close hard
      const graceful = await Promise.race([sent, new Promise<boolean>((r) => setTimeout(() => r(false), 2000))]);
      await client.endAsync(!graceful).catch(() => {});
    } else {
      client.end(true);
    }
    this.wentOffline(client);
  }

  async send(kind: UpKind, payload: object, client = this.client): Promise<void> {
    if (!client?.connected) return;
    await client.publishAsync(topics.up(this.ctx.sn, kind), JSON.stringify(payload), { qos: QOS[kind] });
  }
}
