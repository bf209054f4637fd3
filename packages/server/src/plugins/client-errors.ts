import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { ResultCode, translate, type MessageKey } from '@herald/contract';
import { body, localeOf } from './errors';

/** What Node's HTTP parser refuses, by its error code: the status and the message. */
function parserRefusal(code: string | undefined): [number, MessageKey] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'error.headersTooLarge'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'error.requestTimeout'];
  return [400, 'validation.format'];
}

/**
 * The language of a request Node could not parse, from what arrived of it: `lang` in the query,
 * the `lang` header, the `locale` cookie, as for any other request.
 */
function localeOfRaw(raw: Buffer | undefined) {
  const text = raw?.subarray(0, 64 * 1024).toString('latin1') ?? '';
  const query = /^\S+ [^?\s]*\?(\S*)/.exec(text)?.[1];
  const header = (name: string) => new RegExp(`\r\n${name}:[ \t]*([^\r\n]*)`, 'i').exec(text)?.[1];
  return localeOf(query === undefined ? undefined : (new URLSearchParams(query).get('lang') ?? undefined), {
    lang: header('lang'),
    cookie: header('cookie'),
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's clientErrorHandler): a
 * request line and headers over Node's 16 KB (431), a request that is not HTTP (400), one that
 * took too long to arrive (408). Fastify would write its own JSON; Herald writes its envelope,
 * with the headers every answer carries, and closes the connection (what follows on it cannot be
 * told apart from the rest of the refused request).
 */
export function clientErrors(headers: Record<string, string>) {
  return function (this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    // a connection reset: nobody to answer
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, key] = parserRefusal(err.code);
    this.log.info({ code: err.code }, 'refused by the HTTP parser');
    if (socket.writable) {
      const json = JSON.stringify(
        body(
          ResultCode.VALIDATION_FAILED,
          translate(key, localeOfRaw(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined)),
        ),
      );
      const head = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(json)),
        connection: 'close',
        ...headers,
      };
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${json}`);
    }
    socket.destroy(err);
  };
}
