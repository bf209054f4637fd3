import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  DEFAULT_PRINT_PARAMS,
  KEEPALIVE_SECONDS,
  PROTOCOL_VERSION,
  QOS,
  commandParams,
  commandPayload,
  configPayload,
  downlinkHeader,
  jobPayload,
  otaOfferPayload,
  parsePayload,
  printParamsSchema,
  topics,
  type Ack,
  type BatteryState,
  type CommandMessage,
  type ConfigMessage,
  type DeviceEvent,
  type JobMessage,
  type JobResult,
  type NetworkType,
  type OtaFailureReason,
  type OtaKind,
  type OtaOffer,
  type OtaProgress,
  type OtaStep,
  type Presence,
  type PrintParams,
  type PrinterState,
  type Telemetry,
  type UpKind,
  bmpHeader,
  PAPER_DOTS,
} from '@herald/contract';
import { mqttCredentials, mqttStaticPassword } from '@herald/contract/device-sign';
import { DownloadError, download, mismatch, type FileTarget } from './download';
import { PRINT_ENCODINGS, decodeEscPos } from './escpos';

/**
 * Faults a test or the CLI can switch on for one device. The ota-* faults shape upgrades and
 * resource pushes: ota-download-fail (the next download breaks off), ota-bad-checksum (the file
 * does not verify), ota-crash-install (the connection drops mid-install without a word and the
 * device comes back on its old version), ota-never-returns (after 'rebooting' it stays away until
 * start()), ota-slow (a slow download), drop-job (a job message lost on its way: never seen),
 * drop-result (a job's result lost on its way: printed and remembered, not received by Herald);
 * with a count, drop-job and drop-result wear off after that many messages.
 */
export const FAULTS = [
  'paper-out',
  'cover-open',
  'overheating',
  'low-battery',
  'slow-ack',
  'drop-ack',
  'drop-job',
  'drop-result',
  'ota-download-fail',
  'ota-bad-checksum',
  'ota-crash-install',
  'ota-never-returns',
  'ota-slow',
] as const;
export type Fault = (typeof FAULTS)[number];

/** Faults that wear off by themselves after one use unless a count says otherwise (a flaky network). */
const TRANSIENT_BY_DEFAULT: readonly Fault[] = ['ota-download-fail'];

export type DeviceState = {
  firmware: string;
  /** resource/language pack versions by name */
  resources: Record<string, string>;
  battery: { level: number; state: BatteryState };
  network: { type: NetworkType; signal: number };
  freeMemory: number;
  printerState: PrinterState;
  volume: number;
  muted: boolean;
  mutedUntil: number | null;
  paused: boolean;
  printParams: PrintParams;
  qr: { enabled: boolean; password?: string };
  location: { lat: number; lng: number };
  /** a device without a GNSS fix reports the cells it hears instead (set by hearCells) */
  cells: NonNullable<NonNullable<Telemetry['location']>['cells']> | null;
  /** the startup logo a push task set (printers) */
  startupLogo: { sha256: string; width: number; height: number } | null;
};

/** One line of what the device received and what it did about it. */
export type Received = {
  at: number;
  kind: string;
  id?: string;
  cmd?: string;
  /** executed and acked with `code`, dropped as a duplicate, or answered without doing anything */
  outcome: 'executed' | 'duplicate' | 'expired' | 'invalid' | 'unsupported';
  code?: Ack['code'];
  payload: unknown;
};

export type DeviceOptions = {
  sn: string;
  secret: string;
  /** mqtt://, mqtts:// or ws:// URL of the broker */
  mqttUrl: string;
  /** printers report a printer state; speakers do not */
  kind?: 'printer' | 'speaker';
  firmware?: string;
  telemetryIntervalMs?: number;
  keepaliveSeconds?: number;
  /** delay between the ack of a restart and the reconnect */
  restartDelayMs?: number;
  /** reconnect backoff: first delay and ceiling (ms); each delay gets ±50 % jitter */
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /**
   * 'hmac' (default): timestamped HMAC credentials. 'static': username = S/N and the static
   * password hex HMAC-SHA256(secret, "mqtt"), for a broker holding its own copy of credentials
   * (Mosquitto dynamic security).
   */
  credentials?: 'hmac' | 'static';
  /** extra options for MQTT.js (TLS client certificate, ...) */
  mqttOptions?: IClientOptions;
  /** how many received messages to keep (oldest dropped first) */
  logLimit?: number;
  /** slow-ack fault delay */
  slowAckMs?: number;
  /** how long printing a receipt or playing an announcement takes before the result is reported */
  printDelayMs?: number;
  /** resource packs installed at start, by name (a language pack's is its language code); default zh_CN */
  resources?: Record<string, string>;
  /** how long installing an upgrade takes */
  otaInstallMs?: number;
  /** how long the device stays away while rebooting after an upgrade (or a crash mid-install) */
  otaRebootMs?: number;
  /** ota-slow fault: pause after every downloaded chunk */
  otaSlowChunkMs?: number;
  /** give up a download after this long */
  downloadTimeoutMs?: number;
  /**
   * false: the device reports printer and battery changes only in its telemetry, as firmware
   * without state events does (an event is still sent for faults and boots); default true
   */
  stateEvents?: boolean;
};

