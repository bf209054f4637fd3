/**
 * Over-the-air: uploaded files, packages, upgrade tasks and their per-device executions, push
 * tasks and SmartConfig app versions. States and limits shared by server, console and simulator.
 */
import { VERSION_RE } from './validation';

// ── files ─────────────────────────────────────────────────────────────────

const MB = 1024 * 1024;
/** What an upload is for; decides its size limit, accepted formats and who may upload it. */
export const FILE_PURPOSES = ['firmware', 'resource', 'smartConfig', 'logo'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
/** Spec section 5: packages zip/gz/pz up to 10 MB; SmartConfig .apk up to 50 MB. */
export const FILE_LIMITS: Record<
  FilePurpose,
  { maxBytes: number; extensions: readonly string[]; /** the message past maxBytes */ tooLargeKey: string }
> = {
  firmware: { maxBytes: 10 * MB, extensions: ['zip', 'gz', 'pz', 'bin'], tooLargeKey: 'error.packageTooLarge' },
  resource: { maxBytes: 10 * MB, extensions: ['zip', 'gz', 'pz'], tooLargeKey: 'error.packageTooLarge' },
  smartConfig: { maxBytes: 50 * MB, extensions: ['apk'], tooLargeKey: 'error.apkTooLarge' },
  logo: { maxBytes: 64 * 1024, extensions: ['bmp'], tooLargeKey: 'error.logoTooLarge' },
};
/**
 * A printer's startup logo (spec section 5: "Startup logo: bmp only"): a monochrome (1-bit) BMP,
 * as printers keep it in their memory as a bit image, at most 576 dots wide (an 80 mm head; a
 * 58 mm printer has 384 and refuses a wider logo) and 576 high.
 */
export const STARTUP_LOGO_MAX_WIDTH = 576;
export const STARTUP_LOGO_MAX_HEIGHT = 576;
/** Print-head dots across, by paper width (203 dpi heads). */
export const PAPER_DOTS: Record<58 | 80, number> = { 58: 384, 80: 576 };

/** BITMAPINFOHEADER (40) and its successors; the 12-byte OS/2 core header is not read. */
const BMP_INFO_HEADERS = [40, 52, 56, 108, 124];

/**
 * A BMP's header, when it holds together: a known info header, one plane, a colour table that
 * fits between the headers and the pixels, and the pixels after both. Null otherwise.
 */
export function bmpHeader(
  b: Uint8Array,
): { width: number; height: number; bitsPerPixel: number; compression: number; pixelsAt: number } | null {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const info = view.getUint32(14, true);
  const bitsPerPixel = view.getUint16(28, true);
  if (!BMP_INFO_HEADERS.includes(info) || view.getUint16(26, true) !== 1) return null;
  const used = view.getUint32(46, true);
  const paletteMax = bitsPerPixel <= 8 ? 2 ** bitsPerPixel : 0;
  if (used > Math.max(paletteMax, 256)) return null;
  const colours = used || paletteMax;
  const pixelsAt = view.getUint32(10, true);
  if (pixelsAt < 14 + info + 4 * colours || pixelsAt > b.length) return null;
  return {
    width: view.getInt32(18, true),
    // negative: stored top-down
    height: Math.abs(view.getInt32(22, true)),
    bitsPerPixel,
    compression: view.getUint32(30, true),
    pixelsAt,
  };
}
/** Archive listing limits (zip bombs): entries, total uncompressed bytes, and ratio per entry. */
export const ARCHIVE_MAX_ENTRIES = 10_000;
export const ARCHIVE_MAX_UNCOMPRESSED = 512 * MB;
export const ARCHIVE_MAX_RATIO = 200;
/** Signed download URLs handed to devices last this long. */
export const DOWNLOAD_URL_TTL_MS = 6 * 3600 * 1000;

// ── versions ──────────────────────────────────────────────────────────────

/** Compare two x.xx.xx.xx versions part by part as numbers: <0, 0, >0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
export const isVersion = (v: string) => VERSION_RE.test(v);

// ── packages ──────────────────────────────────────────────────────────────

export const SIGN_ALGORITHMS = ['md5', 'sha256', 'rsa-sha256'] as const;
export type SignAlgorithm = (typeof SIGN_ALGORITHMS)[number];
/** Whole (full image) or split (a delta from `baseVersion`). */
export const PACKAGE_TYPES = ['whole', 'split'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
/** A language pack is the voice clips of one speak language; other resource packs are opaque. */
export const RESOURCE_KINDS = ['language', 'resource'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
/** A language pack's clips are files named `<clip id>.<ext>` with one of these extensions. */
export const CLIP_EXTENSIONS = ['mp3', 'wav', 'amr', 'opus', 'pcm'] as const;

// ── upgrade (OTA) tasks ───────────────────────────────────────────────────

/** Task type (spec): app package 0, language package 1. */
export const OtaTaskType = { APP: 0, LANGUAGE: 1 } as const;
export const OTA_TASK_TYPES = [0, 1] as const;

/** Upgrade task status (spec section 4), plus expired. */
export const OtaTaskStatus = {
  PENDING_PUSH: 1,
  UPGRADING: 2,
  SUCCESS: 3,
  FAILED: 4,
  CANCELLED: 5,
  EXPIRED: 6,
  /** stopped by an abort criterion or by hand; queued devices wait, and resume continues it */
  ABORTED: 7,
} as const;
export const OTA_TASK_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;

/** Task creation status (spec section 4). */
export const TaskCreationStatus = {
  CREATE_FAILED: -1,
  CREATING: 0,
  NOT_STARTED: 1,
  IN_PROGRESS: 2,
  ENDED: 3,
  CANCELLED: 4,
  EXPIRED: 5,
} as const;
export const TASK_CREATION_STATUSES = [-1, 0, 1, 2, 3, 4, 5] as const;

/** Schedule view (spec): not started, in progress, ended — derived from the creation status. */
export const SCHEDULE_STATES = ['notStarted', 'inProgress', 'ended'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];
export function scheduleStateOf(creationStatus: number): ScheduleState {
  if (creationStatus === TaskCreationStatus.CREATING || creationStatus === TaskCreationStatus.NOT_STARTED)
    return 'notStarted';
  if (creationStatus === TaskCreationStatus.IN_PROGRESS) return 'inProgress';
  return 'ended';
}

/** Device scope of a task (spec): all, specified devices, by group, by S/N (group and S/N exclusive). */
export const TASK_SCOPES = ['all', 'devices', 'group', 'sn'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];
export const TASK_SCOPE_MAX_ITEMS = 10_000;
/**
 * An upgrade task's scope may also be one of the account's cohorts (named device sets); push
 * tasks keep the four scopes above.
 */
export const OTA_TASK_SCOPES = [...TASK_SCOPES, 'cohort'] as const;
export type OtaTaskScope = (typeof OTA_TASK_SCOPES)[number];
/** Where a cohort's devices came from: a device-list filter, a spreadsheet of S/Ns, picked by hand. */
export const OTA_COHORT_SOURCES = ['filter', 'file', 'manual'] as const;
export type OtaCohortSource = (typeof OTA_COHORT_SOURCES)[number];
export const OTA_COHORT_NAME_MAX = 64;

/** Limits of a task's knobs. */
export const OTA_RETRIES_MAX = 5;
export const OTA_TIMEOUT_MINUTES_MAX = 24 * 60;
/** Rollout pace: devices offered per minute (0 = as fast as the gateway allows). */
export const OTA_PACE_MAX = 100_000;
/** Effective time must be more than five minutes ahead (spec); omitted means "start now". */
export const EFFECTIVE_TIME_MIN_LEAD_MS = 5 * 60 * 1000;
/** A task ends at the latest this long after it started (devices still offline then are not upgraded). */
export const OTA_TASK_MAX_DAYS = 30;

// ── campaigns: phases and abort criteria ─────────────────────────────────

/** A phased task has at most this many phases; their shares of the scope add up to 100 %. */
export const OTA_PHASES_MAX = 5;
/** A soak (wait after a phase started before it may be promoted) of at most a week. */
export const OTA_SOAK_MINUTES_MAX = 7 * 24 * 60;
/**
 * Failure kinds an abort criterion counts among finished executions: failed (the device reported
 * a failure, not a rollback), timed out, rolled back (came back on the old version), or any of them.
 */
export const OTA_ABORT_KINDS = ['failed', 'timedOut', 'rolledBack', 'any'] as const;
export type OtaAbortKind = (typeof OTA_ABORT_KINDS)[number];
/** Why a task stopped offering: paused by a person, or aborted (by a criterion or a person). */
export const OTA_HALTS = ['paused', 'aborted'] as const;
export type OtaHalt = (typeof OTA_HALTS)[number];
/** What a phase waits for before its promotion (the phase view shows them). */
export const OTA_PHASE_WAITS = ['start', 'soak', 'threshold', 'approval', 'halt'] as const;
export type OtaPhaseWait = (typeof OTA_PHASE_WAITS)[number];

/**
 * One execution per device. Active states hold the device's single OTA slot per package kind;
 * `succeeded` only when the device reconnected reporting the target version.
 */
export const EXECUTION_STATES = [
  'queued',
  'offered',
  'downloading',
  'verifying',
  'installing',
  'succeeded',
  'failed',
  'timedOut',
  'cancelled',
  'skipped',
] as const;
export type ExecutionState = (typeof EXECUTION_STATES)[number];
export const ACTIVE_EXECUTION_STATES = ['queued', 'offered', 'downloading', 'verifying', 'installing'] as const;
export const FINAL_EXECUTION_STATES = ['succeeded', 'failed', 'timedOut', 'cancelled', 'skipped'] as const;
export const isActiveExecution = (s: string) => (ACTIVE_EXECUTION_STATES as readonly string[]).includes(s);

/** Why a device was skipped, failed or cancelled (console labels `ota.reason.*`). */
export const EXECUTION_REASONS = [
  // skipped at creation or when joining
  'alreadyOnTarget',
  'belowMinimum',
  'baseVersionMismatch',
  'fromVersionMismatch',
  'modelMismatch',
  'busy',
  'deviceDisabled',
  // skipped before its offer: a declared minimum of the other slot is not met
  'languagePackTooOld',
  'firmwareTooOld',
  // reported by the device (see OTA_FAILURE_REASONS)
  'downloadFailed',
  'checksumMismatch',
  'installFailed',
  'lowBattery',
  'unsupported',
  'other',
  // decided by Herald
  'rolledBack',
  'noResponse',
  'taskCancelled',
  'taskExpired',
  'deviceDeleted',
] as const;
export type ExecutionReason = (typeof EXECUTION_REASONS)[number];

// ── push tasks ────────────────────────────────────────────────────────────

/** Push task status (spec): 1 pending, 2 pushing, 3 success, 4 failed, 5 cancelled. */
export const PushTaskStatus = { PENDING: 1, PUSHING: 2, SUCCESS: 3, FAILED: 4, CANCELLED: 5 } as const;
export const PUSH_TASK_STATUSES = [1, 2, 3, 4, 5] as const;
/**
 * What a push task sends: print parameters (config), a message the device shows/speaks, a resource
 * pack, or a printer's startup logo.
 */
export const PUSH_TYPES = ['config', 'message', 'resource', 'logo'] as const;
export type PushType = (typeof PUSH_TYPES)[number];
export const PUSH_RESULT_STATES = ['pending', 'sent', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type PushResultState = (typeof PUSH_RESULT_STATES)[number];
/** Pending deliveries to offline devices give up after this many hours by default. */
export const PUSH_TTL_HOURS_DEFAULT = 24;
export const PUSH_TTL_HOURS_MAX = 24 * 7;
export const PUSH_MESSAGE_MAX = 500;

// ── SmartConfig app ───────────────────────────────────────────────────────

export const SC_UPDATE_TYPES = ['optional', 'forced'] as const;
export type ScUpdateType = (typeof SC_UPDATE_TYPES)[number];
export const SC_STATUSES = ['listed', 'delisted'] as const;
export type ScStatus = (typeof SC_STATUSES)[number];
