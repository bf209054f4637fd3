import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode, unstorablePath } from '@herald/contract';
import { AppError } from '../lib/errors';

/**
 * Refuse a request whose params, query or body hold a string PostgreSQL could not store. Such a
 * string would fail in the database as a system error, possibly halfway through a change, and a
 * statement that writes many callers' rows at once (the job pipeline's batches) would fail for
 * all of them. No field of Herald means a NUL or half a surrogate pair, so such input is refused
 * as 'Incorrect format' before validation or any handler runs.
 */
export function guardInput(req: FastifyRequest): void {
  for (const part of [req.params, req.query, req.body]) {
    const field = unstorablePath(part);
    if (field !== undefined) {
      throw new AppError(ResultCode.VALIDATION_FAILED, 'validation.format', [{ field, message: 'validation.format' }]);
    }
  }
}

/** Route config of routes that call guardInput themselves, later (the open API: after the signature). */
export const GUARDED_LATER = { inputGuard: 'later' } as const;

export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (req) => {
      if (req.routeOptions.config.inputGuard === 'later') return;
      guardInput(req);
    });
  },
  { name: 'herald-input-guard' },
);
