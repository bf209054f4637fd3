import { createHmac, hash } from 'node:crypto';
import { openApiStringToSign } from '@herald/contract';

/** sha256 of the raw body bytes, hex (an empty body hashes the empty string). */
export const bodySha256Hex = (body: Buffer | string | undefined) => hash('sha256', body ?? '', 'hex');

/**
 * hex HMAC-SHA256(secret, string to sign) — what `x-herald-signature` carries. Checked on every
 * open API call: the fields are copied by name (an object rest took ~7 µs of a 17 µs signature)
 * and the body hashed in one call (~3 µs less than a Hash object).
 */
export function openApiSignature(
  secret: string,
  p: { appKey: string; timestamp: string | number; nonce: string; method: string; path: string; body: Buffer | string },
): string {
  const toSign = openApiStringToSign({
    appKey: p.appKey,
    timestamp: p.timestamp,
    nonce: p.nonce,
    method: p.method,
    path: p.path,
    bodySha256Hex: bodySha256Hex(p.body),
  });
  return createHmac('sha256', secret).update(toSign).digest('hex');
}
