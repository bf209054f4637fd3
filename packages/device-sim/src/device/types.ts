import type { IClientOptions } from 'mqtt';
import type {
  Ack,
  BatteryState,
  NetworkType,
  OtaFailureReason,
  OtaKind,
  OtaStep,
  PrintParams,
  PrinterState,
  Telemetry,
} from '@herald/contract';

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
  /** the `ts` of the last state report (telemetry or event): each next one is at least a millisecond later */
  lastReportTs: number;
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

/** The options with every default filled in. */
export type Settings = Required<
  Omit<DeviceOptions, 'mqttOptions' | 'firmware' | 'kind' | 'credentials' | 'resources'>
> &
  Pick<DeviceOptions, 'mqttOptions' | 'credentials'> & { kind: 'printer' | 'speaker' };

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

/** What every downlink message carries that an answer needs. */
export type Header = { id: string; ts: number };

/** The Received line of a message before its outcome is known. */
export type ReceivedBase = { kind: string; id: string; payload: unknown };

/** What a handler answers with: the ack's code, and what goes with it. */
export type Answer = { code: Ack['code']; message?: string; data?: Record<string, unknown> };
