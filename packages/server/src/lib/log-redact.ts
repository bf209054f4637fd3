import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets. Herald's own calls keep secrets out of URLs (passwords go
 * in POST bodies, open-API signatures in headers), but a client may still put one there — an old
 * console calling `verifyPassword?password=`, an integrator signing in the query — and the request
 * log must not keep it, nor anything a proxy or a log reader could replay. Devices' download URLs
 * carry their signature (`sig`) by design.
 */
const SECRET_PARAM =
  /([?&](?:[\w-]*password|[\w-]*secret|[\w-]*token|sig|sign|signature|x-herald-signature|x-herald-nonce|nonce|authorization|api[_-]?key)=)[^&#]*/gi;

/** Paths whose segment after the prefix is a credential (a device's one-time log upload token). */
const SECRET_SEGMENT = /^(\/device\/v1\/logs\/)[^/?#]+/;

export const redactUrl = (url: string): string =>
  url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_PARAM, '$1[redacted]');

/** Fastify's request log entry (the fields of its default serializer), with secrets redacted. */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Fields censored wherever a log call names them, up to four levels down (`{ password }`,
 * `{ body: { password } }`, `{ err: { config: { headers: { authorization } } } }`): nothing logs
 * them today, and a later `log.info({ body })` must not start to.
 */
const SECRET_KEYS = new Set([
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'secret',
  'appSecret',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'authInfo',
  'authorization',
  'cookie',
  'x-herald-signature',
  'signature',
  'sig',
]);
const CENSOR = '[redacted]';
/** Levels looked into below the log call's own object (its keys are level 0). */
const DEPTH = 3;
/**
 * Fields whose serializer writes only safe fields (the request serializer above, Fastify's `res`):
 * walking a Fastify request (its socket, its raw request) would cost more than the line.
 */
const SERIALIZED = new Set(['req', 'res']);

/** An Error copied for the log: its message, name and stack are not own enumerable fields. */
const errorFields = (err: Error): Record<string, unknown> => ({
  ...err,
  name: err.name,
  message: err.message,
  stack: err.stack,
});

/**
 * `value` with every secret field censored, or `value` itself when it holds none: a log call
 * without secrets (nearly all of them) allocates nothing. The log call's objects are never changed.
 */
export function censorSecrets<T>(value: T, level = 0): T {
  if (value === null || typeof value !== 'object' || level > DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const censored = censorSecrets(item, level + 1);
      if (censored !== item) (copy ??= [...value])[i] = censored;
    });
    return (copy ?? value) as T;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (level === 0 && SERIALIZED.has(key)) continue;
    const censored = SECRET_KEYS.has(key) ? CENSOR : censorSecrets(field, level + 1);
    if (censored !== field) {
      copy ??= value instanceof Error ? errorFields(value) : { ...(value as Record<string, unknown>) };
      copy[key] = censored;
    }
  }
  return (copy ?? value) as T;
}

/**
 * The server's logger options (main and tests alike): the request serializer above and the censor.
 *
 * The censor is a formatter, not pino's `redact`: with wildcard paths, `redact` clones and walks
 * every field of every line and every child logger's bindings — Fastify makes a child logger per
 * request — which measured ~17 µs per request at `warn` and ~210 µs at `info` (two lines per
 * request), against ~1 and ~8 µs without it (docs/benchmarks.md). The formatter walks only what a
 * log call passes, and copies only when it finds a secret. Child loggers' bindings are not walked
 * (pino formats only the root's): Herald binds ids and module names to them, never a secret.
 */
export const loggerOptions = (level: string) => ({
  level,
  serializers: { req: requestForLog },
  formatters: {
    log: (fields: Record<string, unknown>) => censorSecrets(fields),
  },
});
