import { WEBHOOK_BACKOFF_MS, WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '@herald/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps';
import type { RoundWorker } from '../../lib/workers';
import { observeWebhookAttempt } from '../ops/metrics';
import { PrivateAddressError, literalRefused, publicOnly } from './public-address';
import { pushConfig } from './push-config';
import * as repo from './repo';
import { webhookSignature } from './sign';

const TICK_MS = 500;
/** An idle worker looks for work at least this often (deliveries queued by other processes, restarts). */
const IDLE_MS = 5_000;
/** Deliveries in flight at once, per server. */
const CONCURRENCY = 20;
/** A claimed delivery is not claimed again for this long (longer than one request can take). */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 6;

/** Until when a server's worker sleeps with nothing due (Deps.webhookIdle), and how often it was woken. */
export type WebhookIdle = { at: number; wakes: number };
export const newWebhookIdle = (): WebhookIdle => ({ at: 0, wakes: 0 });

/** A delivery was queued here (onJobStatus, a test, a redelivery): this server's worker looks at once. */
export function wake(deps: Pick<Deps, 'webhookIdle'>): void {
  rouse(deps.webhookIdle);
}
function rouse(idle: WebhookIdle): void {
  idle.at = 0;
  idle.wakes++;
}

type Outcome = { statusCode: number | null; error: string | null; durationMs: number; ok: boolean };

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Outcome> {
  const started = performance.now();
  const done = (o: Omit<Outcome, 'durationMs'>) => ({ ...o, durationMs: Math.round(performance.now() - started) });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return done({ ok: false, statusCode: null, error: 'invalid URL' });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return done({ ok: false, statusCode: null, error: 'only http and https addresses are pushed to' });
  }
  const literal = allowPrivate ? undefined : literalRefused(u);
  if (literal) return done({ ok: false, statusCode: null, error: new PrivateAddressError(literal).message });
  try {
    // a redirect is a failure: following it would send the signed body somewhere the account did not name.
    // undici's own fetch, not Node's global one: `publicOnly` is an Agent of the installed undici,
    // which Node's bundled copy need not accept as its dispatcher. Loaded with the first delivery.
    const { fetch } = await import('undici');
    const dispatcher = allowPrivate ? undefined : await publicOnly();
    const res = await fetch(u, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      ...(dispatcher ? { dispatcher } : {}),
    });
    // the answer's body is not read: a receiver could send gigabytes (a compressed body unpacks
    // without limit) and hold them in this process; the status says all Herald needs
    await res.body?.cancel().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return done({ ok, statusCode: res.status, error: ok ? null : `HTTP ${res.status}` });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? `timeout after ${WEBHOOK_TIMEOUT_MS} ms`
        : e.cause instanceof PrivateAddressError
          ? e.cause.message
          : (e.cause?.code ?? e.cause?.message ?? e.message);
    return done({ ok: false, statusCode: null, error: String(reason).slice(0, 500) });
  }
}

async function deliver(deps: Deps, d: repo.DeliveryRow): Promise<void> {
  const { secret, previous } = await pushConfig(deps, d.accountId);
  const rawBody = JSON.stringify(d.payload);
  const timestamp = String(Date.now());
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Herald-Webhook/1',
    [WEBHOOK_HEADERS.event]: d.event,
    [WEBHOOK_HEADERS.delivery]: String(d.id),
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: secret ? webhookSignature(secret, timestamp, rawBody) : '',
  };
  // a receiver that still holds the old secret keeps verifying until the overlap ends
  if (previous && previous.expiresAt > Date.now())
    headers[WEBHOOK_HEADERS.signaturePrevious] = webhookSignature(previous.secret, timestamp, rawBody);
  const attemptedAt = new Date();
  const out = await post(d.url, headers, rawBody, deps.config.webhookAllowPrivate);
  const attempts = d.attempts + 1;
  const backoff = WEBHOOK_BACKOFF_MS[attempts - 1];
  const next = out.ok
    ? { status: 'succeeded', attempts, lastStatusCode: out.statusCode, lastError: null }
    : backoff === undefined
      ? { status: 'failed', attempts, lastStatusCode: out.statusCode, lastError: out.error }
      : {
          attempts,
          lastStatusCode: out.statusCode,
          lastError: out.error,
          nextAttemptAt: new Date(Date.now() + backoff * deps.config.webhookBackoffScale),
        };
  await repo.recordAttempt(
    deps.db,
    d.id,
    { attemptedAt, statusCode: out.statusCode, error: out.error, durationMs: out.durationMs },
    next,
  );
  observeWebhookAttempt(deps, out.ok, next.status === 'failed');
}

/**
 * Looks for due webhook deliveries every TICK_MS and sends up to CONCURRENCY at once. Each
 * delivery runs on its own: a receiver that takes its whole timeout holds one slot, not the
 * deliveries of every other account behind it. Its stop waits for the round and the deliveries
 * in flight so the database is not closed under them.
 */
export function webhookWorker(deps: Deps, log: FastifyBaseLogger): RoundWorker {
  const idle = deps.webhookIdle;
  const inFlight = new Set<Promise<void>>();

  const round = async () => {
    const room = CONCURRENCY - inFlight.size;
    if (room <= 0 || Date.now() < idle.at) return;
    const due = await repo.claimDue(deps.db, new Date(), room, LEASE_MS);
    for (const d of due) {
      const sending: Promise<void> = deliver(deps, d)
        .catch((err) => log.error({ err, deliveryId: d.id }, 'webhook delivery failed'))
        .finally(() => {
          inFlight.delete(sending);
          // its retry, if any, may be due before the time an idle round settled on
          rouse(idle);
        });
      inFlight.add(sending);
    }
    if (due.length > 0) return;
    // nothing due: sleep until the next retry (or IDLE_MS), unless something woke us meanwhile
    // (a new delivery, or a retry recorded while this round was asking)
    const wakes = idle.wakes;
    const next = await repo.nextDue(deps.db);
    if (idle.wakes !== wakes) return;
    const wakeAt = Date.now() + IDLE_MS;
    idle.at = next ? Math.min(next.getTime(), wakeAt) : wakeAt;
  };

  return {
    name: 'webhook worker',
    everyMs: TICK_MS,
    round,
    stop: async (stopRounds) => {
      await stopRounds();
      await Promise.all(inFlight);
    },
  };
}
