import type { FastifyRequest } from 'fastify';
import {
  AccountStatus,
  GeneralResult,
  OPEN_API,
  OPEN_API_PATHS,
  ResultCode,
  envelope,
  isStorableText,
  openCancelRequest,
  openDeviceRequest,
  openDeviceView,
  openJobAccepted,
  openJobView,
  openPrintRequest,
  openRecordRequest,
  openSpeakRequest,
  openTradeRequest,
} from '@herald/contract';
import type { App, Deps, RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { safeEqual } from '../../lib/crypto';
import { GUARDED_LATER, guardInput } from '../../plugins/input-guard';
import { invalidatedCache, type TtlCache } from '../../lib/ttl-cache';
import { startPipeline } from '../print-pipeline/pipeline';
import { cancelForApi } from '../print-pipeline/control';
import * as jobs from '../print-pipeline/service';
import * as repo from '../print-pipeline/repo';
import { writeQueue } from '../print-pipeline/write-queue';
import { countKeyCall } from './key-limit';
import { findApiKey, type ApiKeyRow } from './key-repo';
import { noteKeyUse } from './last-use';
import { openApiSignature } from './sign';

/**
 * The signed open API (docs/open-api.md). No console token: each request proves itself with its
 * account's app key and secret (HMAC-SHA256 over app key, timestamp, nonce, method, path and the
 * raw body's hash). The signature is checked before the body is validated, so an unsigned caller
 * learns nothing. Every call that names an app key leaves a general request record.
 */

const tags = ['open-api'];
/** No console token; the input guard runs after the signature check (verify). */
const PUBLIC = { access: { public: true }, ...GUARDED_LATER } as const;

/** What one call did, for its general request record. */
type Call = {
  startedAt: number;
  raw?: Buffer;
  appKey?: string;
  accountId?: number;
  code?: number;
  message?: string;
  /** a job call's context; the job insert marks it recorded */
  api?: repo.ApiCall;
  /** the nonce check, started by verify (see admitted) */
  admitted?: Promise<void>;
  jobId?: number;
  /** the body was read but is not JSON (answered after the signature check) */
  notJson?: boolean;
};
const calls = new WeakMap<FastifyRequest, Call>();
const callOf = (req: FastifyRequest): Call => {
  let c = calls.get(req);
  if (!c) {
    c = { startedAt: Date.now() };
    calls.set(req, c);
  }
  return c;
};

/** ~1 s of work at the embedded server's capacity (docs/benchmarks.md, push pipeline). */
const INFLIGHT_MAX = 256;

const signInvalid = () => new AppError(ResultCode.SIGN_INVALID, 'error.signInvalid');
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined;
};

const keyCaches = new WeakMap<Deps, TtlCache<string, ApiKeyRow | undefined>>();

/** A body that no parser read (no content type): its bytes are unknown, so it cannot be signed. */
const unreadBody = (req: FastifyRequest, call: Call) =>
  call.raw === undefined &&
  (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined);

/** A body field for the general request record (an unsigned call's body was never guarded). */
const recordable = (v: unknown, max: number) => (typeof v === 'string' && isStorableText(v) ? v.slice(0, max) : null);

const unsupportedMediaType = () => Object.assign(new Error('unsupported media type'), { statusCode: 415 });

