import { z } from 'zod';
import {
  BATTERY_STATES,
  COMMUNICATION_TYPES,
  DENSITIES,
  NETWORK_TYPES,
  PAPER_WIDTHS,
  PRINTER_STATES,
  PRINT_LANGUAGES,
  PRINT_SPEEDS,
  VOICE_TYPES,
} from './enums';
import { unstorablePath } from '../storable';

/**
 * The device protocol in code (docs/device-protocol.md is its prose). Server and simulator build
 * and parse topics and payloads only through this module.
 *
 * Topics: `herald/<sn>/up/<kind>` (device → Herald) and `herald/<sn>/down/<kind>` (Herald → device).
 * A device may publish only to its own `up/` topics and subscribe only to its own `down/` topics.
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'herald';

export const UP_KINDS = ['presence', 'telemetry', 'ack', 'event', 'result', 'ota'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['cmd', 'job', 'ota', 'config'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

/** S/N: letters, digits, dash and underscore — never MQTT wildcards or separators. */
export const SN_RE = /^[A-Za-z0-9_-]{4,32}$/;

export const topics = {
  up: (sn: string, kind: UpKind) => `${TOPIC_ROOT}/${sn}/up/${kind}`,
  down: (sn: string, kind: DownKind) => `${TOPIC_ROOT}/${sn}/down/${kind}`,
  /** what a device subscribes to */
  deviceSubscription: (sn: string) => `${TOPIC_ROOT}/${sn}/down/+`,
  /** what Herald subscribes to; with an external broker, as a shared subscription so server processes split the load */
  serverUplink: `${TOPIC_ROOT}/+/up/+`,
  sharedServerUplink: `$share/herald/${TOPIC_ROOT}/+/up/+`,
  parse(topic: string): { sn: string; dir: 'up' | 'down'; kind: string } | null {
    const parts = topic.split('/');
    if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
    const [, sn, dir, kind] = parts as [string, string, string, string];
    if (!SN_RE.test(sn) || (dir !== 'up' && dir !== 'down')) return null;
    return { sn, dir, kind };
  },
  /** A device's uplink topic of a known kind (what Herald takes from devices), else null. */
  parseUplink(topic: string): { sn: string; kind: UpKind } | null {
    const t = topics.parse(topic);
    if (!t || t.dir !== 'up' || !(UP_KINDS as readonly string[]).includes(t.kind)) return null;
    return { sn: t.sn, kind: t.kind as UpKind };
  },
};

/** QoS per kind: jobs, commands and acks at least once (1); telemetry at most once (0). */
export const QOS: Record<UpKind | DownKind, 0 | 1> = {
  presence: 1,
  telemetry: 0,
  ack: 1,
  event: 1,
  result: 1,
  ota: 1,
  cmd: 1,
  job: 1,
  config: 1,
};

const v = z.literal(PROTOCOL_VERSION);
/**
 * A time in ms since 1970, within what a date can hold (±8.64e15 ms): a device's larger value
 * would pass as an integer and then fail a statement other devices' messages share.
 */
export const MAX_TIME_MS = 8_640_000_000_000_000;
const ms = z.number().int().nonnegative().max(MAX_TIME_MS);

// ── uplink ────────────────────────────────────────────────────────────────

export const presencePayload = z.object({
  v,
  ts: ms,
  online: z.boolean(),
  /**
   * the session key: the timestamp (ms) the device connected with (the one in its MQTT username).
   * The online message and the last will of one connection carry the same key, so Herald can tell
   * an old session's will from a new session's online message when they arrive out of order.
   */
  session: ms,
  firmware: z.string().max(32).optional(),
  /** resource/language pack versions by name (a language pack's name is its language code) */
  resources: z.record(z.string().max(32), z.string().max(32)).optional(),
  /** why the device went offline, in its last will or an orderly disconnect */
  reason: z.string().max(64).optional(),
});
export type Presence = z.infer<typeof presencePayload>;

export const cellSchema = z.object({
  mcc: z.number().int(),
  mnc: z.number().int(),
  lac: z.number().int(),
  cid: z.number().int(),
  /**
   * dBm, as the network's signal. A value outside −160–0 (a raw CSQ index, 99 or INT_MAX for
   * "unknown") is dropped, not the report: the cell then counts at the default strength.
   */
  rssi: z.number().int().min(-160).max(0).optional().catch(undefined),
});

