import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@herald/contract';

/** A push is signed when it is sent (every retry afresh): an older one is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A request's headers as Node's http server (any case, a value or a list) or fetch's Request hands them over. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** a timestamp further than this from now is refused; 0: not checked. Default 300 s. */
  toleranceSeconds?: number;
  /** ms since the epoch; now by default */
  now?: number;
};

function header(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name) continue;
    const one = Array.isArray(v) ? v[0] : v;
    return one ?? '';
  }
  return '';
}

const same = (expected: Buffer, given: string) => {
  const g = Buffer.from(given, 'utf8');
  return g.length === expected.length && timingSafeEqual(g, expected);
};

/**
 * Whether a push carries Herald's signature: hex HMAC-SHA256(secret, `<timestamp>\n<raw body>`),
 * computed on the raw body before any JSON parsing. During the overlap of a key rotation Herald
 * also signs with the old secret (`x-herald-signature-previous`): a receiver that still holds the
 * old secret keeps verifying until it has deployed the new one.
 */
export function verifyWebhook(
  headers: WebhookHeaders,
  rawBody: Uint8Array | string,
  secret: string,
  opts: VerifyWebhookOptions = {},
): boolean {
  const timestamp = header(headers, WEBHOOK_HEADERS.timestamp);
  const signature = header(headers, WEBHOOK_HEADERS.signature).toLowerCase();
  const previous = header(headers, WEBHOOK_HEADERS.signaturePrevious).toLowerCase();
  if (!/^\d{1,18}$/.test(timestamp) || (!signature && !previous)) return false;
  const tolerance = opts.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (tolerance > 0 && Math.abs((opts.now ?? Date.now()) - Number(timestamp)) > tolerance * 1000) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}\n`).update(rawBody).digest('hex'),
    'utf8',
  );
  // both compared, whichever matches: the time taken does not tell which one did
  const current = !!signature && same(expected, signature);
  const old = !!previous && same(expected, previous);
  return current || old;
}
