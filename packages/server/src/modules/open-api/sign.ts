import { createHash, createHmac } from 'node:crypto';
import { openApiStringToSign } from '@herald/contract';

/** sha256 of the raw body bytes, hex (an empty body hashes the empty string). */
export const bodySha256Hex = (body: Buffer | string | undefined) =>
  createHash('sha256')
    .update(body ?? '')
    .digest('hex');

/** hex HMAC-SHA256(secret, string to sign) — what `x-herald-signature` carries. */
export function openApiSignature(
  secret: string,
  p: { appKey: string; timestamp: string | number; nonce: string; method: string; path: string; body: Buffer | string },
): string {
  const { body, ...rest } = p;
  return createHmac('sha256', secret)
    .update(openApiStringToSign({ ...rest, bodySha256Hex: bodySha256Hex(body) }))
    .digest('hex');
}
