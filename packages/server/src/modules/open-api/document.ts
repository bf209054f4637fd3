import { LOCALES, OPEN_API } from '@herald/contract';

/**
 * The OpenAPI document's account of the open API (`/open/v1/*`). Its routes' schemas describe
 * bodies and answers; what they cannot say is added here, for the document only (the routes'
 * runtime validation and serialization stay as they are):
 *
 * - they are signed with four headers, not the console's bearer token;
 * - the language of the message is the `lang` query parameter (or header);
 * - the refusals they answer with, per HTTP status, all in the `{code, message, data}` envelope.
 */

const h = OPEN_API.headers;

/** Security schemes: all four headers together sign a call (docs/open-api.md §1). */
export const OPEN_API_SECURITY_SCHEMES = {
  heraldAppKey: {
    type: 'apiKey',
    in: 'header',
    name: h.appKey,
    description: "One of the account's app keys (up to 10 named keys, each with its own secret)",
  },
  heraldTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: h.timestamp,
    description: 'Milliseconds since the epoch; within 5 minutes of the server clock',
  },
  heraldNonce: {
    type: 'apiKey',
    in: 'header',
    name: h.nonce,
    description: 'A fresh random string, 8 to 64 of A-Z a-z 0-9 _ -, never used before',
  },
  heraldSignature: {
    type: 'apiKey',
    in: 'header',
    name: h.signature,
    description:
      "Lower-case hex HMAC-SHA256 with the key's secret over six lines: app key, timestamp, nonce, method, path, hex SHA-256 of the raw body (docs/open-api.md); during a rotation's overlap the old secret signs too",
  },
} as const;

const SIGNED = [{ heraldAppKey: [], heraldTimestamp: [], heraldNonce: [], heraldSignature: [] }];

const refusal = (description: string) => ({
  description,
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer' },
    message: { type: 'string', description: 'in the language asked for (lang)' },
    data: {
      type: 'object',
      nullable: true,
      properties: {
        errors: {
          type: 'array',
          description: 'the fields at fault',
          items: {
            type: 'object',
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
});

const REFUSALS = {
  400: refusal(
    '40010: incorrect format or a value the spec names (Incorrect Device S/N, Incorrect template ID, Incorrect business ID, Voice file does not exist, a missing template parameter, the receipt is too large); 40031: a non-print device for print, or a device that cannot speak',
  ),
  401: refusal('40020: signature verification failed or unknown app key; 40021: timestamp more than 5 minutes off'),
  403: refusal('40014: the account is disabled'),
  404: refusal('40004: the record does not exist (record and cancel calls)'),
  409: refusal(
    '40009: Requested order ID already exists (with another request), or the device is disabled, or (cancel) the job is past 1: acknowledged, printed or ended; 40022: the nonce was used before; 40030: device not online (onlineOnly)',
  ),
  413: refusal('40010: request body over 64 KiB'),
  415: refusal('40010: the body is not sent as application/json'),
  429: refusal("40029: the device's rate limit, or the server is busy: retry later"),
};

type Transformed = { schema: object; url: string };

/** Wraps the zod transform's output of each route (fastify-swagger `transform`). */
export function documentOpenApi<T extends Transformed>(t: T): T {
  if (!t.url.startsWith('/open/v1/')) return t;
  const schema = t.schema as { response?: object };
  return {
    ...t,
    schema: {
      ...schema,
      security: SIGNED,
      querystring: {
        type: 'object',
        properties: {
          lang: {
            type: 'string',
            enum: [...LOCALES],
            description: 'language of the answer\'s message (default en_US); a "lang" header works too',
          },
        },
      },
      response: { ...schema.response, ...REFUSALS },
    },
  };
}
