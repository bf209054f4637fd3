/**
 * The print and voice pipeline: job states, business types, transaction broadcast vocabulary,
 * open API signing and limits. Server, console, SDK and simulator read them from here.
 */

/** Print/broadcast job status (spec section 4). */
export const JobStatus = {
  NOT_PUSHED: 0,
  PUSHED: 1,
  PUSH_SUCCEEDED: 2,
  SUCCESS: 3,
  FAILED: 4,
  TIMEOUT: 5,
} as const;
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];
export const JOB_STATUSES = [0, 1, 2, 3, 4, 5] as const;
/** A job in one of these states is finished; only a device's late report changes it (below). */
export const isFinalJobStatus = (s: number) => s >= JobStatus.SUCCESS;
/**
 * The reason of a job that reached its expiry after it was sent and before the device reported
 * it (status 5): not confirmed, not lost. Herald keeps asking the device (it sends the job again;
 * the device answers a repeated id with its result, or `expired` when it never had it) for
 * UNCONFIRMED_WINDOW_MS after the expiry, and a late result replaces the timeout with the real
 * outcome (docs/reliability.md).
 */
export const UNCONFIRMED = 'notConfirmed';
export const UNCONFIRMED_WINDOW_MS = 24 * 3600_000;

/**
 * The reason of a job cancelled before its device took it (status 4): the spec's job statuses
 * have no "cancelled", and a cancelled job did not print, which is what 4 tells an integrator
 * (docs/decisions.md). Only a job still at 0 or 1 may be cancelled: at 2 the device has it.
 */
export const CANCELLED = 'cancelled';
export const isCancellableJobStatus = (s: number) => s === JobStatus.NOT_PUSHED || s === JobStatus.PUSHED;

/** Gateway publish record status (spec): 0 not pushed, 1 pushed, 2 push succeeded. */
export const PublishStatus = { NOT_PUSHED: 0, PUSHED: 1, PUSH_SUCCEEDED: 2 } as const;

/** General request result (spec): 0 failed, 1 success, 2 processing. */
export const GeneralResult = { FAILED: 0, SUCCESS: 1, PROCESSING: 2 } as const;

/** Job kinds: a receipt, a free speech (text or clips), a transaction broadcast (amount → clips). */
export const JOB_KINDS = ['print', 'speak', 'trade'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_SOURCES = ['api', 'console'] as const;

/** Business types (spec: print also appears as a type; broadcast 1, notification 2). */
export const BusinessType = { PRINT: 0, BROADCAST: 1, NOTIFICATION: 2 } as const;
export const BUSINESS_TYPES = [0, 1, 2] as const;

/** Printer command sets a template renders to (receiptline's command options). */
export const TEMPLATE_COMMANDS = ['escpos', 'starmbcs', 'starsbcs'] as const;
export type TemplateCommand = (typeof TEMPLATE_COMMANDS)[number];
/** Characters per line by paper width (ARCHITECTURE: 32 at 58 mm, 48 at 80 mm). */
export const CHARS_PER_LINE: Record<58 | 80, number> = { 58: 32, 80: 48 };
export const TEMPLATE_BODY_MAX = 20_000;
/**
 * Most printer command bytes one receipt may render to (one copy). A long text receipt of the
 * largest body is ~120 kB; past this it is almost certainly a mistake (hundreds of QR codes or
 * images) and would be a message no printer's buffer takes.
 */
export const RECEIPT_BYTES_MAX = 512 * 1024;
export const TEMPLATE_PARAM_RE = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/** Transaction broadcast: payment types, languages (of the voice packs) and currencies. */
export const PAYMENT_TYPES = ['alipay', 'wechat', 'unionpay', 'card', 'cash', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Mandarin, Cantonese, English, Thai, Bengali, Spanish, Portuguese, Hindi. */
export const SPEAK_LANGUAGES = ['zh_CN', 'yue', 'en_US', 'th', 'bn', 'es', 'pt', 'hi'] as const;
export type SpeakLanguage = (typeof SPEAK_LANGUAGES)[number];
export const CURRENCIES = ['CNY', 'HKD', 'USD', 'THB', 'BDT', 'EUR', 'MXN', 'BRL', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Largest amount a broadcast reads out (below 1,000,000,000,000 in every language's grammar). */
export const TRADE_AMOUNT_MAX = 999_999_999.99;

/** Limits of the open API. */
export const OPEN_API = {
  /** signed requests carry a timestamp (ms) within this much of Herald's clock */
  clockSkewMs: 5 * 60 * 1000,
  nonceRe: /^[A-Za-z0-9_-]{8,64}$/,
  bodyLimitBytes: 64 * 1024,
  copiesMax: 9,
  speakTextMax: 500,
  clipsMax: 100,
  /** a job without an explicit expiry expires after this long */
  defaultExpirySeconds: 300,
  maxExpirySeconds: 24 * 3600,
  minExpirySeconds: 5,
  headers: {
    appKey: 'x-herald-appkey',
    timestamp: 'x-herald-timestamp',
    nonce: 'x-herald-nonce',
    signature: 'x-herald-signature',
  },
} as const;

/**
 * The string an open API request signs: HMAC-SHA256(secret, this), hex. Method and path are in it
 * so a signed print cannot be replayed against another call; the body is hashed so the signed
 * string stays short for large receipts.
 */
export function openApiStringToSign(p: {
  appKey: string;
  timestamp: string | number;
  nonce: string;
  method: string;
  path: string;
  bodySha256Hex: string;
}): string {
  return [p.appKey, String(p.timestamp), p.nonce, p.method.toUpperCase(), p.path, p.bodySha256Hex].join('\n');
}

/** Webhook events an account can point a push address at. */
export const WEBHOOK_EVENTS = ['print', 'speak', 'trade'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_HEADERS = {
  event: 'x-herald-event',
  delivery: 'x-herald-delivery',
  timestamp: 'x-herald-timestamp',
  /** hex HMAC-SHA256(api secret, `<timestamp>\n<raw body>`) */
  signature: 'x-herald-signature',
  /**
   * during the overlap of a rotation of the signing key: the same HMAC with its old secret, so a
   * receiver still holding the old secret keeps verifying until it has deployed the new one
   */
  signaturePrevious: 'x-herald-signature-previous',
} as const;
/** Delays before attempt 2, 3, ... (ms); after the last one the delivery is given up. */
export const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000] as const;
export const WEBHOOK_TIMEOUT_MS = 5_000;
