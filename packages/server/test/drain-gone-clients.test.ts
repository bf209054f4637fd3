import type net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HeraldClient } from '@herald/sdk';
import { poolOf } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { lifecycle } from '../src/modules/ops/lifecycle';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { startServer, type TestServer } from './harness';
import { seedApiKey } from './open-api-fixture';

/**
 * The drain waits for the requests whose clients wait for an answer, not for those whose clients
 * gave up: over real HTTP, an integrator's call held up by a busy database times out and its
 * client goes; the drain that follows ends at once rather than after its whole grace (issue 27:
 * under load, graceful restarts ran past the supervisor's 30 s). The call's work still ends: its
 * job is written once the database answers.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => await server?.close());

it('does not wait for a call whose client went away while its answer was held up', async () => {
  const { accountId } = await seedAccount(server);
  const keys = await seedApiKey(server, accountId);
  const device = await seedDevice(server, accountId, (await seedModel(server)).id);
  const l = lifecycle(server.deps);

  // the database busy: the call's nonce cannot be stored (on PGlite the session itself is held)
  const holder = await poolOf(server.deps.db)!.connect();
  let held = true;
  const release = async () => {
    if (!held) return;
    held = false;
    await holder.query('commit');
    holder.release();
  };
  try {
    await holder.query('begin');
    await holder.query('lock table api_nonces in access exclusive mode');

    const port = (server.app.server.address() as net.AddressInfo).port;
    const client = new HeraldClient({ baseUrl: `http://127.0.0.1:${port}`, ...keys, retries: 0, timeoutMs: 1_000 });
    const call = client.print({ sn: device.sn, content: 'Given up on', orderId: 'gone-1' });
    await eventually(async () => l.inFlight === 1, 'the call in flight');
    // the integrator's timeout: its connection closes, after the whole request was sent
    await expect(call).rejects.toThrow();

    const started = Date.now();
    await server.drain({ delayMs: 0, graceMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(l.inFlight).toBe(0);
  } finally {
    await release();
  }

  // its handler ran on: the job is stored once the database answers
  const stored = await eventually(async () => {
    const rows = await server.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), eq(jobs.orderId, 'gone-1')));
    return rows.length === 1 ? rows : undefined;
  }, 'the job stored');
  expect(stored).toHaveLength(1);
});
