import fp from 'fastify-plugin';
import { ResultCode } from '@herald/contract';
import { AppError } from '../lib/errors';

/** Parsed JSON, form or query data; raw bodies (Buffers of uploads, streams) are bytes, not text fields. */
function isPlainData(v: unknown): v is Record<string, unknown> {
  if (Array.isArray(v)) return true;
  if (!v || typeof v !== 'object') return false;
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return false;
  return typeof (v as { pipe?: unknown }).pipe !== 'function';
}

type Step = { key: string; parent: Step | undefined };
const pathOf = (step: Step | undefined): string => {
  const keys: string[] = [];
  for (let s = step; s; s = s.parent) keys.push(s.key);
  return keys.reverse().join('.');
};

/**
 * Path of the first string (or key) holding a NUL character, or undefined. Iterative, and the
 * path is built only when found: a 1 MB body can nest half a million levels deep.
 */
export function nulPath(value: unknown): string | undefined {
  const stack: [unknown, Step | undefined][] = [[value, undefined]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(at);
    } else if (isPlainData(v)) {
      for (const [key, child] of Object.entries(v)) {
        const step = { key, parent: at };
        if (key.includes('\u0000')) return pathOf(step);
        stack.push([child, step]);
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
