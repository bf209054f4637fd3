import { z } from 'zod';
import { BATTERY_STATES, PRINTER_STATES } from '../device/enums';
import { SN_RE } from '../device/protocol';
import {
  CURRENCIES,
  JOB_KINDS,
  OPEN_API,
  PAYMENT_TYPES,
  SPEAK_LANGUAGES,
  TEMPLATE_BODY_MAX,
  TRADE_AMOUNT_MAX,
} from '../pipeline';

/**
 * The signed open API (`POST /open/v1/*`, docs/open-api.md). Bodies are JSON; every answer is the
 * usual envelope `{code, message, data}`. The SDK types its client from these schemas.
 */

const requiredOr = (fallback: string) => (i: { input: unknown }) =>
  i.input === undefined || i.input === null ? 'validation.required' : fallback;

export const openSnField = z
  .string({ error: requiredOr('error.snInvalid') })
  .trim()
  .min(1, 'validation.required')
  .regex(SN_RE, 'error.snInvalid');

/** The caller's own reference: unique per account (a repeat is 'Requested order ID already exists'). */
export const openOrderIdField = z
  .string({ error: 'validation.format' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.maxLength')
  .regex(/^[\x21-\x7e]+$/, 'validation.format');

const idField = z
  .number({ error: requiredOr('validation.number') })
  .int('validation.integer')
  .positive('validation.positiveInteger');

/** Template and business ids are 32-bit in the database: a larger one names nothing. */
const INT4_MAX = 2_147_483_647;
const templateIdField = idField.max(INT4_MAX, 'error.templateInvalid');
const businessIdField = idField.max(INT4_MAX, 'error.businessInvalid');

/** Template/voice parameters: name → string or number. */
export const openParamsField = z
  .record(
    z.string().max(32, 'validation.maxLength'),
    z.union([z.string().max(1000, 'validation.maxLength'), z.number()]),
  )
  .refine((p) => Object.keys(p).length <= 100, 'validation.format');

export const openExpireField = z
  .number({ error: 'validation.number' })
  .int('validation.integer')
  .min(OPEN_API.minExpirySeconds, 'validation.format')
  .max(OPEN_API.maxExpirySeconds, 'validation.format');

/** POST /open/v1/print — exactly one of templateId, businessId (a print business) or content (receiptline markup). */
export const openPrintRequest = z
  .object({
    sn: openSnField,
    templateId: templateIdField.optional(),
    businessId: businessIdField.optional(),
    content: z.string().min(1, 'validation.required').max(TEMPLATE_BODY_MAX, 'validation.maxLength').optional(),
    orderId: openOrderIdField.optional(),
    params: openParamsField.optional(),
    copies: z
      .number({ error: 'validation.number' })
      .int('validation.integer')
      .min(1, 'validation.format')
      .max(OPEN_API.copiesMax, 'validation.format')
      .optional(),
    /** seconds until the job expires (default OPEN_API.defaultExpirySeconds) */
    expireSeconds: openExpireField.optional(),
    /** refuse with 'device not online' instead of queueing for an offline device */
    onlineOnly: z.boolean({ error: 'validation.format' }).optional(),
  })
  .superRefine((b, ctx) => {
    const given = [b.templateId, b.businessId, b.content].filter((x) => x !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', message: 'error.printContentRequired', path: ['content'] });
  });
export type OpenPrintRequest = z.infer<typeof openPrintRequest>;

/** POST /open/v1/speak — free text, clip ids of the voice pack, or a broadcast/notification business. */
export const openSpeakRequest = z
  .object({
    sn: openSnField,
    text: z.string().trim().min(1, 'validation.required').max(OPEN_API.speakTextMax, 'validation.maxLength').optional(),
    clips: z
      .array(z.string().min(1, 'validation.required').max(64, 'validation.maxLength'))
      .min(1, 'validation.required')
      .max(OPEN_API.clipsMax, 'validation.maxLength')
      .optional(),
    businessId: businessIdField.optional(),
    params: openParamsField.optional(),
    volume: z
      .number({ error: 'validation.number' })
      .int('validation.integer')
      .min(0, 'validation.volumeRange')
      .max(100, 'validation.volumeRange')
      .optional(),
    orderId: openOrderIdField.optional(),
    expireSeconds: openExpireField.optional(),
    onlineOnly: z.boolean({ error: 'validation.format' }).optional(),
  })
  .superRefine((b, ctx) => {
    const given = [b.text, b.clips, b.businessId].filter((x) => x !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', message: 'error.speakContentRequired', path: ['text'] });
  });
export type OpenSpeakRequest = z.infer<typeof openSpeakRequest>;

/** An amount as a decimal string or number: > 0, at most two decimals, at most TRADE_AMOUNT_MAX. */
export const tradeAmountField = z
  .union([z.string(), z.number()], { error: 'error.amountInvalid' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(s) || Number(s) <= 0 || Number(s) > TRADE_AMOUNT_MAX) {
      ctx.addIssue({ code: 'custom', message: 'error.amountInvalid' });
      return z.NEVER;
    }
    // canonical form: no leading zeros ("007.5" → "7.5")
    const [int, dec] = s.split('.');
    return `${String(Number(int))}${dec !== undefined ? `.${dec}` : ''}`;
  });

/** POST /open/v1/trade — transaction broadcast. */
export const openTradeRequest = z.object({
  sn: openSnField,
  amount: tradeAmountField,
  currency: z.enum(CURRENCIES, { error: 'validation.invalidOption' }),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'validation.invalidOption' }),
  /** default: the account's transaction broadcast language, else zh_CN */
  language: z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' }).optional(),
  /** the transaction's reference number */
  orderId: openOrderIdField,
  expireSeconds: openExpireField.optional(),
  /** refuse with 'device not online' instead of queueing for an offline speaker */
  onlineOnly: z.boolean({ error: 'validation.format' }).optional(),
});
export type OpenTradeRequest = z.infer<typeof openTradeRequest>;

/** POST /open/v1/record — by order id or job id. */
export const openRecordRequest = z
  .object({ orderId: openOrderIdField.optional(), jobId: idField.optional() })
  .superRefine((b, ctx) => {
    if (b.orderId === undefined && b.jobId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['orderId'] });
    } else if (b.orderId !== undefined && b.jobId !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.orderOrJob', path: ['jobId'] });
    }
  });
