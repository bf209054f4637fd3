import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneralResult, JobStatus, PublishStatus, ResultCode } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { apiRequests, publishRecords } from '../src/db/schema';
import { writeQueue } from '../src/modules/print-pipeline/write-queue';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { watchNamedStatements } from './named-statements';
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
/** a printer that never connects: its jobs stay where the test puts them */
let offline: { id: number; sn: string };
let accountId: number;
/** the names of the named statements run since the last take() */
let named: string[];
const take = (names: RegExp) => named.splice(0).filter((n) => names.test(n));
/** the statements on a job call's path, and those of the pipeline's transitions */
const CALL = /^(open-api\.|jobs\.(devices|insert)$)/;
const TRANSITIONS = /^jobs\.(pushed|ack|pushed-acked|result)$/;

beforeAll(async () => {
  server = await startServer();
  accountId = (await seedAccount(server)).accountId;
  const key = await seedApiKey(server, accountId);
  api = new OpenClient(server, key.appKey, key.secret);
  const model = (await seedModel(server, { type: 'printer' })).id;
  printer = await seedDevice(server, accountId, model);
  offline = await seedDevice(server, accountId, model);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, printer as never);
  sim.start();
  await sim.waitOnline();
  await onlineInDb(server, printer.id);
  named = watchNamedStatements(server);
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('an open API job call', () => {
  it('reads its device in the statement that stores its nonce: one round trip before its insert', async () => {
    take(CALL);
    const job = await accepted(api.print({ sn: printer.sn, content: 'one trip', orderId: 'rt-1' }));
    expect(take(CALL)).toEqual(['open-api.admit', 'jobs.insert']);
    expect((await jobRow(server, job.jobId)).deviceId).toBe(printer.id);
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
  });

  it('finds the device its body names once validated (the S/N trimmed), and refuses an unknown one', async () => {
    take(CALL);
    const job = await accepted(api.print({ sn: ` ${printer.sn} `, content: 'trimmed', orderId: 'rt-2' }));
    expect((await jobRow(server, job.jobId)).deviceId).toBe(printer.id);
    const unknown = await api.print({ sn: 'NO-SUCH-SN', content: 'x', orderId: 'rt-3' });
    expect(unknown.body.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(take(/^jobs\.devices$/)).toEqual([]);
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
  });
});

describe("a batch of the pipeline's transitions", () => {
  it("writes a job's publish and ack and another job's result in one statement", async () => {
    const first = await accepted(api.print({ sn: offline.sn, content: 'first', orderId: 'rt-4' }));
    const second = await accepted(api.print({ sn: offline.sn, content: 'second', orderId: 'rt-5' }));
    const t = Date.now();
    const queue = writeQueue(server.deps).transitions;
    take(TRANSITIONS);
    // added together: one batch
    const [pushed, ack, result] = await Promise.all([
      queue.add({
        kind: 'pushed',
        jobId: second.jobId,
        deviceId: offline.id,
        msgId: second.msgId,
        topic: 't',
        bytes: 9,
        publishedAt: t,
      }),
      queue.add({
        kind: 'ack',
        deviceId: offline.id,
        msgId: second.msgId,
        echoedTs: t,
        outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
        arrivedAt: t + 4,
      }),
      queue.add({
        kind: 'result',
        deviceId: offline.id,
        msgId: first.msgId,
        status: JobStatus.SUCCESS,
        reason: null,
        at: t + 6,
      }),
    ]);
    expect(take(TRANSITIONS)).toEqual(['jobs.pushed-acked']);
    expect(pushed?.status).toBe(JobStatus.PUSHED);
    expect(ack?.status).toBe(JobStatus.PUSH_SUCCEEDED);
    expect(result?.status).toBe(JobStatus.SUCCESS);
    const [a, b] = [await jobRow(server, first.jobId), await jobRow(server, second.jobId)];
    expect([a.status, a.finishedAt?.getTime()]).toEqual([JobStatus.SUCCESS, t + 6]);
    expect([b.status, b.pushCount, b.ackedAt?.getTime()]).toEqual([JobStatus.PUSH_SUCCEEDED, 1, t + 4]);
    const records = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, second.jobId));
    expect(records.map((r) => [r.status, r.latencyMs])).toEqual([[PublishStatus.PUSH_SUCCEEDED, 4]]);
    const [request] = await server.deps.db.select().from(apiRequests).where(eq(apiRequests.jobId, first.jobId));
    expect(request?.result).toBe(GeneralResult.SUCCESS);
  });

  it('leaves a result of a job the batch also publishes to the statement after the pair', async () => {
    const job = await accepted(api.print({ sn: offline.sn, content: 'third', orderId: 'rt-6' }));
    const t = Date.now();
    const queue = writeQueue(server.deps).transitions;
    take(TRANSITIONS);
    const [, ack, result] = await Promise.all([
      queue.add({
        kind: 'pushed',
        jobId: job.jobId,
        deviceId: offline.id,
        msgId: job.msgId,
        topic: 't',
        bytes: 9,
        publishedAt: t,
      }),
      queue.add({
        kind: 'ack',
        deviceId: offline.id,
        msgId: job.msgId,
        echoedTs: t,
        outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
        arrivedAt: t + 4,
      }),
      queue.add({
        kind: 'result',
        deviceId: offline.id,
        msgId: job.msgId,
        status: JobStatus.SUCCESS,
        reason: null,
        at: t + 6,
      }),
    ]);
    expect(take(TRANSITIONS)).toEqual(['jobs.pushed-acked', 'jobs.result']);
    expect([ack?.status, result?.status]).toEqual([JobStatus.PUSH_SUCCEEDED, JobStatus.SUCCESS]);
    const row = await jobRow(server, job.jobId);
    expect([row.status, row.ackedAt?.getTime(), row.finishedAt?.getTime()]).toEqual([JobStatus.SUCCESS, t + 4, t + 6]);
  });
});
