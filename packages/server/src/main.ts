import { loadConfig } from './config';
import { createServer } from './app';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(`Herald console and API on ${config.publicUrl} (database: ${server.database.kind})`);

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    server.app.log.info(`${sig} received, shutting down`);
    void server.close().finally(() => process.exit(0));
  });
}