export const telemetryPayload = z.object({
  v,
  ts: ms,
  battery: z.object({ level: z.number().int().min(0).max(100), state: z.enum(BATTERY_STATES) }).optional(),
  network: z.object({ type: z.enum(NETWORK_TYPES), signal: z.number().int().min(-150).max(100) }).optional(),
  /** bytes */
  freeMemory: z.number().int().nonnegative().optional(),
  firmware: z.string().max(32).optional(),
  /** resource/language pack versions by name */
  resources: z.record(z.string().max(32), z.string().max(32)).optional(),
  printer: z
    .object({
      state: z.enum(PRINTER_STATES),
      paperWidth: z.number().int().optional(),
      /** the startup logo the printer keeps (a push task's `logo`); a malformed one is dropped, not the report */
      logo: z
        .object({
          sha256: z.string().regex(/^[0-9a-f]{64}$/),
          width: z.number().int().min(1).max(4096),
          height: z.number().int().min(1).max(4096),
        })
        .optional()
        .catch(undefined),
    })
    .optional(),
  location: z
    .object({
      gnss: z
        .object({
          lat: z.number().min(-90).max(90),
          lng: z.number().min(-180).max(180),
          /** metres; a value outside 0–100 km (−1 or a receiver's "no fix" maximum) is dropped, not the report */
          accuracy: z.number().min(0).max(100_000).optional().catch(undefined),
        })
        .optional(),
      cells: z.array(cellSchema).max(8).optional(),
    })
    .optional(),
  volume: z.number().int().min(0).max(100).optional(),
  muted: z.boolean().optional(),
  paused: z.boolean().optional(),
});
export type Telemetry = z.infer<typeof telemetryPayload>;

