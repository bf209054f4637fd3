import fp from 'fastify-plugin';
import { RateLimitedError } from '../lib/errors';

/**
 * A refusal by a limit (RateLimitedError, thrown deep in a service that has no reply to hand)
 * tells the client when to come back: Retry-After, in seconds. Set in onError, which runs before
 * the error handler writes the envelope, so the handler stays the one place that shapes answers.
 */
export const retryAfterPlugin = fp(
  async (app) => {
    app.addHook('onError', async (_req, reply, err: unknown) => {
      if (err instanceof RateLimitedError) void reply.header('retry-after', String(err.retryAfterSec));
    });
  },
  { name: 'herald-retry-after' },
);
