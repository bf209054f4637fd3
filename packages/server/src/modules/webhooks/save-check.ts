import dns from 'node:dns';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { isPublicAddress, literalRefused } from './public-address';

/** A name server that does not answer in this time does not hold the save up. */
const LOOKUP_TIMEOUT_MS = 3_000;

type Lookup = (host: string) => Promise<{ address: string }[]>;

const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * The address of a push URL that is not on the public internet, if any: an address literal, or
 * any address its host name resolves to now. A name that does not resolve (yet, or not from
 * here) is let through: a customer may save the address before its DNS entry exists, and every
 * delivery checks the address it connects to anyway (public-address.ts), which also catches a
 * name that changes to a private address after it was saved.
 */
export async function privateTarget(url: string, lookup: Lookup = systemLookup): Promise<string | undefined> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined; // the schema refuses it with its own message
  }
  const literal = literalRefused(u);
  if (literal) return literal;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host).catch(() => undefined), timedOut]);
    return found?.find((a) => !isPublicAddress(a.address))?.address;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuse push addresses that point into the provider's own network (loopback, private, link-local,
 * metadata …) when they are saved, with the field's message, unless WEBHOOK_ALLOW_PRIVATE is set:
 * found now, the customer learns it at once instead of from failed deliveries.
 */
export async function assertPublicPushUrls(
  deps: Pick<Deps, 'config'>,
  urls: Partial<Record<WebhookEvent, string | null | undefined>>,
  lookup?: Lookup,
): Promise<void> {
  if (deps.config.webhookAllowPrivate) return;
  for (const event of WEBHOOK_EVENTS) {
    const url = urls[event];
    if (url && (await privateTarget(url, lookup))) throw invalid('error.webhookPrivate', `pushUrls.${event}`);
  }
}
