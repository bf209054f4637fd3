import { EventEmitter } from 'node:events';
import {
  DEFAULT_PRINT_PARAMS,
  KEEPALIVE_SECONDS,
  PROTOCOL_VERSION,
  type BatteryState,
  type DeviceEvent,
  type JobResult,
  type Telemetry,
} from '@herald/contract';
import { Connection } from './device/connection';
import type { DeviceContext } from './device/context';
import { Downlink } from './device/downlink';
import { Faults } from './device/faults';
import { Jobs } from './device/jobs';
import { logFile } from './device/log-upload';
import { Ota } from './device/ota';
import { PushConfig } from './device/push-config';
import { reportTs, telemetryOf } from './device/telemetry';
import type {
  DeviceOptions,
  DeviceState,
  Fault,
  PushedMessage,
  Received,
  Said,
  Settings,
  UpgradeRecord,
} from './device/types';

export { FAULTS } from './device/types';
export type { DeviceOptions, DeviceState, Fault, PushedMessage, Received, Said, UpgradeRecord } from './device/types';

/**
 * A virtual printer or speaker speaking exactly the device protocol (docs/device-protocol.md):
 * it connects with HMAC credentials and a last will, reports presence and telemetry, obeys
 * commands, acks with the echoed `ts`, drops duplicate ids, ignores expired messages and
 * reconnects with exponential backoff and jitter.
 *
 * This class is the device's public face; each concern lives in a part under ./device
 * (connection, downlink, jobs, ota, push-config, faults, telemetry, log-upload), and the parts
 * share one DeviceContext built here.
 *
 * Events: 'online', 'offline', 'refused' (CONNACK code), 'received' (Received), 'acked' (Ack).
 */
export class VirtualDevice extends EventEmitter {
  readonly sn: string;
  state: DeviceState;
  readonly received: Received[];
  readonly faults: Set<Fault>;
  /** the CONNACK return code of the last refused connection */
  lastRefusal: number | undefined;
  connects = 0;
  /** announcements played */
  readonly said: Said[] = [];
  /** results reported, in order */
  readonly results: JobResult[];
  /** upgrade offers taken on, in arrival order */
  readonly upgrades: UpgradeRecord[];
  /** push-task messages received */
  readonly messages: PushedMessage[];
  /** uses left of a counted fault (absent: on until cleared) */
  readonly faultCounts: Map<Fault, number>;

  private readonly opts: Settings;
  private readonly connection: Connection;
  private readonly jobs: Jobs;
  private readonly faultSwitch: Faults;
  private readonly downlink: Downlink;

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
      lastReportTs: 0,
      paused: false,
      printParams: { ...DEFAULT_PRINT_PARAMS },
      qr: { enabled: false },
      location: { lat: 22.54 + Math.random() * 0.1, lng: 114.05 + Math.random() * 0.1 },
      cells: null,
      startupLogo: null,
    };

    // a getter: tests may give the device a new state object, and the parts must see it
    const state = () => this.state;
    const ctx: DeviceContext = {
      sn: this.sn,
      opts: this.opts,
      get state() {
        return state();
      },
      events: this,
      said: this.said,
      send: (kind, payload) => this.connection.send(kind, payload),
      sendEvent: (e) => this.sendEvent(e),
      sendStateEvent: (e) => {
        if (this.opts.stateEvents) this.sendEvent(e);
      },
      sendTelemetry: () => this.sendTelemetry(),
      hasFault: (f) => this.faults.has(f),
      takeFault: (f) => this.faultSwitch.take(f),
      record: (r) => this.downlink.record(r),
      ack: (...args) => this.downlink.ack(...args),
    };
    this.faultSwitch = new Faults(ctx);
    this.faults = this.faultSwitch.on;
    this.faultCounts = this.faultSwitch.counts;
    this.downlink = new Downlink(ctx);
    this.received = this.downlink.received;
    this.connection = new Connection(ctx, {
      message: (topic, raw) => void this.downlink.onMessage(topic, raw),
      connected: () => {
        this.lastRefusal = undefined;
        this.connects++;
      },
      refused: (code) => {
        this.lastRefusal = code;
        this.emit('refused', code);
      },
    });
    this.jobs = new Jobs(ctx);
    this.results = this.jobs.results;
    const ota = new Ota(ctx, this.connection);
    this.upgrades = ota.upgrades;
    const config = new PushConfig(ctx);
    this.messages = config.messages;
    this.downlink.wire({
      ctx,
      faults: this.faultSwitch,
      jobs: this.jobs,
      connection: this.connection,
      ota,
      config,
      logFile: () => this.logFile(),
    });
  }

  /**
   * Receipts printed, decoded from the ESC/POS they arrived as (one entry per copy), decoded
   * when read (see Jobs.printed).
   */
  get printed(): readonly string[] {
    return this.jobs.printed;
  }

  get online(): boolean {
    return this.connection.online;
  }

  /** Start connecting (and keep reconnecting until stop()). */
  start(): void {
    this.connection.start();
  }

  /** Disconnect in an orderly way (offline presence first) and stop reconnecting. */
  stop(): Promise<void> {
    return this.connection.stop();
  }

  /**
   * Power cut: the connection drops without a DISCONNECT (the broker publishes the last will)
   * and the device stays down until start().
   */
  crash(): void {
    this.connection.crash();
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

  /**
   * Switch a fault on. With `count`, it wears off after that many uses (ota-* faults: that many
   * downloads, verifications, installs or reboots); ota-download-fail defaults to 1.
   */
  injectFault(fault: Fault, count?: number): void {
    this.faultSwitch.inject(fault, count);
  }

  clearFault(fault: Fault): void {
    this.faultSwitch.clear(fault);
  }

  /**
   * The battery as the device will report it from now on (a speaker at 8 % may still call its
   * state "sufficient"); an event tells Herald at once unless `stateEvents` is off.
   */
  setBattery(level: number, state: BatteryState = this.state.battery.state): void {
    this.state.battery = { level, state };
    if (this.opts.stateEvents) this.sendEvent({ type: 'battery', battery: this.state.battery });
  }

  telemetry(): Telemetry {
    return telemetryOf(this.state, this.opts.kind);
  }

  sendTelemetry(): Promise<void> {
    return this.connection.send('telemetry', this.telemetry());
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

  /** Jobs still waiting (paused, or behind the one being printed). */
  get queuedJobs(): number {
    return this.jobs.queued;
  }

  /** A generated log file: what this device received, one line each. */
  logFile(): string {
    return logFile(this.sn, this.state.firmware, this.received);
  }

  private sendEvent(e: Omit<DeviceEvent, 'v' | 'ts'>) {
    void this.connection.send('event', { v: PROTOCOL_VERSION, ts: reportTs(this.state), ...e }).catch(() => {});
  }
}
