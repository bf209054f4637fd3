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
 * Fields censored wherever a log call names them, up to three levels down (`{ password }`,
 * `{ body: { password } }`, `{ err: { config: { headers: { authorization } } } }`): nothing logs
 * them today, and a later `log.info({ body })` must not start to.
 */
const SECRET_KEYS = [
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
];
const censored = SECRET_KEYS.flatMap((k) => {
  const key = `["${k}"]`;
  return [key, `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

/** The server's logger options (main and tests alike): the request serializer above and the censor. */
export const loggerOptions = (level: string) => ({
  level,
  serializers: { req: requestForLog },
  redact: { paths: censored, censor: '[redacted]' },
});
