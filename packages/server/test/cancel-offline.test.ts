import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANCELLED, JobStatus } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import type { Server } from '../src/app';
import { deviceCommands, devices, pendingCancels } from '../src/db/schema';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { startPeer, startServer, type TestServer } from './harness';
import { OpenClient, accepted, jobReaches, jobRow, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';

/**
 * A cancel reaching a device that was away: the printer holds a job (sent, its ack lost, so 1),
 * drops off the network, the job is cancelled through another server process, and the cancel
 * waits in PostgreSQL. When the printer comes back it gets the `cancel` command, drops the job
 * and reports it cancelled: the job stays cancelled and is never printed.
 */

let server: TestServer;
let peer: Server;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  // before any device connects: a node's embedded broker marks every device offline when it starts
  peer = await startPeer(server);
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await peer?.close();
  await server?.close();
});

it('sends a cancel to a printer that was offline when its held job was cancelled, once it is back: never printed', async () => {
  const { accountId } = await seedAccount(server);
  const keys = await seedApiKey(server, accountId);
  const device = await seedDevice(server, accountId, (await seedModel(server)).id);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, device);
  sim.start();
  await onlineInDb(server, device.id);

  // the printer holds what it gets (paused on its own) and its ack is lost: Herald sees 1
  sim.state.paused = true;
  sim.injectFault('drop-ack');
  const job = await accepted(
    new OpenClient(server, keys.appKey, keys.secret).print({ sn: device.sn, content: 'Held' }),
  );
  await jobReaches(server, job.jobId, JobStatus.PUSHED);
  await eventually(async () => sim.queuedJobs === 1, 'the job held by the printer');
  sim.crash();
  await eventually(async () => {
    const [d] = await server.deps.db.select().from(devices).where(eq(devices.id, device.id));
    return d?.online === false;
  }, 'offline');
  sim.clearFault('drop-ack');

  // cancelled through the other server process while the printer is away
  const res = await new OpenClient(peer, keys.appKey, keys.secret).call('/open/v1/cancel', { jobId: job.jobId });
  expect(res.body.data).toMatchObject({ status: JobStatus.FAILED, reason: CANCELLED });
  expect(await server.deps.db.select().from(pendingCancels)).toMatchObject([
    { deviceId: device.id, jobId: job.jobId, msgId: job.msgId },
  ]);

  // back: the printer hears the cancel, drops the job and reports it cancelled
  sim.start();
  const result = await eventually(async () => sim.results.find((r) => r.id === job.msgId), 'cancelled result');
  expect(result).toMatchObject({ status: 'failed', reason: 'cancelled' });
  const cmds = await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device.id));
  expect(cmds.filter((c) => c.command === 'cancel').map((c) => c.params)).toEqual([{ job: job.msgId }]);
  expect(await server.deps.db.select().from(pendingCancels)).toEqual([]);
  expect(sim.queuedJobs).toBe(0);

  // working again, it prints what comes next and never the cancelled one
  sim.state.paused = false;
  const next = await accepted(
    new OpenClient(server, keys.appKey, keys.secret).print({ sn: device.sn, content: 'Next' }),
  );
  await jobReaches(server, next.jobId, JobStatus.SUCCESS);
  expect(sim.printed.some((p) => p.includes('Held'))).toBe(false);
  const row = await jobRow(server, job.jobId);
  expect([row.status, row.reason]).toEqual([JobStatus.FAILED, CANCELLED]);
});
