import { mapFramesOfBundle } from './lib/bundle-stack-traces.mjs';
import { dataDirOf } from './data-dir';
import { openEmbeddedThread, pgliteDirOf } from './db/embedded-thread';
import { holdMqttConnections, mqttListenAddress } from './lib/held-mqtt-listener';

// Run from the bundle (npm start), stack traces name the TypeScript lines (lib/bundle-stack-traces.mjs);
// under tsx, tsx maps them itself.
mapFramesOfBundle(import.meta.url);

// The embedded database opens its files on its own thread (PGlite: ~1.2 s) while this one loads the
// server's modules (~2 s): started before they are imported, it is open by the time they are. A
// restart's length decides how far the devices' reconnect back-off has grown (docs/benchmarks.md).
const embedded = process.env.DATABASE_URL ? undefined : openEmbeddedThread(pgliteDirOf(dataDirOf(process.env)));
// a failure is reported once, by createServer, which awaits it
embedded?.catch(() => {});
// The embedded broker's devices are taken from now on and answered once it is up (lib/held-mqtt-listener.ts).
const heldMqtt = process.env.MQTT_URL ? undefined : await holdMqttConnections(mqttListenAddress(process.env));
const { loadConfig } = await import('./config');
const { createServer } = await import('./app');

const config = loadConfig();
const server = await createServer(config, { embedded, heldMqtt }).catch((err: unknown) => {
  // said first, in one line (the stack follows): e.g. another server holds the embedded database
  console.error(`Herald could not start: ${err instanceof Error ? err.message : String(err)}`);
  console.error(err);
  process.exit(1);
});
// A deep accept queue: libuv accepts one connection per event-loop turn, so a burst of new
// connections while the loop is busy waits there; with Node's default (511) the overflow was
// dropped and clients retried after 1, 3, 7, 15 s (measured with bench/push at 300 calls/s).
await server.app.listen({ port: config.port, host: config.host, backlog: 4096 });
server.app.log.info(`Herald console and API on ${config.publicUrl} (database: ${server.database.kind})`);

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
function shutDown(sig: NodeJS.Signals): void {
  // a second signal, of either kind, ends the process at once (the default action again)
  for (const s of SIGNALS) process.off(s, shutDown);
  server.app.log.info(`${sig} received, shutting down`);
  // readiness false at once, requests in flight finish (SHUTDOWN_DELAY_MS, SHUTDOWN_GRACE_MS), then the close
  void server
    .drain()
    .then(() => server.close({ exiting: true }))
    .then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
}
for (const sig of SIGNALS) process.on(sig, shutDown);
