import { z } from 'zod';
import { ResultCode } from '@herald/contract';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { RoutesPlugin } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { bearerToken } from '../../plugins/auth';
import { SERVED_WHILE_DRAINING } from '../../plugins/drain';
import { publishBacklog } from '../print-pipeline/pipeline';
import { readiness, readinessSchema } from './readiness';

/**
 * Probes and metrics for the machines that run Herald (load balancer, orchestrator, Prometheus):
 * no console token, no envelope for the probes, served while the server drains. Not part of
 * the documented API.
 */
const OPS = { access: { public: true }, ...SERVED_WHILE_DRAINING } as const;
const tags = ['operations'];

const opsRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/healthz',
    {
      config: OPS,
      schema: { hide: true, tags, summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    // the process serves: that is all liveness says (a restart would not mend a database or broker)
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: OPS,
      schema: {
        hide: true,
        tags,
        summary: 'Readiness: database, broker, not draining',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (req, reply) => {
      const r = await readiness(deps, req.log);
      return reply.status(r.ready ? 200 : 503).send(r);
    },
  );

  app.get(
    '/metrics',
    { config: OPS, schema: { hide: true, tags, summary: 'Prometheus metrics (METRICS, METRICS_TOKEN)' } },
    async (req, reply) => {
      const { enabled, token } = deps.config.metrics;
      if (!enabled) throw new AppError(ResultCode.NOT_FOUND, 'error.routeNotFound');
      // compared as hashes: equal lengths, so the comparison says nothing about the token's length
      if (token !== undefined && !safeEqual(sha256(bearerToken(req.headers.authorization) ?? ''), sha256(token))) {
        void reply.header('www-authenticate', 'Bearer');
        throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
      }
      const m = deps.metrics;
      m.publishBacklog.set(publishBacklog(deps));
      return reply.type(m.registry.contentType).send(await m.registry.metrics());
    },
  );
};

export default opsRoutes;
