import fp from 'fastify-plugin';
import { ResultCode } from '@herald/contract';
import { AppError } from '../lib/errors';

/** Path of the first string holding a NUL character, or undefined. Iterative: bodies may nest deeply. */
export function nulPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, so a string carrying one would fail in the
 * database as a system error, possibly halfway through a change. No field of Herald means a
 * NUL, so such input is refused as 'Incorrect format' before validation or any handler runs.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = nulPath(part);
      if (field !== undefined) {
        throw new AppError(ResultCode.VALIDATION_FAILED, 'validation.format', [
          { field, message: 'validation.format' },
        ]);
      }
    }
  });
});