/** One upgrade offer as the device lived it (tests and the demo read these). */
export type UpgradeRecord = {
  id: string;
  kind: OtaKind;
  name: string;
  version: string;
  /** the version running when the offer arrived */
  from: string | undefined;
  at: number;
  steps: { step: OtaStep; at: number; progress?: number; reason?: OtaFailureReason; message?: string }[];
  /** running; installed (rebooting onto the new version); failed (reported); crashed (went silent on the old version) */
  outcome: 'running' | 'installed' | 'failed' | 'crashed';
};

/** A push task's message (down/config type message) the device showed or spoke. */
export type PushedMessage = { id: string; at: number; text: string };

/** What a speaker played. */
export type Said = { text?: string; clips?: string[]; language?: string; volume?: number };

const SEEN_LIMIT = 1000;

type ReceivedBase = { kind: string; id: string; payload: unknown };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A virtual printer or speaker speaking exactly the device protocol (docs/device-protocol.md):
 * it connects with HMAC credentials and a last will, reports presence and telemetry, obeys
 * commands, acks with the echoed `ts`, drops duplicate ids, ignores expired messages and
 * reconnects with exponential backoff and jitter.
 *
 * Events: 'online', 'offline', 'refused' (CONNACK code), 'received' (Received), 'acked' (Ack).
 */
export class VirtualDevice extends EventEmitter {
  readonly sn: string;
  state: DeviceState;
  readonly received: Received[] = [];
  readonly faults = new Set<Fault>();
  /** the CONNACK return code of the last refused connection */
  lastRefusal: number | undefined;
  connects = 0;
  /**
   * Receipts printed, decoded from the ESC/POS they arrived as (one entry per copy). Decoded
   * when read: a bench fleet prints thousands a second and never looks (decoding was ~12 % of
   * its CPU), while tests read what they need.
   */
  get printed(): readonly string[] {
    for (const p of this.undecoded.splice(0)) {
      const text = decodeEscPos(p.bytes, p.encoding);
      for (let c = 0; c < p.copies; c++) this.decoded.push(text);
    }
    return this.decoded;
  }
  private readonly decoded: string[] = [];
  private readonly undecoded: { bytes: Buffer; encoding: string; copies: number }[] = [];
  /** announcements played */
  readonly said: Said[] = [];
  /** results reported, in order */
  readonly results: JobResult[] = [];
  /** upgrade offers taken on, in arrival order */
  readonly upgrades: UpgradeRecord[] = [];
  /** push-task messages received */
  readonly messages: PushedMessage[] = [];
  /** uses left of a counted fault (absent: on until cleared) */
  readonly faultCounts = new Map<Fault, number>();

  private client: MqttClient | undefined;
  private session = 0;
  private stopped = true;
  /** the connection 'online' was emitted for, until its 'offline' */
  private announced: MqttClient | undefined;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private telemetryTimer: NodeJS.Timeout | undefined;
  private readonly seen = new Map<string, Ack['code'] | null>();
  /** the result reported per job id, sent again when Herald sends the job again (as many as `seen`) */
  private readonly reported = new Map<string, JobResult>();
  /** jobs acked and waiting to be printed/played, in arrival order */
  private readonly jobQueue: JobMessage[] = [];
  /** the job being printed or played now (taken off the queue, not reported yet) */
  private current: JobMessage | undefined;
  /** ids Herald cancelled that were not done: dropped if still waiting, or if they arrive later */
  private readonly cancelled = new Set<string>();
  private working = false;
  /** the offer id being worked on, per kind: a second offer of that kind meanwhile is 'busy' */
  private readonly upgrading = new Map<OtaKind, string>();
  private readonly opts: Required<
    Omit<DeviceOptions, 'mqttOptions' | 'firmware' | 'kind' | 'credentials' | 'resources'>
  > &
    Pick<DeviceOptions, 'mqttOptions' | 'credentials'> & { kind: 'printer' | 'speaker' };