export const ACK_CODES = ['ok', 'unsupported', 'invalid', 'busy', 'expired', 'failed'] as const;
export const ackPayload = z.object({
  v,
  /** id of the downlink message acknowledged */
  id: z.string().min(1).max(64),
  /** the downlink's `ts`, echoed: latency = arrival − ts on the server's own clock */
  ts: ms,
  code: z.enum(ACK_CODES),
  message: z.string().max(256).optional(),
  /** command-specific result (e.g. the state after the command) */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type Ack = z.infer<typeof ackPayload>;

/**
 * printerState: the printer state changed; battery: battery level/state crossed a threshold;
 * fault: something failed that is not a state (message says what); boot: the device (re)started.
 */
export const EVENT_TYPES = ['printerState', 'battery', 'fault', 'boot'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const eventPayload = z.object({
  v,
  ts: ms,
  type: z.enum(EVENT_TYPES),
  printerState: z.enum(PRINTER_STATES).optional(),
  battery: z.object({ level: z.number().int().min(0).max(100), state: z.enum(BATTERY_STATES) }).optional(),
  message: z.string().max(256).optional(),
  /** boot: the firmware now running */
  firmware: z.string().max(32).optional(),
});
export type DeviceEvent = z.infer<typeof eventPayload>;

// ── downlink ──────────────────────────────────────────────────────────────

export const printParamsSchema = z.object({
  language: z.enum(PRINT_LANGUAGES),
  speed: z.union(PRINT_SPEEDS.map((s) => z.literal(s)) as [z.ZodLiteral<60>, z.ZodLiteral<70>, z.ZodLiteral<90>]),
  density: z.enum(DENSITIES),
  voiceType: z.enum(VOICE_TYPES),
  volume: z.number().int().min(0).max(100),
  communicationType: z.enum(COMMUNICATION_TYPES),
  logo: z.boolean(),
  autoCut: z.boolean(),
  paperWidth: z.union(PAPER_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<58>, z.ZodLiteral<80>]),
  rateLimitSeconds: z.number().int().min(0).max(3600),
  rateLimitCount: z.number().int().min(0).max(1000),
});
export type PrintParams = z.infer<typeof printParamsSchema>;

/**
 * Print settings that only a printer has: a speaker or a broadcaster has no paper, print head or
 * cutter, so the console does not show them for one and the server keeps them as they were.
 */
export const PRINTER_ONLY_PARAMS = [
  'speed',
  'density',
  'logo',
  'autoCut',
  'paperWidth',
] as const satisfies readonly (keyof PrintParams)[];
/** A model without a type (an old row) is treated as a printer: nothing is hidden from it. */
export const isPrinterType = (modelType: string | null | undefined) => !modelType || modelType === 'printer';

export const COMMANDS = [
  'restart',
  'pause',
  'resume',
  'uploadLog',
  'setPrintParams',
  'setVolume',
  'mute',
  'unmute',
  'qrSwitch',
  'presence',
  'cancel',
] as const;
export type CommandName = (typeof COMMANDS)[number];

export const commandParams = {
  restart: z.object({}),
  pause: z.object({}),
  resume: z.object({}),
  /** the device PUTs its log file to this one-time URL */
  uploadLog: z.object({ url: z.string().url() }),
  setPrintParams: printParamsSchema,
  setVolume: z.object({ volume: z.number().int().min(0).max(100) }),
  /** muted until this time (ms); Herald lifts it at the latest after 24 hours */
  mute: z.object({ until: ms }),
  unmute: z.object({}),
  qrSwitch: z.object({ enabled: z.boolean(), password: z.string().max(32).optional() }),
  /**
   * Herald asks whether the device is there (after its broker connection came back, or when a
   * device it believes offline reports): the device acks and publishes its online presence again
   */
  presence: z.object({}),
  /**
   * Drop the job with this id (its message id) if it is still waiting on the device, and report
   * its result as failed with reason `cancelled`. The ack's `data.outcome` says what happened:
   * `dropped` (it was waiting), `unknown` (never received: a later copy is dropped too) or
   * `done` (already printed or played: too late, its result stands).
   */
  cancel: z.object({ job: z.string().uuid() }),
} satisfies Record<CommandName, z.ZodTypeAny>;

export const commandPayload = z.object({
  v,
  id: z.string().min(1).max(64),
  /** server send time (ms), echoed in the ack */
  ts: ms,
  /** the device ignores the message after this time (ms) */
  expireAt: ms,
  cmd: z.enum(COMMANDS),
  params: z.record(z.string(), z.unknown()),
});
export type CommandMessage = z.infer<typeof commandPayload>;

/** Whatever Herald sends down carries these three fields; the device acks and dedups on them. */
export const downlinkHeader = z.object({ v, id: z.string().min(1).max(64), ts: ms, expireAt: ms });

/**
 * A job: print a receipt or speak. Print jobs carry the rendered printer commands (base64) in
 * `data`; speak jobs carry `text` (TTS) or `clips` (ids from the device's language pack). The
 * device acks on arrival (the ack's code: ok, or why not), then reports the outcome on `up/result`.
 */
export const JOB_TYPES = ['print', 'speak'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const jobPayload = z.object({
  v,
  id: z.string().min(1).max(64),
  ts: ms,
  expireAt: ms,
  type: z.enum(JOB_TYPES),
  /** print: printer commands, base64 */
  data: z.string().max(1_000_000).optional(),
  /** print: the command set of `data` */
  format: z.enum(['escpos', 'starmbcs', 'starsbcs']).optional(),
  copies: z.number().int().min(1).max(9).optional(),
  /** speak: free text */
  text: z.string().max(500).optional(),
  /** speak: clip ids of the language pack, played in order */
  clips: z.array(z.string().min(1).max(64)).max(200).optional(),
  language: z.string().max(8).optional(),
  volume: z.number().int().min(0).max(100).optional(),
});
export type JobMessage = z.infer<typeof jobPayload>;

/** Why a job failed on the device (printer states, plus speaker/other reasons). */
export const RESULT_REASONS = [
  'outOfPaper',
  'coverOpen',
  'overheating',
  'printerError',
  'clipMissing',
  'muted',
  'expired',
  'invalid',
  /** dropped on Herald's `cancel` command before it printed or played */
  'cancelled',
  'other',
] as const;
export const resultPayload = z.object({
  v,
  /** the job's id */
  id: z.string().min(1).max(64),
  /** the job's `ts`, echoed */
  ts: ms,
  status: z.enum(['success', 'failed']),
  reason: z.enum(RESULT_REASONS).optional(),
  message: z.string().max(256).optional(),
});
export type JobResult = z.infer<typeof resultPayload>;

// ── connection ────────────────────────────────────────────────────────────

/**
 * Why Herald refuses a connection, and the MQTT 3.1.1 CONNACK return code the device sees.
 * Unknown and deleted devices look like a bad password (4), so S/Ns cannot be probed; a device
 * that proved its secret but may not connect gets 5.
 */
export const CONNECT_REFUSALS = {
  badClientId: 2,
  unknownDevice: 4,
  badCredentials: 4,
  staleTimestamp: 4,
  deviceDisabled: 5,
  deviceNotEnabled: 5,
  accountDisabled: 5,
  certificateRejected: 5,
  licenceExhausted: 5,
} as const;
export type ConnectRefusal = keyof typeof CONNECT_REFUSALS;

/** Keep-alive the device should use (seconds); the broker drops it after 1.5 × this without traffic. */
export const KEEPALIVE_SECONDS = 60;

// ── device HTTP ───────────────────────────────────────────────────────────

/** POST /device/v1/register (one-model-one-secret applications). */
export const deviceRegisterRequest = z.object({
  appKey: z.string().min(1).max(64),
  modelCode: z.string().min(1).max(64),
  sn: z.string().regex(SN_RE),
  /** ms; within MQTT_CLOCK_SKEW_MS of Herald's clock */
  timestamp: z.number().int().nonnegative(),
  /** hex HMAC-SHA256(appSecret, `appKey<appKey>modelCode<modelCode>sn<sn>timestamp<timestamp>`) */
  sign: z.string().regex(/^[0-9a-fA-F]{64}$/),
});
export type DeviceRegisterRequest = z.infer<typeof deviceRegisterRequest>;
export const deviceRegisterResponse = z.object({ deviceSecret: z.string() });

/** PUT /device/v1/logs/:token — the uploadLog command's one-time URL. */
export const LOG_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_UPLOAD_TTL_MS = 30 * 60 * 1000;

/** A `\u0000` or `\ud800`–`\udfff` escape: the only ways JSON text carries what unstorablePath finds. */
const RISKY_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Parse a JSON payload against a schema; null when it is not valid JSON, not valid, or holds
 * text PostgreSQL cannot store (a device's result reason is written in one statement with other
 * devices' results). The string check runs only when the text has such an escape: device
 * messages arrive thousands a second.
 */
export function parsePayload<T extends z.ZodTypeAny>(schema: T, raw: Buffer | string): z.infer<T> | null {
  try {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    const json: unknown = JSON.parse(text);
    if (RISKY_ESCAPE.test(text) && unstorablePath(json) !== undefined) return null;
    const r = schema.safeParse(json);
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

// ── over-the-air ──────────────────────────────────────────────────────────

/**
 * An upgrade offer on `down/ota`. The device acks it (ok, or busy/unsupported), downloads `url`
 * over HTTP(S) (a signed URL that expires), checks `size` and `md5`/`sha256`, installs, reboots
 * and reconnects reporting `version` (firmware: presence/telemetry `firmware`; language or
 * resource pack: `resources[name]`). Progress goes up on `up/ota` with the offer's `id`. The same
 * offer may arrive twice (QoS 1): same `id`, do it once.
 */
export const OTA_KINDS = ['firmware', 'resource'] as const;
export type OtaKind = (typeof OTA_KINDS)[number];
export const otaOfferPayload = z.object({
  v,
  /** the offer's id: one per attempt of an execution */
  id: z.string().min(1).max(64),
  ts: ms,
  /** give up starting after this time (ms) */
  expireAt: ms,
  kind: z.enum(OTA_KINDS),
  /** firmware: the app name; resource: the pack's name (a language pack's name is its language code) */
  name: z.string().min(1).max(64),
  /** the target version (x.xx.xx.xx) */
  version: z.string().min(1).max(32),
  /** split packages: the version the delta applies to */
  baseVersion: z.string().max(32).optional(),
  url: z.string().url().max(2048),
  size: z.number().int().nonnegative(),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** minutes the whole upgrade may take before Herald counts it as timed out */
  timeoutMinutes: z.number().int().positive(),
});
export type OtaOffer = z.infer<typeof otaOfferPayload>;

/** Upgrade steps the device reports; `rebooting` is the last word before it reconnects. */
export const OTA_STEPS = ['downloading', 'verifying', 'installing', 'rebooting', 'failed'] as const;
export type OtaStep = (typeof OTA_STEPS)[number];
export const OTA_FAILURE_REASONS = [
  'downloadFailed',
  'checksumMismatch',
  'installFailed',
  'lowBattery',
  'unsupported',
  'other',
] as const;
export type OtaFailureReason = (typeof OTA_FAILURE_REASONS)[number];
export const otaProgressPayload = z.object({
  v,
  /** the offer's id */
  id: z.string().min(1).max(64),
  ts: ms,
  step: z.enum(OTA_STEPS),
  /** downloading: percent done */
  progress: z.number().int().min(0).max(100).optional(),
  /** step failed: why */
  reason: z.enum(OTA_FAILURE_REASONS).optional(),
  message: z.string().max(256).optional(),
});
export type OtaProgress = z.infer<typeof otaProgressPayload>;

/**
 * A push task's message on `down/config`: new print parameters (any subset), a message to show
 * or speak, or a resource pack to fetch. The device answers with an ack (`ok` once applied; for a
 * resource, once downloaded and verified) carrying the message's id.
 */
export const configPayload = z.object({
  v,
  id: z.string().min(1).max(64),
  ts: ms,
  expireAt: ms,
  type: z.enum(['config', 'message', 'resource', 'logo']),
  config: printParamsSchema.partial().optional(),
  message: z.string().max(500).optional(),
  resource: z
    .object({
      name: z.string().min(1).max(64),
      version: z.string().min(1).max(32),
      url: z.string().url().max(2048),
      size: z.number().int().nonnegative(),
      md5: z.string().regex(/^[0-9a-f]{32}$/),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
  /** type 'logo': a monochrome BMP to fetch, verify and keep as the printer's startup logo */
  logo: z
    .object({
      url: z.string().url().max(2048),
      size: z.number().int().nonnegative(),
      md5: z.string().regex(/^[0-9a-f]{32}$/),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
});
export type ConfigMessage = z.infer<typeof configPayload>;
