import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HeraldClient } from '@herald/sdk';
import type { Server } from '../src/app';
import { jobs } from '../src/db/schema';
import { seedDevice, seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { startPeer, startServer, type TestServer } from './harness';
import { seedApiKey } from './open-api-fixture';

/**
 * Two nodes on one database over real HTTP, as behind a load balancer: a print sent to the node
 * that drains (SIGTERM's way down) is refused with 50003 and Retry-After before anything is done;
 * the SDK repeats it — without an order id too — and the other node takes it: one job.
 */

let server: TestServer;
let draining: Server;

const urlOf = (s: Server) => `http://127.0.0.1:${(s.app.server.address() as net.AddressInfo).port}`;

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  draining = await startPeer(server);
  await draining.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await draining?.close();
  await server?.close();
});

it('repeats a print refused by a draining node on the next node, after the Retry-After: one job', async () => {
  const { accountId } = await seedAccount(server);
  const keys = await seedApiKey(server, accountId);
  const device = await seedDevice(server, accountId, (await seedModel(server)).id);
  await draining.drain({ delayMs: 0, graceMs: 0 });

  // the load balancer: the first attempt reaches the draining node, the next ones the other
  const nodes: string[] = [];
  const client = new HeraldClient({
    baseUrl: urlOf(server),
    ...keys,
    retryDelayMs: 10,
    fetch: (input, init) => {
      const url = new URL(String(input));
      const node = nodes.length === 0 ? urlOf(draining) : urlOf(server);
      nodes.push(node);
      return fetch(new URL(url.pathname, node), init);
    },
  });
  const started = Date.now();
  const accepted = await client.print({ sn: device.sn, content: 'Refused once' });
  expect(nodes).toEqual([urlOf(draining), urlOf(server)]);
  // the draining node's Retry-After: 2
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  const rows = await server.deps.db.select().from(jobs).where(eq(jobs.deviceId, device.id));
  expect(rows.map((j) => j.id)).toEqual([accepted.jobId]);
});
