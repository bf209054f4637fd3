import { z } from 'zod';

/**
 * Every HTTP response of the admin API is an envelope `{code, message, data}`.
 * `code` is a business code, not an HTTP status; the console decides what to do from it
 * (40001 shows the re-login dialog, anything but 20000 is shown as an error toast).
 */
export const ResultCode = {
  SUCCESS: 20000,
  /** Access token expired or its session was revoked (logout, user/account disabled). */
  LOGIN_TIMEOUT: 40001,
  /** Missing, malformed or forged token. */
  TOKEN_INVALID: 40002,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  CONFLICT: 40009,
  VALIDATION_FAILED: 40010,
  BAD_CREDENTIALS: 40011,
  USER_LOCKED: 40012,
  USER_DISABLED: 40013,
  ACCOUNT_DISABLED: 40014,
  PASSWORD_CHANGE_REQUIRED: 40015,
  INVALID_GRANT: 40016,
  /** open API: unknown app key or wrong signature */
  SIGN_INVALID: 40020,
  /** open API: timestamp outside ±5 minutes */
  SIGN_EXPIRED: 40021,
  /** open API: nonce already used */
  NONCE_REUSED: 40022,
  RATE_LIMITED: 40029,
  /** open API: the device is not online (and the caller asked for online only) */
  DEVICE_OFFLINE: 40030,
  /** open API: the device cannot do this job (non-print device present, not a speaker) */
  DEVICE_UNSUITABLE: 40031,
  SERVER_ERROR: 50000,
  /** The server is shutting down (draining); the answer's Retry-After says when to try again (another node answers). */
  SERVICE_UNAVAILABLE: 50003,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** HTTP status that accompanies each business code. */
export const httpStatusOf: Record<ResultCode, number> = {
  20000: 200,
  40001: 401,
  40002: 401,
  40003: 403,
  40004: 404,
  40009: 409,
  40010: 400,
  40011: 400,
  40012: 423,
  40013: 403,
  40014: 403,
  40015: 403,
  40016: 400,
  40020: 401,
  40021: 401,
  40022: 409,
  40029: 429,
  40030: 409,
  40031: 400,
  50000: 500,
  50003: 503,
};

export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export type Envelope<T> = { code: number; message: string; data: T };

/** Field-level detail carried by validation failures (`data.errors`). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export const sortOrderSchema = z.enum(['ascend', 'descend']);

/** Largest id a table's serial key holds (PostgreSQL integer); a larger one cannot name anything. */
export const MAX_ID = 2_147_483_647;

/** An id read from text: digits only ('+1', '0x10' and '1e3' are not ids), a number up to MAX_ID. */
const idFromText = (number: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v), number);

/**
 * An id in a query string. Anything but digits is 'validation.format' unless `notNumber` says
 * otherwise; zero and negatives 'validation.positiveInteger'; past MAX_ID (a larger one names
 * nothing, and the database would refuse it) 'validation.format'.
 */
export const textId = (notNumber = 'validation.format', max = MAX_ID) =>
  idFromText(
    z
      .number({ error: notNumber })
      .int('validation.integer')
      .positive('validation.positiveInteger')
      .max(max, 'validation.format'),
  );
/** An id whatever is wrong with which is 'validation.format' (paths, and lists of ids in bodies). */
const formatId = (max: number) =>
  z
    .number({ error: 'validation.format' })
    .int('validation.format')
    .positive('validation.format')
    .max(max, 'validation.format');
/**
 * An id in a path: its canonical decimal form only, so a record has one URL. Number() reads
 * ' 1', '1 ' and '01' as 1 too; anything that tells calls apart by their path (a proxy's rules
 * or cache, a log search) would miss the other spellings of the same record.
 */
const CANONICAL_ID = /^[1-9]\d{0,15}$/;
const pathIdUpTo = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && CANONICAL_ID.test(v) ? Number(v) : v), formatId(max));
export const pathId = pathIdUpTo(MAX_ID);
/**
 * The ids of the tables that grow without bound (jobs and their records, upgrade executions,
 * webhook deliveries: bigserial) go past MAX_ID; JavaScript numbers hold them exactly to here.
 */
export const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;
export const bigPathId = pathIdUpTo(MAX_BIG_ID);
export const bigIdParamSchema = z.object({ id: bigPathId });
/** An id in a JSON body (lists of ids): a number, 1 … MAX_ID. */
export const jsonId = formatId(MAX_ID);

export const idParamSchema = z.object({ id: pathId });
/** `/…/:key` of a public picture: the random key in its URL (malformed ones are refused, never looked up). */
export const publicKeyParamSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation.format'),
});
/** The chosen records of a table whose ids grow past MAX_ID (bigserial): at least one, at most 500. */
export const bigIdsField = z
  .array(formatId(MAX_BIG_ID), { error: 'validation.selectOne' })
  .min(1, 'validation.selectOne')
  .max(500, 'validation.maxLength');
export const idsBodySchema = z.object({
  ids: z.array(jsonId).min(1, 'validation.selectOne').max(500),
});