async function verify(deps: Deps, req: FastifyRequest): Promise<void> {
  const call = callOf(req);
  const h = OPEN_API.headers;
  const appKey = header(req, h.appKey);
  if (!appKey) throw signInvalid();
  call.appKey = appKey;
  if (unreadBody(req, call)) throw unsupportedMediaType();
  let keys = keyCaches.get(deps);
  // keyed by app key: any change of an account (status, keys, secrets) drops them all (rare)
  if (!keys) keyCaches.set(deps, (keys = invalidatedCache(deps.invalidation, 3_000, { account: 'all' })));
  const key = await keys.get(appKey, () => findApiKey(deps.db, appKey));
  if (!key) throw signInvalid();
  call.accountId = key.accountId;
  const timestamp = header(req, h.timestamp);
  const nonce = header(req, h.nonce);
  const signature = header(req, h.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,16}$/.test(timestamp)) throw signInvalid();
  const signed = { appKey, timestamp, nonce, method: req.method, path: req.url.split('?')[0]!, body: call.raw ?? '' };
  const given = signature.toLowerCase();
  // during a rotation's overlap the old secret is accepted too, until the time the user picked
  const old = key.previousSecret !== null && key.previousExpiresAt! > Date.now() ? key.previousSecret : null;
  if (
    !safeEqual(given, openApiSignature(key.secret, signed)) &&
    !(old && safeEqual(given, openApiSignature(old, signed)))
  )
    throw signInvalid();
  // only a signed caller learns what is wrong with its body
  if (call.notJson) {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw unsupportedMediaType();
    throw new AppError(ResultCode.VALIDATION_FAILED, 'validation.format');
  }
  guardInput(req);
  const now = Date.now();
  if (Math.abs(now - Number(timestamp)) > OPEN_API.clockSkewMs) {
    throw new AppError(ResultCode.SIGN_EXPIRED, 'error.signExpired');
  }
  if (!OPEN_API.nonceRe.test(nonce)) throw signInvalid();
  if (key.accountStatus !== AccountStatus.ENABLED)
    throw new AppError(ResultCode.ACCOUNT_DISABLED, 'error.accountDisabled');
  noteKeyUse(deps, key.keyId, req.log);
  // shed load before any database work (see writeQueue().overloaded)
  if (writeQueue(deps).overloaded()) throw new AppError(ResultCode.RATE_LIMITED, 'error.rateLimited');
  // remembered for as long as its timestamp would still be accepted
  const expiresAt = new Date(Number(timestamp) + OPEN_API.clockSkewMs);
  // not awaited here: a job call looks up its device meanwhile (see admitted); the key's call
  // count goes alongside the nonce, and a reused nonce is the answer when both refuse
  const fresh = writeQueue(deps).nonces.add({ appKey, nonce, expiresAt });
  const counted = countKeyCall(deps, appKey);
  call.admitted = Promise.allSettled([fresh, counted]).then(([n, c]) => {
    if (n.status === 'rejected') throw n.reason;
    if (!n.value) throw new AppError(ResultCode.NONCE_REUSED, 'error.nonceReused');
    if (c.status === 'rejected') throw c.reason;
  });
  call.admitted.catch(() => {}); // answered by whoever awaits it; never an unhandled rejection
}

/**
 * Run a call while its nonce is stored, and answer only once the nonce is known fresh. A job call
 * reads its device meanwhile (one database round trip less before the job reaches the device) and
 * waits for the nonce only before writing its job (jobs.store); the other calls only read. Either
 * way a reused nonce is the answer, whatever else went wrong: a replay learns nothing new and
 * changes nothing.
 */
async function admitted<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T> {
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
  await check; // settled already when a job was written (jobs.store waits for it)
  return out;
}

const accountOf = (req: FastifyRequest) => callOf(req).accountId!;

/** The job call's context: its general request record is written with the job. */
function apiCall(req: FastifyRequest): { source: 'api'; api: repo.ApiCall } {
  const call = callOf(req);
  call.api = {
    appKey: call.appKey!,
    path: req.url.split('?')[0]!,
    ip: req.ip ?? null,
    startedAt: call.startedAt,
    admitted: call.admitted,
  };
  return { source: 'api', api: call.api };
}

