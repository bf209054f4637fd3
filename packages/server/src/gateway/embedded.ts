import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { CONNECT_REFUSALS, QOS, topics, type DownKind } from '@herald/contract';
import type { Deps } from '../lib/deps';
import { GatewayUnavailable } from '../lib/gateway-unavailable';
import { BACKLOG, type HeldListener } from '../lib/held-mqtt-listener';
import { sayWhileWaiting } from '../lib/say-while-waiting';
import * as deviceLink from '../modules/device-link/service';
import type { Gateway } from './types';

export const WS_PATH = '/mqtt';

/** What the gateway knows about one authenticated connection. */
type Session = {
  device: deviceLink.DeviceRef;
  session: number;
  ip: string | undefined;
  /** the device_connections row, once onConnect has stored it */
  connection?: Promise<number | undefined>;
  /** why the connection ended, when the server ended it */
  reason?: string;
};

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: BACKLOG }, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });

const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
/** CONNACK 3, "server unavailable": the device tries again later */
const unavailable = () => Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError;

function clientIp(client: Client): string | undefined {
  const socket = (client.req?.socket ?? client.conn) as net.Socket | undefined;
  return socket?.remoteAddress?.replace(/^::ffff:/, '');
}

/** SHA-256 fingerprint of the client certificate presented over TLS, if any. */
function peerFingerprint(client: Client): string | undefined {
  const conn = client.conn as tls.TLSSocket;
  if (typeof conn.getPeerCertificate !== 'function') return undefined;
  const cert = conn.getPeerCertificate();
  return cert && cert.fingerprint256 ? cert.fingerprint256 : undefined;
}

/**
 * The embedded broker (Aedes): devices connect to the Herald process itself over TCP, TLS and
 * WebSocket (`/mqtt` on the HTTP server). Authentication, the topic ACL and every uplink message
 * go through modules/device-link; presence follows the broker's own view of connections.
 */
