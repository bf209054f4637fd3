import net from 'node:net';

/**
 * Pending connections the kernel holds for us (as the HTTP listener, main.ts): after a restart a
 * whole fleet reconnects within seconds, and past Node's default of 511 the kernel drops the
 * surplus, which each device then retries only after its SYN timeout (1 s, then 3, 7...).
 * Measured on loopback, 3,000 connects at once to a listener busy for 300 ms: the last one was
 * in after 0.7 s with 4096, after 2.6 s with 511.
 */
export const BACKLOG = 4096;

/** Where the embedded broker's plain MQTT listener goes (MQTT_HOST, MQTT_PORT; -1: none). */
export function mqttListenAddress(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const n = env.MQTT_PORT === undefined || env.MQTT_PORT === '' ? NaN : Number(env.MQTT_PORT);
  return { host: env.MQTT_HOST || env.HOST || '0.0.0.0', port: Number.isFinite(n) ? n : 1883 };
}

/** An MQTT listener opened before the broker exists: it accepts and holds connections until adopted. */
export type HeldListener = {
  server: net.Server;
  /** The broker takes the listener: the connections held so far first, then every new one. */
  adopt(handle: (socket: net.Socket) => void): void;
};

/**
 * Listen for MQTT before the server's modules load. A restart that refused connections for the
 * ~3–8 s its start takes sent every device of the fleet to its next back-off step (1, 3, 7, 15 s),
 * so the fleet came back long after the server could take it. Held here instead, a device's
 * CONNECT waits unread in its socket (devices wait 15 s or more for CONNACK, docs/device-protocol.md)
 * and is answered once the broker is up. Resolves undefined when the port cannot be taken now (the
 * broker then listens itself and fails as it always did).
 */
export async function holdMqttConnections(address: { host: string; port: number }): Promise<HeldListener | undefined> {
  if (address.port < 0) return undefined;
  const held: net.Socket[] = [];
  const ignore = () => {};
  let take = (socket: net.Socket) => {
    socket.on('error', ignore); // a device that gives up while held is dropped at adoption
    held.push(socket);
  };
  const server = net.createServer({ pauseOnConnect: true }, (socket) => take(socket));
  const listening = await new Promise<boolean>((resolve) => {
    const failed = () => resolve(false);
    server.once('error', failed);
    server.listen({ port: address.port, host: address.host, backlog: BACKLOG }, () => {
      server.off('error', failed);
      resolve(true);
    });
  });
  if (!listening) return undefined;
  return {
    server,
    adopt(handle) {
      take = handle;
      for (const socket of held.splice(0)) {
        if (socket.destroyed) continue;
        socket.off('error', ignore);
        handle(socket);
      }
    },
  };
}