  constructor(opts: DeviceOptions) {
    super();
    this.sn = opts.sn;
    this.opts = {
      kind: 'printer',
      telemetryIntervalMs: 60_000,
      keepaliveSeconds: KEEPALIVE_SECONDS,
      restartDelayMs: 1000,
      backoffMinMs: 1000,
      backoffMaxMs: 60_000,
      logLimit: 1000,
      slowAckMs: 3000,
      printDelayMs: 20,
      otaInstallMs: 200,
      otaRebootMs: 500,
      otaSlowChunkMs: 300,
      downloadTimeoutMs: 120_000,
      ...opts,
      stateEvents: opts.stateEvents ?? true,
    };
    this.state = {
      firmware: opts.firmware ?? '1.00.00.01',
      resources: { ...(opts.resources ?? { zh_CN: '1.00.00.01' }) },
      battery: { level: 80 + Math.floor(Math.random() * 20), state: 'sufficient' },
      network: { type: 'wifi', signal: -40 - Math.floor(Math.random() * 40) },
      freeMemory: 4 * 1024 * 1024,
      printerState: 'normal',
      volume: DEFAULT_PRINT_PARAMS.volume,
      muted: false,
      mutedUntil: null,
      paused: false,
      printParams: { ...DEFAULT_PRINT_PARAMS },
      qr: { enabled: false },
      location: { lat: 22.54 + Math.random() * 0.1, lng: 114.05 + Math.random() * 0.1 },
      cells: null,
      startupLogo: null,
    };
  }

  get online(): boolean {
    return !!this.client?.connected;
  }

  /** Start connecting (and keep reconnecting until stop()). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Disconnect in an orderly way (offline presence first) and stop reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.disconnect('shutdown');
  }

  /**
   * Power cut: the connection drops without a DISCONNECT (the broker publishes the last will)
   * and the device stays down until start().
   */
  crash(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.dropConnection();
  }