export async function startEmbeddedGateway(
  deps: Deps,
  opts: { httpServer: http.Server; log: FastifyBaseLogger; heldMqtt?: HeldListener },
): Promise<Gateway> {
  const cfg = deps.config.mqtt;
  const log = opts.log.child({ module: 'gateway' });
  const sessions = new WeakMap<Client, Session>();
  /** database work started by broker events; close() waits for it */
  const pending = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T | undefined> => {
    const q = p.catch((err: unknown) => {
      log.error({ err }, 'gateway: device-link call failed');
      return undefined;
    });
    pending.add(q);
    void q.finally(() => pending.delete(q));
    return q;
  };

  await deviceLink.resetPresence(deps);
  let closing = false;
  /** closing for a process that exits next (close({ exiting: true })) */
  let exiting = false;
  // Aedes never calls back a publish its closing emitter dropped: a stop would wait on it for good
  // (the pipeline's stop waits for its publishes). close() settles every publish still waiting.
  let brokerClosed!: (err: Error) => void;
  const closed = new Promise<never>((_, reject) => (brokerClosed = reject));
  closed.catch(() => {}); // observed by the publishes that race it

  const broker: Aedes = await Aedes.createBroker({
    // a client that stops reading must not stall delivery to every other client
    drainTimeout: 30_000,
    // deliveries in flight before the emitter queues (and, draining a long queue, recurses until
    // the stack overflows): the job pipeline keeps its own publishes to PUBLISH_MAX (200, config.ts), so
    // this leaves room for uplinks and commands and the queue stays empty
    concurrency: 1_000,
    authenticate(client, username, password, done) {
      // a closing broker starts no database work: presence is reset once it has ended (close())
      if (closing) return done(unavailable(), false);
      const attempt = deviceLink.authenticateDevice(deps, {
        clientId: client.id,
        username,
        password: password?.toString('utf8'),
        certFingerprint: peerFingerprint(client),
      });
      void track(attempt).then((r) => {
        if (!r || closing) return done(unavailable(), false);
        if (!r.ok) {
          log.info({ sn: r.sn, refusal: r.refusal, ip: clientIp(client) }, 'device connection refused');
          const err = Object.assign(new Error(r.refusal), { returnCode: CONNECT_REFUSALS[r.refusal] });
          return done(err as AuthenticateError, false);
        }
        // a second connection with the same client id replaces the first (Aedes closes it)
        const previous = clients[client.id];
        const prevSession = previous && previous !== client ? sessions.get(previous) : undefined;
        if (prevSession) prevSession.reason = 'session taken over';
        sessions.set(client, { device: r.device, session: r.session, ip: clientIp(client) });
        done(null, true);
      });
    },
    // A device's message is handled here, before the broker answers it: aedes writes the PUBACK of
    // a QoS 1 publish right after this hook and before its `published` hook. So the PUBACK goes
    // out only once Herald has stored the message's effect; when storing fails the connection is
    // closed instead, and the device sends the message again after it reconnects (its effects
    // are idempotent: acks and results name their job, duplicates change nothing).
    authorizePublish(client, packet, done) {
      // Closing: nothing more is stored, and so nothing more acknowledged (the device sends it again
      // to the next server). A process about to exit leaves the publish unanswered, its connection
      // open until the exit; otherwise the broker closes the connection (and a last will, published
      // through here as the broker closes its clients, is refused without being read).
      if (closing) return exiting ? undefined : done(new Error('server closing'));
      const s = client ? sessions.get(client) : undefined;
      if (!s || !deviceLink.mayPublish(s.device.sn, packet.topic)) {
        log.warn({ sn: s?.device.sn, topic: packet.topic }, 'publish refused by topic ACL');
        // MQTT 3.1.1 has no way to refuse one publish: the broker closes the connection
        if (s) s.reason = 'topic not allowed';
        return done(new Error('topic not allowed'));
      }
      const t = topics.parseUplink(packet.topic);
      if (!t) return done(null);
      const arrivedAt = Date.now();
      const handled = deviceLink.handleUplink(deps, s.device, t.kind, packet.payload as Buffer, {
        presenceFromMessages: false,
        arrivedAt,
      });
      void track(
        handled.then(
          (valid) => {
            if (valid === false) log.debug({ sn: s.device.sn, topic: packet.topic }, 'invalid uplink payload dropped');
            done(null);
          },
          (err: unknown) => {
            log.error({ err, sn: s.device.sn, topic: packet.topic }, 'uplink not stored: closing the connection');
            s.reason = 'uplink not stored';
            done(new Error('uplink not stored'));
          },
        ),
      );
    },
    authorizeSubscribe(client, sub, done) {
      const s = sessions.get(client);
      if (s && deviceLink.maySubscribe(s.device.sn, sub.topic)) return done(null, sub);
      log.warn({ sn: s?.device.sn, topic: sub.topic }, 'subscription refused by topic ACL');
      done(null, null); // SUBACK carries 0x80 (failure) for this topic
    },
    // every device's message goes to Herald, not to other clients
    authorizeForward(client, packet) {
      const t = topics.parse(packet.topic);
      if (t?.dir === 'up') return null;
      return packet;
    },
  });

  const clients = (broker as unknown as { clients: Record<string, Client | undefined> }).clients;

  broker.on('clientReady', (client) => {
    const s = sessions.get(client);
    // connected as the broker closed: it is dropped with the others, and nothing is recorded of it
    if (!s || closing) return;
    s.connection = track(deviceLink.onConnect(deps, s.device, { session: s.session, ip: s.ip }));
    // a connection whose presence could not be written (the database away, a statement chosen as a
    // deadlock's victim) would stay connected and offline for good: nothing would be sent to it.
    // Closed, the device connects again (firmware retries with back-off) and is written then.
    void s.connection.then((id) => {
      if (id !== undefined || closing || clients[client.id] !== client) return;
      s.reason = 'presence not stored';
      log.warn({ sn: s.device.sn }, 'device connection not recorded: closed so that the device connects again');
      client.close();
    });
    // a disable that raced this connect is seen now (deviceLink.mayStayConnected)
    void track(
      deviceLink.mayStayConnected(deps, s.device.sn).then((allowed) => {
        if (allowed || clients[client.id] !== client) return;
        s.reason = 'revoked while connecting';
        log.info({ sn: s.device.sn }, 'device disabled while it connected: connection closed');
        client.close();
      }),
    );
  });
  broker.on('keepaliveTimeout', (client) => {
    const s = sessions.get(client);
    if (s) s.reason ??= 'keepalive timeout';
  });
  broker.on('clientError', (client, err) => {
    const s = sessions.get(client);
    if (s) s.reason ??= `error: ${err.message}`.slice(0, 64);
  });
  broker.on('clientDisconnect', (client) => {
    const s = sessions.get(client);
    if (!s?.connection) return;
    // the broker closing drops every device at once: close() marks them all offline in one
    // statement instead (one write per device kept the old process alive 15 s at 5,000 devices)
    if (closing) return;
    // Aedes marks a client that said goodbye with a DISCONNECT packet; anything else lost its connection
    const orderly = (client as unknown as { _disconnected?: boolean })._disconnected === true;
    const reason = s.reason ?? (orderly ? 'disconnected' : 'connection lost');
    void track(
      s.connection.then((id) => (id === undefined ? undefined : deviceLink.onDisconnect(deps, s.device, id, reason))),
    );
  });

  const listeners: net.Server[] = [];
  /** the listeners' connections, so that the close can end those the broker's close leaves open */
  const sockets = new Set<net.Socket>();
  const accept = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    broker.handle(socket);
  };
  const endpoints: ReturnType<Gateway['endpoints']> = {};
  const publicHost = (() => {
    const h = new URL(deps.config.publicUrl).hostname;
    return h === 'localhost' ? '127.0.0.1' : h;
  })();

  if (opts.heldMqtt) {
    // main.ts has been taking connections since the process started: they are the broker's now
    opts.heldMqtt.adopt(accept);
    listeners.push(opts.heldMqtt.server);
    endpoints.mqtt = `mqtt://${publicHost}:${(opts.heldMqtt.server.address() as net.AddressInfo).port}`;
  } else if (cfg.port >= 0) {
    const server = net.createServer(accept);
    const port = await listen(server, cfg.port, cfg.host);
    listeners.push(server);
    endpoints.mqtt = `mqtt://${publicHost}:${port}`;
  }
  if (cfg.tlsCert && cfg.tlsKey && cfg.tlsPort >= 0) {
    const server = tls.createServer(
      {
        cert: fs.readFileSync(cfg.tlsCert),
        key: fs.readFileSync(cfg.tlsKey),
        ca: cfg.tlsCa ? fs.readFileSync(cfg.tlsCa) : undefined,
        // a client certificate is optional; when one is presented, device-link checks it against
        // the manufacturer's imported certificates (not merely a CA chain)
        requestCert: true,
        rejectUnauthorized: false,
      },
      accept,
    );
    const port = await listen(server, cfg.tlsPort, cfg.host);
    listeners.push(server);
    endpoints.mqtts = `mqtts://${publicHost}:${port}`;
  }

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== WS_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => stream.destroy());
      broker.handle(stream, req);
    });
  };
  opts.httpServer.on('upgrade', onUpgrade);

  log.info({ endpoints }, 'embedded MQTT broker started');

  return {
    async publish(sn: string, kind: DownKind, payload: object) {
      // a stopping server's last jobs stay in their rows and go out after the next start (pipeline.ts,
      // sweep), as with an external broker that is away: no device is connected to take them now
      if (closing) throw new GatewayUnavailable('the embedded broker is closing');
      const published = new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: topics.down(sn, kind),
            payload: Buffer.from(JSON.stringify(payload)),
            qos: QOS[kind],
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      );
      published.catch(() => {}); // a publish the close settled may still fail after it
      await Promise.race([published, closed]);
    },
    async kick(sns: readonly string[], reason: string) {
      for (const sn of sns) {
        const client = clients[sn];
        if (!client) continue;
        const s = sessions.get(client);
        if (s) s.reason = reason;
        await new Promise<void>((resolve) => client.close(() => resolve()));
      }
    },
    deviceChanged: async () => {},
    // listening from here on, until close
    health: () => (closing ? { ready: false, detail: 'broker closing' } : { ready: true }),
    endpoints: () => ({ ...endpoints, ws: `${deps.config.publicUrl.replace(/^http/, 'ws')}${WS_PATH}` }),
    async close(how = {}) {
      closing = true;
      exiting = how.exiting === true;
      brokerClosed(new GatewayUnavailable('the embedded broker closed'));
      opts.httpServer.off('upgrade', onUpgrade);
      // WebSocket devices ride on the HTTP server, whose close (the next step of the server's) would
      // wait for them: they are ended here, in either way of closing
      const dropWebSockets = () => {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
      };
      // each part named at warn while it waits past 5 s: a stop a supervisor cuts short shows which (issue 27)
      const part = (name: string, run: () => Promise<unknown>) =>
        sayWhileWaiting(run, () => log.warn({ part: name, pending: pending.size }, 'gateway closing: still waiting'));
      const workDone = () =>
        part('device-link work', async () => {
          while (pending.size > 0) await Promise.allSettled([...pending]);
        });
      // every device this broker held is gone with it
      const presenceReset = () =>
        part('presence', () =>
          deviceLink
            .resetPresence(deps, 'server stopped')
            .catch((err: unknown) =>
              log.warn({ err }, 'gateway: presence not reset at close (the next start resets it)'),
            ),
        );
      if (exiting) {
        // The process ends next: its connections end with it, all at once, once the work the
        // devices started is recorded and they are marked offline. The broker's own close took
        // ~1 s at 5,000 devices (each client unsubscribed, its will read and refused, its socket
        // closed one by one) and dropped the devices before that, so they tried again while
        // this process still held the port and nothing listened (docs/benchmarks.md).
        for (const server of listeners) server.close(); // stops accepting; the open connections stay
        await workDone();
        await presenceReset();
        // recorded offline like the others, they go now rather than with the process
        dropWebSockets();
        return;
      }
      dropWebSockets();
      const stopped = Promise.all(listeners.map(closeServer)); // stops accepting; resolves once clients are gone
      await part('broker', () => new Promise<void>((resolve) => broker.close(() => resolve())));
      // A connection whose CONNECT the broker had not taken (its first packet still on its way,
      // or arriving as the broker closed) is none of its clients, so the broker's close leaves it
      // open, and the listener's close waited for it until the device or Aedes's connect timeout
      // ended it (seen: 'listeners' still waiting after 5 s with nothing pending; issue 27).
      for (const socket of sockets) socket.destroy();
      await part('listeners', () => stopped);
      await workDone();
      await presenceReset();
    },
  };
}