export type OpenRecordRequest = z.infer<typeof openRecordRequest>;

/**
 * POST /open/v1/cancel — by order id or job id, like the record call. A job still at 0 or 1 ends
 * as 4 with reason `cancelled` (its device drops it if it holds it); cancelling it again answers
 * the same; a job that has ended otherwise is refused with 'error.jobEnded' (3: 'error.jobDone').
 */
export const openCancelRequest = openRecordRequest;
export type OpenCancelRequest = OpenRecordRequest;

/** POST /open/v1/device */
export const openDeviceRequest = z.object({ sn: openSnField });
export type OpenDeviceRequest = z.infer<typeof openDeviceRequest>;

/** Answer of print, speak and trade: the job was stored (status 0) or already pushed. */
export const openJobAccepted = z.object({
  jobId: z.number().int(),
  msgId: z.string(),
  orderId: z.string().nullable(),
  status: z.number().int(),
});
export type OpenJobAccepted = z.infer<typeof openJobAccepted>;

/**
 * A job as the integrator sees it: the record call's answer and the webhook body.
 * Times are ISO 8601; latency is request → device ack in ms.
 */
export const openJobView = z.object({
  jobId: z.number().int(),
  msgId: z.string(),
  orderId: z.string().nullable(),
  sn: z.string(),
  kind: z.enum(JOB_KINDS),
  /** JobStatus: 0 not pushed, 1 pushed, 2 push succeeded, 3 success, 4 failed, 5 timeout */
  status: z.number().int().min(0).max(5),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  expireAt: z.string(),
  pushedAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  paymentType: z.string().nullable(),
});
export type OpenJobView = z.infer<typeof openJobView>;

export const openDeviceView = z.object({
  sn: z.string(),
  online: z.boolean(),
  /** -1 deleted, 0 not enabled, 1 disabled, 2 enabled */
  status: z.number().int(),
  paused: z.boolean(),
  muted: z.boolean(),
  printerState: z.enum(PRINTER_STATES).nullable(),
  battery: z.object({ level: z.number().int(), state: z.enum(BATTERY_STATES) }).nullable(),
  firmware: z.string().nullable(),
  lastOnlineAt: z.string().nullable(),
  lastOfflineAt: z.string().nullable(),
});
export type OpenDeviceView = z.infer<typeof openDeviceView>;

/** Paths of the open API calls (POST). */
export const OPEN_API_PATHS = {
  print: '/open/v1/print',
  speak: '/open/v1/speak',
  trade: '/open/v1/trade',
  record: '/open/v1/record',
  device: '/open/v1/device',
  cancel: '/open/v1/cancel',
} as const;
