import type { Limit } from '../../config';
import type { Deps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { Batcher, type BatcherOptions } from '../../lib/batcher';
import { rankKeyCalls, type KeyVerdict } from './key-limit';
import type { TargetDevice } from '../print-pipeline/repo';
import { admitCalls, insertApiRequests, type ApiRequestRow, type NonceItem } from './repo';

/**
 * A signed call's admission: its nonce fresh or not, its key within its limit or not, and the
 * device of a job call (undefined: not found).
 */
export type Admission = { fresh: boolean; device?: TargetDevice } & KeyVerdict;

/**
 * The open API's own batched writes, grouped like the pipeline's (print-pipeline/write-queue.ts):
 * each call adds its item and one statement per batch does the work.
 */
export type CallQueue = {
  /** a call's nonce (used before or not), its key's count and a job call's device, one statement per batch */
  admissions: Batcher<NonceItem, Admission>;
  /** general request records of calls that made no job (refusals, record and device lookups) */
  apiRequests: Batcher<ApiRequestRow, void>;
  /** waits until nothing is queued or running */
  flush: () => Promise<void>;
};

/** A few ms of waiting buys a batch (as the pipeline's); one statement each, retried in halves when it fails. */
const ADMISSIONS: BatcherOptions = { maxItems: 200, maxWaitMs: 5, isolate: true };
/** Rows nobody waits for (written after the answer): a longer window, bigger batches. */
const UNAWAITED: BatcherOptions = { maxItems: 500, maxWaitMs: 20, isolate: true };

/**
 * The open API's batched writes in this server (a field of Deps, built in build-deps.ts);
 * `keyLimit` is OPEN_API_LIMIT_PER_KEY, undefined when it is off.
 */
export function newCallQueue(db: Db, keyLimit: Limit | undefined): CallQueue {
  const admit = async (items: NonceItem[]): Promise<Admission[]> => {
    const { fresh, hits, devices } = await admitCalls(db, items, keyLimit?.windowMs);
    const verdicts = keyLimit
      ? rankKeyCalls(
          items.map((n) => n.appKey),
          hits,
          keyLimit,
        )
      : items.map(() => ({ allowed: true, retryAfterMs: 0 }));
    return verdicts.map((v, i) => ({ ...v, fresh: fresh[i]!, device: devices[i] }));
  };
  const admissions = new Batcher(admit, ADMISSIONS);
  const apiRequests = new Batcher((items: ApiRequestRow[]) => insertApiRequests(db, items), UNAWAITED);
  const flush = async () => {
    while (admissions.size > 0 || apiRequests.size > 0) await Promise.all([admissions.flush(), apiRequests.flush()]);
  };
  return { admissions, apiRequests, flush };
}

export const callQueue = (deps: Deps): CallQueue => deps.openApiCalls;
