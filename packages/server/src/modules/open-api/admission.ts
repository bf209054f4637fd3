import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPEN_API, OPEN_API_PATHS, ResultCode, openSnField } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { AppError, rateLimited as overKeyLimit } from '../../lib/errors';
import { writeQueue } from '../print-pipeline/write-queue';
import { callOf } from './call';
import { callQueue } from './call-queue';
import { header, type Signed } from './verify';

/**
 * Which calls the server takes on: a bounded number in progress, none while its queues are too
 * long to answer in time, each nonce once, and each key within its limit (key-limit.ts).
 */

/** ~1 s of work at the embedded server's capacity (docs/benchmarks.md, push pipeline). */
const INFLIGHT_MAX = 256;

/**
 * Items queued on the request path (nonces, device reads, job inserts) before calls are refused:
 * past this backlog a new request would wait seconds for its batch and most callers would give up
 * first, so the server would spend its time on answers nobody reads (throughput collapses to near
 * zero). Refusing at once keeps the accepted ones fast.
 */
const BACKLOG_MAX = 1_000;

const rateLimited = () => new AppError(ResultCode.RATE_LIMITED, 'error.rateLimited');

/**
 * The door (an onRequest hook): past INFLIGHT_MAX calls in progress a new one is refused (40029),
 * before its body, signature or any database work. Under open-loop overload the server then
 * finishes what it took in time instead of queueing answers that arrive after the caller gave up.
 */
export function door(): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  let inflight = 0;
  return async (req, reply) => {
    callOf(req);
    if (inflight >= INFLIGHT_MAX) throw rateLimited();
    inflight++;
    // named before the body is read: a body over the limit is recorded under this key too
    callOf(req).appKey = header(req, OPEN_API.headers.appKey);
    // 'close' comes once per response, answered or aborted
    reply.raw.once('close', () => inflight--);
  };
}

/** The calls that make a job: their device is looked up with their admission. */
const JOB_PATHS = new Set<string>([OPEN_API_PATHS.print, OPEN_API_PATHS.speak, OPEN_API_PATHS.trade]);

/**
 * A job call's S/N as its body names it (parsed, not validated yet: the route's schema still
 * decides), to look its device up with the admission.
 */
function jobSn(req: FastifyRequest): string | undefined {
  if (!JOB_PATHS.has(req.routeOptions.url ?? '')) return undefined;
  const body = req.body as { sn?: unknown } | null | undefined;
  const sn = typeof body === 'object' && body !== null ? openSnField.safeParse(body.sn) : undefined;
  return sn?.success ? sn.data : undefined;
}

/**
 * A signed call (verify.ts) is admitted: refused at once when the queues are too long, else its
 * nonce is stored, the key's call counted and a job call's device looked up (one statement for a
 * batch of calls, call-queue.ts: at 200 jobs/s on PostgreSQL a job's device lookup was a round
 * trip of its own, asked at the same moment). That is not awaited here: a job call renders its job
 * once its device is known (see admitted); a reused nonce is the answer when both refuse.
 */
export function admit(deps: Deps, req: FastifyRequest, { appKey, nonce, timestamp }: Signed): void {
  const call = callOf(req);
  // shed load before any database work
  if (callQueue(deps).admissions.size + writeQueue(deps).backlog() > BACKLOG_MAX) throw rateLimited();
  // remembered for as long as its timestamp would still be accepted
  const expiresAt = new Date(Number(timestamp) + OPEN_API.clockSkewMs);
  const sn = jobSn(req);
  const admission = callQueue(deps).admissions.add({
    appKey,
    nonce,
    expiresAt,
    device: sn === undefined ? undefined : { accountId: call.accountId!, sn },
  });
  call.admitted = admission.then((a) => {
    if (!a.fresh) throw new AppError(ResultCode.NONCE_REUSED, 'error.nonceReused');
    if (!a.allowed) throw overKeyLimit(a.retryAfterMs, 'error.apiKeyRateLimited');
  });
  call.admitted.catch(() => {}); // answered by whoever awaits it; never an unhandled rejection
  if (sn !== undefined) {
    call.device = { sn, found: admission.then((a) => a.device) };
    call.device.found.catch(() => {}); // the same failure as the admission's, answered there
  }
}

/**
 * Run a call while its nonce is stored, and answer only once the nonce is known fresh. A job call
 * renders its job meanwhile (its device comes with the admission) and waits for the nonce only
 * before writing its job (the pipeline's store); the other calls only read. Either way a reused nonce is the answer, whatever else went wrong: a replay learns nothing
 * new and changes nothing.
 */
export async function admitted<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T> {
  const check = callOf(req).admitted;
  // the body's validation errors wait for the nonce too (the routes attach them instead of answering)
  if (req.validationError) {
    await check;
    throw req.validationError;
  }
  let out: T;
  try {
    out = await run();
  } catch (err) {
    await check;
    throw err;
  }
  await check; // settled already when a job was written (the pipeline's store waits for it)
  return out;
}
