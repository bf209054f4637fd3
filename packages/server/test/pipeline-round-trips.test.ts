import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, ResultCode } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { poolOf } from '../src/db/client';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { OpenClient, accepted, jobReaches, jobRow, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';

/**
 * The round trips a job costs on its way: on PostgreSQL each statement's fixed cost (the driver's
 * work, a transaction, a commit) falls on one or two jobs at 200 jobs/s (docs/benchmarks.md, "Cost
 * of the PostgreSQL path"). The driver's pool is watched for the named statements it runs.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
const sims: VirtualDevice[] = [];
let api: OpenClient;
let printer: { id: number; sn: string };
let accountId: number;
/** the names of the statements on a job call's path run since the last take() (not the sweep's) */
const named: string[] = [];
const take = () => named.splice(0);

beforeAll(async () => {
  server = await startServer();
  accountId = (await seedAccount(server)).accountId;
  const key = await seedApiKey(server, accountId);
  api = new OpenClient(server, key.appKey, key.secret);
  printer = await seedDevice(server, accountId, (await seedModel(server, { type: 'printer' })).id);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, printer as never);
  sim.start();
  await sim.waitOnline();
  await onlineInDb(server, printer.id);
  const pool = poolOf(server.deps.db)!;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const name = (args[0] as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && /^(open-api\.|jobs\.(devices|insert)$)/.test(name)) named.push(name);
    return query(...args);
  }) as typeof pool.query;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('an open API job call', () => {
  it('reads its device in the statement that stores its nonce: one round trip before its insert', async () => {
    take();
    const job = await accepted(api.print({ sn: printer.sn, content: 'one trip', orderId: 'rt-1' }));
    expect(take()).toEqual(['open-api.admit', 'jobs.insert']);
    expect((await jobRow(server, job.jobId)).deviceId).toBe(printer.id);
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
  });

  it('finds the device its body names once validated (the S/N trimmed), and refuses an unknown one', async () => {
    take();
    const job = await accepted(api.print({ sn: ` ${printer.sn} `, content: 'trimmed', orderId: 'rt-2' }));
    expect((await jobRow(server, job.jobId)).deviceId).toBe(printer.id);
    const unknown = await api.print({ sn: 'NO-SUCH-SN', content: 'x', orderId: 'rt-3' });
    expect(unknown.body.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(take().filter((n) => n === 'jobs.devices')).toEqual([]);
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
  });
});
