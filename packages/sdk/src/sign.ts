import { createHash, createHmac, randomBytes } from 'node:crypto';
import { OPEN_API, openApiStringToSign } from '@herald/contract';

export type SignInput = {
  appKey: string;
  secret: string;
  method: string;
  /** the request path as the server sees it, e.g. `/open/v1/print` */
  path: string;
  /** the exact bytes that go on the wire */
  body: Uint8Array | string;
  /** ms since the epoch; now by default */
  timestamp?: number;
  /** a fresh random nonce by default */
  nonce?: string;
};

/** 22 characters of [A-Za-z0-9_-] (128 random bits), inside OPEN_API.nonceRe. */
export const newNonce = () => randomBytes(16).toString('base64url');

export const sha256Hex = (body: Uint8Array | string) => createHash('sha256').update(body).digest('hex');

/** hex HMAC-SHA256(secret, openApiStringToSign(...)) */
export function openApiSignature(input: Required<SignInput>): string {
  const toSign = openApiStringToSign({
    appKey: input.appKey,
    timestamp: input.timestamp,
    nonce: input.nonce,
    method: input.method,
    path: input.path,
    bodySha256Hex: sha256Hex(input.body),
  });
  return createHmac('sha256', input.secret).update(toSign).digest('hex');
}

/**
 * The four headers of a signed open API request. Each call gets its own timestamp and nonce, so
 * a retry must be signed again (the server refuses a nonce it has seen).
 */
export function signHeaders(input: SignInput): Record<string, string> {
  const full = { ...input, timestamp: input.timestamp ?? Date.now(), nonce: input.nonce ?? newNonce() };
  if (!OPEN_API.nonceRe.test(full.nonce)) throw new Error(`nonce must match ${OPEN_API.nonceRe}`);
  const h = OPEN_API.headers;
  return {
    [h.appKey]: full.appKey,
    [h.timestamp]: String(full.timestamp),
    [h.nonce]: full.nonce,
    [h.signature]: openApiSignature(full),
  };
}
