import fp from 'fastify-plugin';
import { ResultCode } from '@herald/contract';
import { AppError } from '../lib/errors';
import type { Lifecycle } from '../modules/ops/lifecycle';

/**
 * Seconds a refused client should wait before trying again: behind a load balancer the retry goes
 * to another node, which is there already; a lone server is back after a restart's few seconds.
 */
export const DRAIN_RETRY_AFTER_SEC = 2;

/** Route config of the routes served while the server drains (the probes and /metrics). */
export const SERVED_WHILE_DRAINING = { drain: 'serve' } as const;

/**
 * While the server drains (modules/ops/lifecycle.ts): a new request is refused with 503 and
 * Retry-After in the envelope, every answer closes its connection (a keep-alive client
 * reconnects, through the load balancer, to another node), and the requests in flight are counted
 * so the drain can wait for them. Registered after the errors plugin (the refusal speaks the
 * request's language) and before auth (a refusal costs no token check).
 */
export const drainPlugin = fp<{ lifecycle: Lifecycle }>(
  async (app, { lifecycle }) => {
    app.addHook('onRequest', async (req, reply) => {
      if (req.routeOptions.config?.drain === 'serve') return;
      if (lifecycle.refusing) {
        void reply.header('retry-after', String(DRAIN_RETRY_AFTER_SEC));
        throw new AppError(ResultCode.SERVICE_UNAVAILABLE, 'error.unavailable');
      }
      lifecycle.begin(req);
      // 'close' comes once per response, answered or not. A client that gave up after sending its
      // whole body (an integrator's timeout on a slow answer) gets neither onResponse (nothing
      // finishes) nor onRequestAbort (its request was complete): counted until then, the drain
      // waited the whole grace for answers nobody would read (issue 27). Its handler still runs
      // to its end; the close's pipeline step writes what it queued.
      reply.raw.once('close', () => lifecycle.end(req));
    });
    app.addHook('onSend', async (_req, reply) => {
      if (lifecycle.draining) void reply.header('connection', 'close');
    });
  },
  { name: 'herald-drain' },
);
