import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpStatusOf, isMessageKey, ResultCode, resolveLocale, translate, type FieldError } from '@herald/contract';
import { AppError } from '../lib/errors';

type Body = { code: number; message: string; data: unknown };

export function body(code: number, messageKey: string, data: unknown = null): Body {
  return { code, message: messageKey, data };
}

/**
 * One place turns every outcome into the `{code, message, data}` envelope, translates its
 * message into the request's language and picks the HTTP status. Unknown failures are logged
 * and reported as 'System error, please try again' without detail.
 */
/** The request's language: `lang` in the query, then the `lang` header, then the `locale` cookie. */
export const localeOf = (queryLang: unknown, headers: FastifyRequest['headers']) =>
  resolveLocale(queryLang ?? headers['lang'] ?? /(?:^|;\s*)locale=([^;]+)/.exec(headers.cookie ?? '')?.[1]);

/**
 * What the router refuses before any route or hook runs: a path that is not valid percent-encoding
 * (`/v1/accounts/%ED%A0%80`) or a path segment over the router's limit. Answered in the envelope
 * and the request's language like every other refusal, without echoing the path back, with the
 * headers every answer carries (no hook runs for it).
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    let queryLang: string | null = null;
    try {
      queryLang = new URL(req.raw.url ?? '/', 'http://x').searchParams.get('lang');
    } catch {
      // an unreadable URL: the header or the cookie decides
    }
    const locale = localeOf(queryLang ?? undefined, req.headers);
    req.log.info({ code: err.code }, 'refused by the router');
    void reply
      .status(400)
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body(ResultCode.VALIDATION_FAILED, translate('validation.format', locale))));
  };
}

export const errorsPlugin = fp(
  async (app) => {
    app.decorateRequest('locale', 'en_US');
    app.decorateRequest('messageKey', undefined);
    app.addHook('onRequest', async (req) => {
      const q = req.query as Record<string, unknown> | undefined;
      req.locale = localeOf(q?.lang, req.headers);
    });

    app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
      const p = payload as Partial<Body> | null;
      if (p && typeof p === 'object' && typeof p.code === 'number' && typeof p.message === 'string') {
        const data = p.data as { errors?: FieldError[] } | null | undefined;
        const errors = data?.errors?.map((e) => ({ ...e, message: translate(e.message, req.locale) }));
        req.messageKey = p.message;
        return {
          ...p,
          message: translate(p.message, req.locale),
          data: errors ? { ...data, errors } : p.data,
        };
      }
      return payload;
    });

    app.setErrorHandler(async (err, req, reply) => {
      if (err instanceof AppError) {
        return reply
          .status(httpStatusOf[err.code] ?? 400)
          .send(
            body(
              err.code,
              err.messageKey,
              err.errors || err.details ? { ...err.details, ...(err.errors ? { errors: err.errors } : {}) } : null,
            ),
          );
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors: FieldError[] = err.validation.map((v) => {
          const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
          const field =
            v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issuePath ?? []).map(String).join('.');
          return { field, message: isMessageKey(v.message ?? '') ? v.message! : 'validation.format' };
        });
        return reply
          .status(400)
          .send(body(ResultCode.VALIDATION_FAILED, errors[0]?.message ?? 'validation.format', { errors }));
      }
      const e = err as { code?: string; statusCode?: number; messageKey?: string };
      if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send(body(ResultCode.VALIDATION_FAILED, 'error.payloadTooLarge'));
      }
      if (e.statusCode === 429) return reply.status(429).send(body(ResultCode.RATE_LIMITED, 'error.rateLimited'));
      if (e.statusCode === 415) {
        // a route that takes another type than JSON says which (e.messageKey)
        const key = e.messageKey && isMessageKey(e.messageKey) ? e.messageKey : 'error.unsupportedMediaType';
        return reply.status(415).send(body(ResultCode.VALIDATION_FAILED, key));
      }
      if (isDataException(err)) {
        // a value the database cannot hold (number out of range, impossible date …) that validation let through
        req.log.warn({ err }, 'data exception from input');
        return reply.status(400).send(body(ResultCode.VALIDATION_FAILED, 'validation.format'));
      }
      if (isConcurrencyRollback(err)) {
        // PostgreSQL ended this request's transaction to let another one through (a deadlock's victim,
        // a serialization failure): its writes are undone and the same request again will most likely
        // pass. A conflict (not 50003, which clients retry on their own): what ran before the
        // transaction is the route's to know, so the caller decides.
        req.log.warn({ err }, 'transaction rolled back by a concurrent one; the client is asked to try again');
        return reply
          .status(httpStatusOf[ResultCode.CONFLICT])
          .header('retry-after', '1')
          .send(body(ResultCode.CONFLICT, 'error.busy'));
      }
      if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
        // malformed JSON, wrong content type, bad URL encoding …
        return reply.status(e.statusCode).send(body(ResultCode.VALIDATION_FAILED, 'validation.format'));
      }
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(body(ResultCode.SERVER_ERROR, 'error.system'));
    });
  },
  { name: 'herald-errors' },
);

/** The SQLSTATE of a database error, as thrown by either driver or wrapped by Drizzle ('' for anything else). */
function sqlState(err: unknown): string {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
}

/** PostgreSQL SQLSTATE class 22 (data exception). */
const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test(sqlState(err));

/** A transaction PostgreSQL rolled back for a concurrent one: 40001 serialization failure, 40P01 deadlock. */
const isConcurrencyRollback = (err: unknown) => ['40001', '40P01'].includes(sqlState(err));

export function notFoundBody(): Body {
  return body(ResultCode.NOT_FOUND, 'error.routeNotFound');
}
