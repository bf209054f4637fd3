import type { Deps } from '../../lib/deps';
import type { Db } from '../../db/client';
import { Batcher, type BatcherOptions } from '../../lib/batcher';
import { insertApiRequests, useNonces, type ApiRequestRow, type NonceItem } from './repo';

/**
 * The open API's own batched writes, grouped like the pipeline's (print-pipeline/write-queue.ts):
 * each call adds its item and one statement per batch does the work.
 */
export type CallQueue = {
  /** a call's nonce: false when it was used before */
  nonces: Batcher<NonceItem, boolean>;
  /** general request records of calls that made no job (refusals, record and device lookups) */
  apiRequests: Batcher<ApiRequestRow, void>;
  /** waits until nothing is queued or running */
  flush: () => Promise<void>;
};

/** A few ms of waiting buys a batch (as the pipeline's); one statement each, retried in halves when it fails. */
const NONCES: BatcherOptions = { maxItems: 200, maxWaitMs: 5, isolate: true };
/** Rows nobody waits for (written after the answer): a longer window, bigger batches. */
const UNAWAITED: BatcherOptions = { maxItems: 500, maxWaitMs: 20, isolate: true };

/** The open API's batched writes in this server (a field of Deps, built in build-deps.ts). */
export function newCallQueue(db: Db): CallQueue {
  const nonces = new Batcher((items: NonceItem[]) => useNonces(db, items), NONCES);
  const apiRequests = new Batcher((items: ApiRequestRow[]) => insertApiRequests(db, items), UNAWAITED);
  const flush = async () => {
    while (nonces.size > 0 || apiRequests.size > 0) await Promise.all([nonces.flush(), apiRequests.flush()]);
  };
  return { nonces, apiRequests, flush };
}

export const callQueue = (deps: Deps): CallQueue => deps.openApiCalls;
