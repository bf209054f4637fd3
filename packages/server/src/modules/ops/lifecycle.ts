import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/deps';

/**
 * One server's way down (SIGTERM, main.ts). `draining`: readiness says no, so a load balancer
 * stops sending; `refusing`: new requests get 503 with a retry hint (plugins/drain.ts). The
 * requests being served are counted so the drain can let them finish before the server closes.
 */
export class Lifecycle {
  draining = false;
  refusing = false;
  private readonly serving = new Set<object>();
  private waiters: (() => void)[] = [];
  private readonly streams = new Set<() => void>();

  get inFlight(): number {
    return this.serving.size;
  }

  /** Readiness false and new requests refused at once: the server is closing (with or without a drain first). */
  refuseNew(): void {
    this.draining = true;
    this.refuse();
  }

  /** New requests refused; open streams end now, so their clients reconnect to another server. */
  refuse(): void {
    this.refusing = true;
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  /**
   * A long-lived answer (the live feed): the drain does not wait for it (it never ends on its
   * own); `end` closes it once new requests are refused. Returns the forget, for its own end.
   */
  stream(end: () => void): () => void {
    if (this.refusing) {
      end();
      return () => {};
    }
    this.streams.add(end);
    return () => void this.streams.delete(end);
  }

  begin(req: object): void {
    this.serving.add(req);
  }

  /** A request answered or abandoned (said twice for one request, it counts once). */
  end(req: object): void {
    if (this.serving.delete(req) && this.serving.size === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** True once no request is in flight; false when `ms` passed first. */
  idle(ms: number): Promise<boolean> {
    if (this.serving.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      this.waiters.push(wake);
    });
  }
}

/** This server's lifecycle (the field, for the tests that take it by function). */
export const lifecycle = (deps: Pick<Deps, 'lifecycle'>): Lifecycle => deps.lifecycle;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Readiness false at once; requests still served for `delayMs` (those arriving are ones the load
 * balancer sent before it saw readiness go false: refusing them would be needless errors); then
 * new requests are refused while those in flight get `graceMs` to finish. Past the grace the
 * connections are cut, so the close that follows cannot hang on a request that never ends.
 */
export async function drain(
  l: Lifecycle,
  app: FastifyInstance,
  opts: { delayMs: number; graceMs: number },
): Promise<void> {
  l.draining = true;
  app.log.info({ delayMs: opts.delayMs, graceMs: opts.graceMs }, 'draining: readiness is false');
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  l.refuse();
  const refusedAt = Date.now();
  if (await l.idle(opts.graceMs)) {
    // how long the last answers took: a stop a supervisor cuts short shows whether they were why
    app.log.info({ ms: Date.now() - refusedAt }, 'drained: no request in flight');
    return;
  }
  app.log.warn(
    { inFlight: l.inFlight },
    'draining: requests still in flight after the grace; closing their connections',
  );
  app.server.closeAllConnections();
}
