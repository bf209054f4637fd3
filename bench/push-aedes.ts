/**
 * The baseline broker of bench/push.ts: a bare Aedes (the broker Herald embeds), no
 * authentication, no persistence, alone in its own process like the Herald server. Listens on
 * 127.0.0.1:$PORT and says "ready" on stdout.
 */
import net from 'node:net';
import { Aedes } from 'aedes';

const port = Number(process.env.PORT);
const broker = await Aedes.createBroker({ drainTimeout: 30_000 });
const server = net.createServer((socket) => broker.handle(socket));
server.listen(port, '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  broker.close(() => process.exit(0));
});
