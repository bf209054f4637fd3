import { ResultCode, type FieldError } from '@herald/contract';

/**
 * A failure the client should see: a business code from the contract and a message key
 * (translated per request). Anything else thrown becomes 'System error, please try again'.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly messageKey: string,
    readonly errors?: FieldError[],
    /** more for the client to show next to the message (e.g. which clips a language pack lacks) */
    readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
  }
}

/**
 * 40029 from a limit that knows when it lets the caller in again: `retryAfterSec` goes out as the
 * answer's Retry-After header (plugins/retry-after.ts).
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSec: number,
    messageKey = 'error.rateLimited',
  ) {
    super(ResultCode.RATE_LIMITED, messageKey);
  }
}

/** A refusal by a limit whose window ends in `retryAfterMs` (whole seconds, at least one). */
export const rateLimited = (retryAfterMs: number, messageKey?: string) =>
  new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)), messageKey);

export const notFound = () => new AppError(ResultCode.NOT_FOUND, 'error.notFound');
export const forbidden = (key = 'error.forbidden') => new AppError(ResultCode.FORBIDDEN, key);
export const conflict = (key: string, field?: string) =>
  new AppError(ResultCode.CONFLICT, key, field ? [{ field, message: key }] : undefined);
export const invalid = (key: string, field?: string, details?: Record<string, unknown>) =>
  new AppError(ResultCode.VALIDATION_FAILED, key, field ? [{ field, message: key }] : undefined, details);

/**
 * Runs `run`, turning a violation of the unique index `constraint` into the duplicate message
 * `key` on `field` (what the database caught between a check and a write, or without a check).
 */
export async function duplicateAs<T>(
  constraint: string,
  key: string,
  field: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) && uniqueViolation(err) === constraint) throw conflict(key, field);
    throw err;
  }
}

/** Map a unique-index violation to the spec's duplicate message. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return c ? (c.constraint ?? 'unique') : undefined;
}
