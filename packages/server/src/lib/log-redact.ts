import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets. The spec puts the login password in the query of two GET
 * calls (`/v1/common/verifyPassword`, `/v1/account-api/queryApiSecret`); the request log must
 * not keep it, nor anything a proxy or a log reader could replay.
 */
const SECRET_PARAM = /([?&](?:password|oldPassword|newPassword|secret|token|accessToken|refreshToken)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAM, '$1[redacted]');

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
