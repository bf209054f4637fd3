import type { FastifyRequest } from 'fastify';
import { AccountStatus, OPEN_API, ResultCode } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { Invalidation } from '../../lib/invalidation';
import { AppError } from '../../lib/errors';
import { safeEqual } from '../../lib/crypto';
import { guardInput } from '../../plugins/input-guard';
import { invalidatedCache, type TtlCache } from '../../lib/ttl-cache';
import { callOf, pathOf, type Call } from './call';
import { noteKeyUse } from './last-use';
import { findApiKey, type ApiKeyRow } from './repo';
import { openApiSignature } from './sign';

/**
 * Who is calling: each request proves itself with its account's app key and secret (HMAC-SHA256
 * over app key, timestamp, nonce, method, path and the raw body's hash, docs/open-api.md). The
 * signature is checked before the body is validated, so an unsigned caller learns nothing.
 */

const signInvalid = () => new AppError(ResultCode.SIGN_INVALID, 'error.signInvalid');
export const unsupportedMediaType = () => Object.assign(new Error('unsupported media type'), { statusCode: 415 });

/** A signing header, when present and of a sane length. */
export const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined;
};

export type ApiKeyCache = TtlCache<string, ApiKeyRow | undefined>;
/**
 * Open-API keys by app key, for a few seconds (a field of Deps, built in build-deps.ts): any change
 * of an account (status, keys, secrets) drops them all (rare).
 */
export const newApiKeyCache = (invalidation: Invalidation): ApiKeyCache =>
  invalidatedCache(invalidation, 3_000, { account: 'all' });

/** A body that no parser read (no content type): its bytes are unknown, so it cannot be signed. */
const unreadBody = (req: FastifyRequest, call: Call) =>
  call.raw === undefined &&
  (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined);

/** A call whose signature holds: what admission (admission.ts) needs of it. */
export type Signed = { appKey: string; nonce: string; timestamp: string };

/**
 * Check the call's signature, its body's form, its timestamp and its account; refuses with the
 * open API's codes. Notes the key's use (last-use.ts).
 */
export async function verify(deps: Deps, req: FastifyRequest): Promise<Signed> {
  const call = callOf(req);
  const h = OPEN_API.headers;
  const appKey = header(req, h.appKey);
  if (!appKey) throw signInvalid();
  call.appKey = appKey;
  if (unreadBody(req, call)) throw unsupportedMediaType();
  const key = await deps.apiKeys.get(appKey, () => findApiKey(deps.db, appKey));
  if (!key) throw signInvalid();
  call.accountId = key.accountId;
  const timestamp = header(req, h.timestamp);
  const nonce = header(req, h.nonce);
  const signature = header(req, h.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,16}$/.test(timestamp)) throw signInvalid();
  const signed = { appKey, timestamp, nonce, method: req.method, path: pathOf(req), body: call.raw ?? '' };
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
  return { appKey, nonce, timestamp };
}