  /** The connection goes away without a DISCONNECT (the broker publishes the last will). */
  private dropConnection(): void {
    clearInterval(this.telemetryTimer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners('close');
    client.stream.destroy();
    client.end(true);
    this.wentOffline(client);
  }

  /** Resolves when the device is connected (or rejects after `timeoutMs`). */
  waitOnline(timeoutMs = 10_000): Promise<void> {
    if (this.online) return Promise.resolve();
    return this.waitFor('online', timeoutMs);
  }

  waitFor(event: string, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off(event, done);
        reject(new Error(`${this.sn}: no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.once(event, done);
    });
  }

  // ── faults ───────────────────────────────────────────────────────────────

  /**
   * Switch a fault on. With `count`, it wears off after that many uses (ota-* faults: that many
   * downloads, verifications, installs or reboots); ota-download-fail defaults to 1.
   */
  injectFault(fault: Fault, count?: number): void {
    this.faults.add(fault);
    const n = count ?? (TRANSIENT_BY_DEFAULT.includes(fault) ? 1 : undefined);
    if (n !== undefined) this.faultCounts.set(fault, n);
    else this.faultCounts.delete(fault);
    this.applyFaults();
  }

  clearFault(fault: Fault): void {
    this.faults.delete(fault);
    this.faultCounts.delete(fault);
    this.applyFaults();
  }

  /** Is the fault on? Uses up one count of a counted fault. */
  private takeFault(fault: Fault): boolean {
    if (!this.faults.has(fault)) return false;
    const left = this.faultCounts.get(fault);
    if (left !== undefined) {
      if (left <= 1) this.clearFault(fault);
      else this.faultCounts.set(fault, left - 1);
    }
    return true;
  }

  private applyFaults() {
    const before = this.state.printerState;
    this.state.printerState = this.faults.has('paper-out')
      ? 'outOfPaper'
      : this.faults.has('cover-open')
        ? 'coverOpen'
        : this.faults.has('overheating')
          ? 'overheating'
          : 'normal';
    if (this.opts.kind === 'printer' && before !== this.state.printerState) {
      this.sendStateEvent({ type: 'printerState', printerState: this.state.printerState });
    }
    const low = this.faults.has('low-battery');
    if (low && this.state.battery.state !== 'low') {
      this.state.battery = { level: 8, state: 'low' };
      this.sendStateEvent({ type: 'battery', battery: this.state.battery });
    } else if (!low && this.state.battery.state === 'low') {
      this.state.battery = { level: 90, state: 'sufficient' };
      this.sendStateEvent({ type: 'battery', battery: this.state.battery });
    }
  }

  /**
   * The battery as the device will report it from now on (a speaker at 8 % may still call its
   * state "sufficient"); an event tells Herald at once unless `stateEvents` is off.
   */
  setBattery(level: number, state: BatteryState = this.state.battery.state): void {
    this.state.battery = { level, state };
    this.sendStateEvent({ type: 'battery', battery: this.state.battery });
  }

  private sendStateEvent(e: Omit<DeviceEvent, 'v' | 'ts'>) {
    if (this.opts.stateEvents) this.sendEvent(e);
  }

  // ── connection ───────────────────────────────────────────────────────────

  private connect() {
    // a fresh session key (and so fresh credentials) for every connection
    this.session = Math.max(Date.now(), this.session + 1);
    const creds =
      this.opts.credentials === 'static'
        ? { clientId: this.sn, username: this.sn, password: mqttStaticPassword(this.opts.secret) }
        : mqttCredentials(this.sn, this.opts.secret, this.session);
    const will: Presence = {
      v: PROTOCOL_VERSION,
      ts: this.session,
      online: false,
      session: this.session,
      reason: 'lost',
    };
    const client = mqtt.connect(this.opts.mqttUrl, {
      ...this.opts.mqttOptions,
      ...creds,
      protocolVersion: 4,
      clean: true,
      keepalive: this.opts.keepaliveSeconds,
      reconnectPeriod: 0, // the device's own backoff decides
      connectTimeout: 15_000,
      will: {
        topic: topics.up(this.sn, 'presence'),
        payload: Buffer.from(JSON.stringify(will)),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    client.on('connect', () => void this.onConnected(client));
    client.on('message', (topic, payload) => void this.onMessage(topic, payload));
    client.on('error', (err) => {
      const code = (err as { code?: number }).code;
      if (typeof code === 'number') {
        this.lastRefusal = code;
        this.emit('refused', code);
      }
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
    const base = Math.min(this.opts.backoffMaxMs, this.opts.backoffMinMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 20);
    const delay = delayMs ?? base * (0.5 + Math.random());
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private async onConnected(client: MqttClient) {
    this.attempt = 0;
    this.lastRefusal = undefined;
    this.connects++;
    try {
      await client.subscribeAsync(topics.deviceSubscription(this.sn), { qos: 1 });
      await this.announce(client);
      await this.sendTelemetry();
    } catch {
      return; // the connection went away meanwhile; 'close' reconnects
    }
    clearInterval(this.telemetryTimer);
    this.telemetryTimer = setInterval(() => void this.sendTelemetry().catch(() => {}), this.opts.telemetryIntervalMs);
    this.telemetryTimer.unref();
    this.announced = client;
    this.emit('online');
  }

  /** The online presence message of this connection (on connect, and when Herald asks with `presence`). */
  private async announce(client = this.client) {
    const presence: Presence = {
      v: PROTOCOL_VERSION,
      ts: Date.now(),
      online: true,
      session: this.session,
      // both on every connect: this is how Herald learns that an upgrade took
      firmware: this.state.firmware,
      resources: { ...this.state.resources },
    };
    await this.send('presence', presence, client);
  }

  /** 'offline' pairs with an earlier 'online': a failed attempt that never came online says nothing. */
  private wentOffline(client: MqttClient): void {
    // a connection started meanwhile (start() during a goodbye) keeps its own 'online'
    if (this.announced !== client) return;
    this.announced = undefined;
    this.emit('offline');
  }

  private async disconnect(reason: string) {
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

  private async send(kind: UpKind, payload: object, client = this.client) {
    if (!client?.connected) return;
    await client.publishAsync(topics.up(this.sn, kind), JSON.stringify(payload), { qos: QOS[kind] });
  }

  telemetry(): Telemetry {
    const s = this.state;
    if (s.mutedUntil !== null && Date.now() >= s.mutedUntil) {
      s.muted = false;
      s.mutedUntil = null;
    }
    return {
      v: PROTOCOL_VERSION,
      ts: Date.now(),
      battery: s.battery,
      network: s.network,
      freeMemory: s.freeMemory,
      firmware: s.firmware,
      resources: { ...s.resources },
      ...(this.opts.kind === 'printer'
        ? {
            printer: {
              state: s.printerState,
              paperWidth: s.printParams.paperWidth,
              ...(s.startupLogo ? { logo: s.startupLogo } : {}),
            },
          }
        : {}),
      location: s.cells ? { cells: s.cells } : { gnss: { lat: s.location.lat, lng: s.location.lng, accuracy: 10 } },
      volume: s.volume,
      muted: s.muted,
      paused: s.paused,
    };
  }

  sendTelemetry(): Promise<void> {
    return this.send('telemetry', this.telemetry());
  }

  /** The device is somewhere else now, with a GNSS fix: reported at once. */
  moveTo(lat: number, lng: number): Promise<void> {
    this.state.location = { lat, lng };
    this.state.cells = null;
    return this.sendTelemetry();
  }

  /** The device has no GNSS fix and hears these cells: reported at once (Herald positions it by them). */
  hearCells(cells: NonNullable<DeviceState['cells']>): Promise<void> {
    this.state.cells = cells;
    return this.sendTelemetry();
  }

  private sendEvent(e: Omit<DeviceEvent, 'v' | 'ts'>) {
    void this.send('event', { v: PROTOCOL_VERSION, ts: Date.now(), ...e }).catch(() => {});
  }

  // ── downlink ─────────────────────────────────────────────────────────────

  private record(r: Omit<Received, 'at'>) {
    const line = { at: Date.now(), ...r };
    this.received.push(line);
    if (this.received.length > this.opts.logLimit) this.received.shift();
    this.emit('received', line);
  }

  private async onMessage(topic: string, raw: Buffer) {
    const t = topics.parse(topic);
    if (!t || t.sn !== this.sn || t.dir !== 'down') return;
    const header = parsePayload(downlinkHeader, raw);
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      payload = raw.toString('utf8');
    }
    if (!header) return this.record({ kind: t.kind, outcome: 'invalid', payload });
    const base = { kind: t.kind, id: header.id, payload };

    // lost on its way (a fault of the test): the device never saw it
    if (t.kind === 'job' && this.takeFault('drop-job')) return;
    // QoS 1 may deliver twice, and Herald sends a job again until it has the job's result: a
    // repeated id is not executed again, only answered again, a finished job with its result
    // (the first report may have been lost with a broker or a server, docs/device-protocol.md § 8)
    if (this.seen.has(header.id)) {
      const code = this.seen.get(header.id);
      this.record({ ...base, outcome: 'duplicate', code: code ?? undefined });
      if (code) await this.ack(header, code, undefined, false);
      const done = this.reported.get(header.id);
      if (done && !this.takeFault('drop-result')) await this.send('result', done).catch(() => {});
      return;
    }
    this.remember(header.id, null);

    if (Date.now() > header.expireAt) {
      this.record({ ...base, outcome: 'expired', code: 'expired' });
      return this.ack(header, 'expired', 'expired before arrival');
    }
    if (t.kind === 'job') {
      const job = parsePayload(jobPayload, raw);
      if (!job) {
        this.record({ ...base, outcome: 'invalid', code: 'invalid' });
        return this.ack(header, 'invalid', 'bad job');
      }
      this.record({ ...base, outcome: 'executed', code: 'ok' });
      // cancelled before it arrived: taken, and reported cancelled without printing
      if (this.cancelled.has(job.id)) {
        await this.ack(header, 'ok');
        return this.report(job, { status: 'failed', reason: 'cancelled' });
      }
      // acked on arrival; printed or played in order (held while paused)
      this.jobQueue.push(job);
      await this.ack(header, 'ok');
      return this.workJobs();
    }
    if (t.kind === 'ota') return this.onOffer(base, header, raw);
    if (t.kind === 'config') return this.onConfig(base, header, raw);
    if (t.kind !== 'cmd') {
      this.record({ ...base, outcome: 'unsupported', code: 'unsupported' });
      return this.ack(header, 'unsupported');
    }
    const cmd = parsePayload(commandPayload, raw);
    const params = cmd ? commandParams[cmd.cmd].safeParse(cmd.params) : undefined;
    if (!cmd || !params?.success) {
      this.record({ ...base, outcome: 'invalid', code: 'invalid' });
      return this.ack(header, 'invalid', 'bad command or parameters');
    }
    const result = await this.execute(cmd, params.data as Record<string, unknown>);
    this.record({ ...base, cmd: cmd.cmd, outcome: 'executed', code: result.code });
    await this.ack(header, result.code, result.message, true, result.data);
    if (cmd.cmd === 'restart') await this.restart();
  }

  private remember(id: string, code: Ack['code'] | null) {
    this.seen.set(id, code);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value!);
  }

  private async execute(
    cmd: CommandMessage,
    params: Record<string, unknown>,
  ): Promise<{ code: Ack['code']; message?: string; data?: Record<string, unknown> }> {
    const s = this.state;
    switch (cmd.cmd) {
      case 'restart':
        return { code: 'ok' };
      case 'pause':
        s.paused = true;
        return { code: 'ok', data: { paused: true } };
      case 'resume':
        s.paused = false;
        setImmediate(() => void this.workJobs());
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
        return this.uploadLog(params.url as string);
      case 'presence':
        // after the ack: Herald learns the device is there from the presence message itself
        setImmediate(() => void this.announce().catch(() => {}));
        return { code: 'ok' };
      case 'cancel':
        return { code: 'ok', data: { outcome: this.cancelJob(params.job as string) } };
    }
  }

  /**
   * Herald's cancel (docs/device-protocol.md): a job still waiting, or being worked on and not
   * finished, is dropped and reported cancelled (after the ack); one already done stays done, and
   * its result is sent again (Herald cancelled it not knowing: its result may still be on the way).
   */
  private cancelJob(id: string): 'dropped' | 'unknown' | 'done' {
    const done = this.reported.get(id);
    if (done) {
      setImmediate(() => void (this.takeFault('drop-result') ? undefined : this.send('result', done).catch(() => {})));
      return 'done';
    }
    this.cancelled.add(id);
    if (this.cancelled.size > SEEN_LIMIT) this.cancelled.delete(this.cancelled.values().next().value!);
    if (this.current?.id === id) return 'dropped';
    const i = this.jobQueue.findIndex((j) => j.id === id);
    if (i < 0) return 'unknown';
    const [job] = this.jobQueue.splice(i, 1);
    setImmediate(() => void this.report(job!, { status: 'failed', reason: 'cancelled' }));
    return 'dropped';
  }

  /** A generated log file: what this device received, one line each. */
  logFile(): string {
    const lines = [`# ${this.sn} firmware ${this.state.firmware} at ${new Date().toISOString()}`];
    for (const r of this.received) {
      lines.push(
        `${new Date(r.at).toISOString()} ${r.kind} ${r.cmd ?? '-'} ${r.id ?? '-'} ${r.outcome} ${r.code ?? ''}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  private async uploadLog(url: string): Promise<{ code: Ack['code']; message?: string }> {
    try {
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain', 'x-file-name': `${this.sn}.log` },
        body: this.logFile(),
      });
      return res.ok ? { code: 'ok' } : { code: 'failed', message: `upload answered HTTP ${res.status}` };
    } catch (err) {
      return { code: 'failed', message: `upload failed: ${(err as Error).message}`.slice(0, 256) };
    }
  }

  private async ack(
    header: { id: string; ts: number },
    code: Ack['code'],
    message?: string,
    first = true,
    data?: Record<string, unknown>,
  ) {
    if (first) this.remember(header.id, code);
    if (this.faults.has('drop-ack')) return;
    if (this.faults.has('slow-ack')) await new Promise((r) => setTimeout(r, this.opts.slowAckMs));
    const ack: Ack = {
      v: PROTOCOL_VERSION,
      id: header.id,
      ts: header.ts,
      code,
      ...(message ? { message } : {}),
      ...(data ? { data } : {}),
    };
    await this.send('ack', ack).catch(() => {});
    this.emit('acked', ack);
  }

  // ── jobs ───────────────────────────────────────────────────────────────

  /** Jobs still waiting (paused, or behind the one being printed). */
  get queuedJobs(): number {
    return this.jobQueue.length;
  }

  private async workJobs(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      while (this.jobQueue.length > 0 && !this.state.paused) {
        const job = this.jobQueue.shift()!;
        this.current = job;
        await new Promise((r) => setTimeout(r, this.opts.printDelayMs));
        this.current = undefined;
        const cancelled = this.cancelled.has(job.id);
        await this.report(job, cancelled ? { status: 'failed', reason: 'cancelled' } : this.perform(job));
      }
    } finally {
      this.working = false;
    }
  }

  /** Print or play one job; a printer fault or mute makes it fail with that reason. */
  private perform(job: JobMessage): Pick<JobResult, 'status' | 'reason' | 'message'> {
    if (Date.now() > job.expireAt) return { status: 'failed', reason: 'expired' };
    if (job.type === 'print') {
      if (this.opts.kind !== 'printer') return { status: 'failed', reason: 'invalid', message: 'not a printer' };
      const s = this.state.printerState;
      if (s !== 'normal') return { status: 'failed', reason: s === 'otherException' ? 'printerError' : s };
      const bytes = Buffer.from(job.data ?? '', 'base64');
      // the encoding of the moment it printed (its print language may change later)
      const encoding = PRINT_ENCODINGS[this.state.printParams.language] ?? 'gb18030';
      this.undecoded.push({ bytes, encoding, copies: job.copies ?? 1 });
      if (this.listenerCount('printed') > 0) this.emit('printed', decodeEscPos(bytes, encoding));
      return { status: 'success' };
    }
    if (this.state.muted && (this.state.mutedUntil === null || Date.now() < this.state.mutedUntil)) {
      return { status: 'failed', reason: 'muted' };
    }
    const said: Said = {
      ...(job.text !== undefined ? { text: job.text } : {}),
      ...(job.clips !== undefined ? { clips: job.clips } : {}),
      ...(job.language !== undefined ? { language: job.language } : {}),
      ...(job.volume !== undefined ? { volume: job.volume } : {}),
    };
    this.said.push(said);
    this.emit('said', said);
    return { status: 'success' };
  }

  private async report(job: JobMessage, outcome: Pick<JobResult, 'status' | 'reason' | 'message'>) {
    const result: JobResult = { v: PROTOCOL_VERSION, id: job.id, ts: job.ts, ...outcome };
    this.results.push(result);
    this.reported.set(job.id, result);
    if (this.reported.size > SEEN_LIMIT) this.reported.delete(this.reported.keys().next().value!);
    if (!this.takeFault('drop-result')) await this.send('result', result).catch(() => {});
    this.emit('result', result);
  }

  // ── over-the-air ─────────────────────────────────────────────────────────

  /** An upgrade offer: ack (ok, busy, invalid), then work it in the background. */
  private async onOffer(base: ReceivedBase, header: { id: string; ts: number }, raw: Buffer) {
    const offer = parsePayload(otaOfferPayload, raw);
    if (!offer) {
      this.record({ ...base, outcome: 'invalid', code: 'invalid' });
      return this.ack(header, 'invalid', 'bad upgrade offer');
    }
    const running = this.upgrading.get(offer.kind);
    if (running) {
      this.record({ ...base, cmd: offer.kind, outcome: 'executed', code: 'busy' });
      return this.ack(header, 'busy', `upgrade ${running} in progress`);
    }
    this.upgrading.set(offer.kind, offer.id);
    this.record({ ...base, cmd: offer.kind, outcome: 'executed', code: 'ok' });
    await this.ack(header, 'ok');
    void this.upgrade(offer);
  }

  private installed(kind: OtaKind, name: string): string | undefined {
    return kind === 'firmware' ? this.state.firmware : this.state.resources[name];
  }

  /** download → verifying → installing → rebooting, reconnecting on the new version; or failed. */
  private async upgrade(offer: OtaOffer) {
    const rec: UpgradeRecord = {
      id: offer.id,
      kind: offer.kind,
      name: offer.name,
      version: offer.version,
      from: this.installed(offer.kind, offer.name),
      at: Date.now(),
      steps: [],
      outcome: 'running',
    };
    this.upgrades.push(rec);
    const end = (outcome: UpgradeRecord['outcome']) => {
      rec.outcome = outcome;
      this.upgrading.delete(offer.kind);
      this.emit('upgrade', rec);
    };
    if (this.state.battery.state === 'low') {
      await this.progress(rec, 'failed', { reason: 'lowBattery', message: `battery at ${this.state.battery.level} %` });
      return end('failed');
    }
    const failure = await this.fetchAndVerify(offer, (step, progress) => {
      void this.progress(rec, step, progress === undefined ? {} : { progress });
    });
    if (failure) {
      await this.progress(rec, 'failed', failure);
      return end('failed');
    }
    await this.progress(rec, 'installing');
    await sleep(this.opts.otaInstallMs / 2);
    if (this.takeFault('ota-crash-install')) {
      // power lost halfway: the old image stays, the device boots on it
      end('crashed');
      return this.reboot('crash');
    }
    await sleep(this.opts.otaInstallMs / 2);
    await this.progress(rec, 'rebooting');
    if (offer.kind === 'firmware') this.state.firmware = offer.version;
    else this.state.resources[offer.name] = offer.version;
    end('installed');
    await this.reboot(this.takeFault('ota-never-returns') ? 'never' : 'orderly');
  }

  /**
   * Download and check size and hashes, reporting steps through `onStep`. Null when the file is
   * good; otherwise the failure reason and a message for the server.
   */
  private async fetchAndVerify(
    target: FileTarget,
    onStep?: (step: 'downloading' | 'verifying', progress?: number) => void,
    keep?: (data: Buffer) => void,
  ): Promise<{ reason: 'downloadFailed' | 'checksumMismatch'; message: string } | null> {
    onStep?.('downloading', 0);
    let got;
    try {
      if (this.takeFault('ota-download-fail')) throw new DownloadError('download broke off (ota-download-fail)');
      got = await download(target, {
        onProgress: (p) => onStep?.('downloading', p),
        chunkDelayMs: this.faults.has('ota-slow') ? this.opts.otaSlowChunkMs : 0,
        timeoutMs: this.opts.downloadTimeoutMs,
        keep: !!keep,
      });
    } catch (err) {
      return { reason: 'downloadFailed', message: (err as Error).message.slice(0, 256) };
    }
    onStep?.('verifying');
    const wrong = this.takeFault('ota-bad-checksum') ? 'SHA-256 mismatch (ota-bad-checksum)' : mismatch(target, got);
    if (wrong) return { reason: 'checksumMismatch', message: wrong };
    if (got.data) keep?.(got.data);
    return null;
  }

  private async progress(
    rec: UpgradeRecord,
    step: OtaStep,
    extra: { progress?: number; reason?: OtaFailureReason; message?: string } = {},
  ) {
    rec.steps.push({ step, at: Date.now(), ...extra });
    const p: OtaProgress = { v: PROTOCOL_VERSION, id: rec.id, ts: Date.now(), step, ...extra };
    this.emit('ota', p);
    await this.send('ota', p).catch(() => {});
  }

  /**
   * After an upgrade: orderly goodbye, away for otaRebootMs, back with a boot event. 'crash': the
   * connection just drops (no goodbye). 'never': it stays away until start().
   */
  private async reboot(how: 'orderly' | 'crash' | 'never') {
    if (how === 'never') {
      // it decides to stay down before it goes: it reads as offline from the start of its goodbye,
      // and a start() from then on (the goodbye waits for the broker) must bring it back
      this.stopped = true;
      clearTimeout(this.reconnectTimer);
    }
    if (how === 'crash') this.dropConnection();
    else await this.disconnect('upgrade');
    if (how === 'never' || this.stopped) return;
    this.once('online', () => this.sendEvent({ type: 'boot', firmware: this.state.firmware }));
    this.scheduleReconnect(this.opts.otaRebootMs);
  }

  // ── push tasks ───────────────────────────────────────────────────────────

  /** A push task's message: new print parameters, a message, a resource pack or a startup logo to fetch. */
  private async onConfig(base: ReceivedBase, header: { id: string; ts: number }, raw: Buffer) {
    const msg = parsePayload(configPayload, raw);
    const answer = async (code: Ack['code'], message?: string) => {
      this.record({ ...base, cmd: msg?.type, outcome: code === 'invalid' ? 'invalid' : 'executed', code });
      await this.ack(header, code, message);
    };
    if (!msg) return answer('invalid', 'bad config message');
    const done = await this.applyConfig(msg);
    return answer(done.code, done.message);
  }

  private async applyConfig(msg: ConfigMessage): Promise<{ code: Ack['code']; message?: string }> {
    const s = this.state;
    switch (msg.type) {
      case 'config': {
        const merged = printParamsSchema.safeParse({ ...s.printParams, ...msg.config });
        if (!msg.config || !merged.success) return { code: 'invalid', message: 'bad print parameters' };
        s.printParams = merged.data;
        if (msg.config.volume !== undefined) s.volume = merged.data.volume;
        return { code: 'ok' };
      }
      case 'message': {
        if (!msg.message) return { code: 'invalid', message: 'no message' };
        this.messages.push({ id: msg.id, at: Date.now(), text: msg.message });
        if (this.opts.kind === 'speaker') {
          this.said.push({ text: msg.message });
          this.emit('said', { text: msg.message });
        }
        return { code: 'ok' };
      }
      case 'resource': {
        if (!msg.resource) return { code: 'invalid', message: 'no resource' };
        const failure = await this.fetchAndVerify(msg.resource);
        if (failure) return { code: 'failed', message: `${failure.reason}: ${failure.message}`.slice(0, 256) };
        s.resources[msg.resource.name] = msg.resource.version;
        // the new pack version reaches Herald with the next telemetry; send it now
        void this.sendTelemetry().catch(() => {});
        return { code: 'ok' };
      }
      case 'logo':
        return this.setStartupLogo(msg.logo);
    }
  }

  /**
   * A printer keeps a monochrome BMP as its startup logo, no wider than its print head; a
   * speaker has nothing to print it on.
   */
  private async setStartupLogo(target: ConfigMessage['logo']): Promise<{ code: Ack['code']; message?: string }> {
    if (this.opts.kind !== 'printer') return { code: 'unsupported', message: 'no printer to keep a logo' };
    if (!target) return { code: 'invalid', message: 'no logo' };
    let data: Buffer | undefined;
    const failure = await this.fetchAndVerify(target, undefined, (d) => (data = d));
    if (failure) return { code: 'failed', message: `${failure.reason}: ${failure.message}`.slice(0, 256) };
    const bmp = data ? bmpHeader(data) : null;
    if (!bmp || bmp.bitsPerPixel !== 1) return { code: 'invalid', message: 'not a monochrome BMP' };
    const dots = PAPER_DOTS[this.state.printParams.paperWidth];
    if (bmp.width > dots) {
      return { code: 'failed', message: `logo ${bmp.width} dots wide, the print head has ${dots}` };
    }
    this.state.startupLogo = { sha256: target.sha256, width: bmp.width, height: bmp.height };
    // Herald learns which logo the printer holds from its next telemetry; send it now
    void this.sendTelemetry().catch(() => {});
    return { code: 'ok' };
  }

  /** Restart: orderly disconnect, a pause, reconnect, and a boot event. */
  private async restart() {
    await this.disconnect('restart');
    if (this.stopped) return;
    this.once('online', () => this.sendEvent({ type: 'boot', firmware: this.state.firmware }));
    this.scheduleReconnect(this.opts.restartDelayMs);
  }
}
