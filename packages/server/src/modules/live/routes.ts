import { z } from 'zod';
import { envelope, LIVE_COALESCE_MS, LIVE_EVENTS, LIVE_HEARTBEAT_MS, LIVE_PATH } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { openStream } from './service';

const tags = ['live'];
/** A client that reads slower than this much is behind: its stream ends, and it reconnects and resyncs. */
const BEHIND_BYTES = 1 << 20;
/** How soon a client should reconnect after the stream ends (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** How long an ended stream's client has to take the end before its connection is cut. */
const END_GRACE_MS = 500;

const wantsStream = (accept: string | undefined) => (accept ?? '').includes('text/event-stream');

const describeSchema = z.object({
  stream: z.literal('text/event-stream'),
  events: z.array(z.string()),
  coalesceMs: z.number(),
  heartbeatMs: z.number(),
});

/**
 * The live feed. With `Accept: text/event-stream` the answer is a stream of Server-Sent Events
 * (service.ts); without it, the envelope describes the stream, so a client that cannot stream
 * (and the API's own sweeps) get an answer that ends. The token goes in the Authorization header
 * as everywhere: the console reads the stream with fetch(), never with a token in the URL.
 */
const liveRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    LIVE_PATH,
    {
      config: { access: {} },
      schema: {
        tags,
        summary: 'Live console events (Server-Sent Events with Accept: text/event-stream)',
        description:
          'Send `Accept: text/event-stream` (and `Last-Event-ID` on a reconnect) to receive the events: ' +
          `${Object.keys(LIVE_EVENTS).join(', ')}; each \`data\` is JSON (ids and changed fields). ` +
          `Changes are coalesced for ${LIVE_COALESCE_MS} ms; a comment line comes every ${LIVE_HEARTBEAT_MS / 1000} s. ` +
          'Without that header the answer describes the stream. docs/live.md.',
        response: { 200: envelope(describeSchema) },
      },
    },
    async (req, reply) => {
      if (!wantsStream(req.headers.accept)) {
        return ok({
          stream: 'text/event-stream' as const,
          events: Object.keys(LIVE_EVENTS),
          coalesceMs: LIVE_COALESCE_MS,
          heartbeatMs: LIVE_HEARTBEAT_MS,
        });
      }
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (raw.writableEnded || raw.destroyed) return;
        raw.write(chunk);
        if (raw.writableLength > BEHIND_BYTES) stop();
      };
      let stop = () => {};
      const lastEventId = req.headers['last-event-id'];
      // throws before anything is written (too many streams): the envelope answers as usual
      const end = openStream(deps, req.auth, typeof lastEventId === 'string' ? lastEventId : undefined, {
        start: () => {
          reply.hijack();
          // not a request the drain waits for: the drain ends it instead (service.ts)
          deps.lifecycle.end(req);
          raw.writeHead(200, {
            ...(reply.getHeaders() as Record<string, string>),
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            // a proxy (nginx) must pass each event on at once, not buffer the answer
            'x-accel-buffering': 'no',
            // the connection ends with the stream: never kept for another request
            connection: 'close',
          });
          raw.write(`retry: ${RETRY_MS}\n\n`);
        },
        event: (type, data, id) => write(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
        heartbeat: () => write(': ping\n\n'),
        end: () => {
          if (!raw.writableEnded) raw.end();
          // a client that stopped reading never lets the end through: its connection would hold the close
          setTimeout(() => raw.destroy(), END_GRACE_MS).unref();
        },
      });
      stop = end;
      raw.on('close', end);
    },
  );
};

export default liveRoutes;