const openApiRoutes: RoutesPlugin = async (app, deps) => {
  const stop = startPipeline(deps, app.log);
  app.addHook('onClose', async () => stop());

  await app.register(async (scope: App) => {
    // The signature covers the body's exact bytes: keep them before parsing. A body that is not
    // JSON (or not sent as JSON) is refused after the signature check, not before (verify).
    scope.removeAllContentTypeParsers();
    const bodyOpts = { parseAs: 'buffer', bodyLimit: OPEN_API.bodyLimitBytes } as const;
    scope.addContentTypeParser('application/json', bodyOpts, (req, body: Buffer, done) => {
      const call = callOf(req);
      call.raw = body;
      if (body.length === 0) return done(null, {});
      try {
        done(null, JSON.parse(body.toString('utf8')) as unknown);
      } catch {
        call.notJson = true;
        done(null, undefined);
      }
    });
    scope.addContentTypeParser('*', bodyOpts, (req, body: Buffer, done) => {
      const call = callOf(req);
      call.raw = body;
      call.notJson = true;
      done(null, undefined);
    });
    // Admission: past INFLIGHT_MAX calls in progress a new one is refused at the door (40029),
    // before its body, signature or any database work. Under open-loop overload the server then
    // finishes what it took in time instead of queueing answers that arrive after the caller gave up.
    let inflight = 0;
    scope.addHook('onRequest', async (req, reply) => {
      callOf(req);
      if (inflight >= INFLIGHT_MAX) throw new AppError(ResultCode.RATE_LIMITED, 'error.rateLimited');
      inflight++;
      // named before the body is read: a body over the limit is recorded under this key too
      callOf(req).appKey = header(req, OPEN_API.headers.appKey);
      // 'close' comes once per response, answered or aborted
      reply.raw.once('close', () => inflight--);
    });
    scope.addHook('preValidation', async (req) => verify(deps, req));
    // the envelope as answered (errors included), for the general request record
    scope.addHook('preSerialization', async (req, _reply, payload: unknown) => {
      const p = payload as { code?: unknown; message?: unknown; data?: { jobId?: unknown } } | null;
      if (p && typeof p.code === 'number') {
        const call = callOf(req);
        call.code = p.code;
        // the key, not the caller's language: the console shows it in its reader's (docs/decisions.md)
        const message = req.messageKey ?? p.message;
        call.message = typeof message === 'string' ? message.slice(0, 256) : undefined;
        if (typeof p.data?.jobId === 'number') call.jobId = p.data.jobId;
      }
      return payload;
    });
    scope.addHook('onResponse', async (req) => {
      const call = callOf(req);
      if (!call.appKey || call.api?.recorded) return;
      const body = (req.body ?? {}) as { orderId?: unknown; sn?: unknown };
      const code = call.code ?? ResultCode.SERVER_ERROR;
      // batched with other calls' records; the answer has gone already, so nobody waits on it
      void writeQueue(deps)
        .apiRequests.add({
          accountId: call.accountId ?? null,
          appKey: call.appKey.slice(0, 64),
          method: req.method,
          path: req.url.split('?')[0]!.slice(0, 128),
          orderId: recordable(body.orderId, 64),
          sn: recordable(body.sn, 32),
          jobId: call.jobId ?? null,
          result: code === ResultCode.SUCCESS ? GeneralResult.SUCCESS : GeneralResult.FAILED,
          code,
          message: call.message ?? null,
          ip: req.ip ?? null,
          durationMs: Date.now() - call.startedAt,
        })
        .catch((err: unknown) => req.log.error({ err }, 'general request record failed'));
    });

    const route = { config: PUBLIC, bodyLimit: OPEN_API.bodyLimitBytes, attachValidation: true };

    scope.post(
      OPEN_API_PATHS.print,
      {
        ...route,
        schema: {
          tags,
          summary: 'Print a receipt (template, business or receiptline markup)',
          body: openPrintRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await admitted(req, () => jobs.submitPrint(deps, accountOf(req), req.body, apiCall(req)))),
    );
    scope.post(
      OPEN_API_PATHS.speak,
      {
        ...route,
        schema: {
          tags,
          summary: 'Speak text, voice clips or a broadcast business',
          body: openSpeakRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await admitted(req, () => jobs.submitSpeak(deps, accountOf(req), req.body, apiCall(req)))),
    );
    scope.post(
      OPEN_API_PATHS.trade,
      {
        ...route,
        schema: {
          tags,
          summary: 'Transaction broadcast: announce an amount received',
          body: openTradeRequest,
          response: { 200: envelope(openJobAccepted) },
        },
      },
      async (req) => ok(await admitted(req, () => jobs.submitTrade(deps, accountOf(req), req.body, apiCall(req)))),
    );
    scope.post(
      OPEN_API_PATHS.record,
      {
        ...route,
        schema: {
          tags,
          summary: 'Status of a job by order id or job id',
          body: openRecordRequest,
          response: { 200: envelope(openJobView) },
        },
      },
      async (req) => ok(await admitted(req, () => jobs.findJob(deps, accountOf(req), req.body))),
    );
    scope.post(
      OPEN_API_PATHS.device,
      {
        ...route,
        schema: {
          tags,
          summary: 'State of a device',
          body: openDeviceRequest,
          response: { 200: envelope(openDeviceView) },
        },
      },
      async (req) => ok(await admitted(req, () => jobs.deviceView(deps, accountOf(req), req.body.sn))),
    );
    scope.post(
      OPEN_API_PATHS.cancel,
      {
        ...route,
        schema: {
          tags,
          summary: "Cancel a job still at 0 or 1 (by order id or job id): it ends as 4 'cancelled'; idempotent",
          body: openCancelRequest,
          response: { 200: envelope(openJobView) },
        },
      },
      // a write: only once the nonce is known fresh (a replay changes nothing)
      async (req) =>
        ok(
          await admitted(req, async () => {
            await callOf(req).admitted;
            return cancelForApi(deps, accountOf(req), req.body);
          }),
        ),
    );
  });
};

export default openApiRoutes;
