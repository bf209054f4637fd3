import type { OpenJobView } from '@herald/contract';

/** Herald answered with a business code other than 20000 (see docs/open-api.md for the list). */
export class HeraldApiError extends Error {
  override readonly name = 'HeraldApiError';
  constructor(
    /** the envelope's business code, e.g. 40020 bad signature, 40010 validation failed */
    readonly code: number,
    message: string,
    readonly httpStatus: number,
    /** the envelope's data: `{errors: [{field, message}]}` for validation failures */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/**
 * The request did not get an answer (connection refused or reset, DNS, timeout) and was not, or
 * no longer, retried. For print, speak and trade without an order id the job may or may not exist.
 */
export class HeraldNetworkError extends Error {
  override readonly name = 'HeraldNetworkError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * waitForFinal gave up while the job was still under way (its timeoutMs passed, or, by default,
 * the job's expiry and a grace period: the server did not end it in time). `job` is the last
 * record seen; the job may still finish.
 */
export class HeraldTimeoutError extends Error {
  override readonly name = 'HeraldTimeoutError';
  constructor(
    readonly job: OpenJobView,
    readonly waitedMs: number,
  ) {
    super(`job ${job.jobId} still in status ${job.status} after ${waitedMs} ms`);
  }
}
