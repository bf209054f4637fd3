import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GeneralResult, JobStatus, PROTOCOL_VERSION, PublishStatus, type Ack, type JobResult } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { apiRequests, jobs, publishRecords } from '../src/db/schema';
import { onJobAck, onJobResult } from '../src/modules/print-pipeline/pipeline';
import { writeQueue } from '../src/modules/print-pipeline/write-queue';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { OpenClient, freshNonce, jobReaches, jobRow, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';
import { uniq } from './people';

/**
 * The pipeline's writes are grouped into batches (modules/print-pipeline/write-queue.ts). Calls sent at the
 * same moment share a batch; these tests send them together so that the per-row rules are
 * exercised inside one statement: replays, order ids, and many jobs of one device at once.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
const sims: VirtualDevice[] = [];
let client: OpenClient;
let printer: { id: number; sn: string };
/** a printer that never connects: its jobs stay pending until a test moves them */
let offline: { id: number; sn: string };

beforeAll(async () => {
  server = await startServer();
  const { accountId } = await seedAccount(server);
  const key = await seedApiKey(server, accountId);
  client = new OpenClient(server, key.appKey, key.secret);
  const model = (await seedModel(server, { type: 'printer' })).id;
  printer = await seedDevice(server, accountId, model);
  offline = await seedDevice(server, accountId, model);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, printer as never);
  sim.start();
  await sim.waitOnline();
  await onlineInDb(server, printer.id);
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

/** The offline printer's job handed to the broker at `at`, as the pipeline reports it. */
const published = (jobId: number, msgId: string, at: number) =>
  ({ kind: 'pushed', jobId, deviceId: offline.id, msgId, topic: 't', bytes: 10, publishedAt: at }) as const;

/** A trigger refuses to move one job to one status; the returned function takes it away again. */
async function refuseUpdate(jobId: number, status: number): Promise<() => Promise<void>> {
  const fn = `refuse_${jobId}_${status}`;
  await server.deps.db.execute(
    sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin if new.id = ${jobId} and new.status = ${status} then raise exception 'refused for the test'; end if;
      return new; end $$`),
  );
  await server.deps.db.execute(
    sql.raw(`create trigger ${fn} before update on jobs for each row execute function ${fn}()`),
  );
  return async () => {
    await server.deps.db.execute(sql.raw(`drop trigger ${fn} on jobs`));
    await server.deps.db.execute(sql.raw(`drop function ${fn}()`));
  };
}

describe('batched pipeline writes', () => {
  it('accepts a nonce once even when both calls land in the same batch', async () => {
    const nonce = freshNonce();
    const [x, y] = await Promise.all([
      client.call('/open/v1/device', { sn: printer.sn }, { nonce }),
      client.call('/open/v1/device', { sn: printer.sn }, { nonce }),
    ]);
    expect([x.body.code, y.body.code].sort()).toEqual([20000, 40022]);
  });

  it('writes the general request records of thirty calls at once, refusals included, in batches', async () => {
    const orderIds = Array.from({ length: 30 }, (_, i) => `gen-${uniq()}-${i}`);
    const answers = await Promise.all(
      orderIds.map((orderId, i) =>
        // half ask about a device, half name an unknown S/N: each call gets its own record
        client.call('/open/v1/record', i % 2 ? { orderId } : { orderId, sn: 'NOPE' }),
      ),
    );
    expect(answers.every((a) => a.body.code !== 50000)).toBe(true);
    // written after the answers (onResponse), in batches
    const rows = await vi.waitFor(
      async () => {
        await writeQueue(server.deps).flush();
        const found = await server.deps.db.select().from(apiRequests).where(inArray(apiRequests.orderId, orderIds));
        expect(found).toHaveLength(30);
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const r of rows) {
      expect(r.path).toBe('/open/v1/record');
      expect(r.result).toBe(GeneralResult.FAILED);
      expect(r.code).toBe(answers[orderIds.indexOf(r.orderId!)]!.body.code);
    }
  });

  it('gives the same order id sent twice at once one job, and refuses a different request with it', async () => {
    const orderId = `o-${uniq()}`;
    const body = { sn: printer.sn, content: 'Same order', orderId };
    const [first, again, other] = await Promise.all([
      client.print(body),
      client.print(body),
      client.print({ ...body, content: 'Something else' }),
    ]);
    const ok = [first, again, other].filter((r) => r.body.code === 20000);
    const refused = [first, again, other].filter((r) => r.body.code === 40009);
    // whichever of the two bodies was stored first wins; the same body again gets that job back
    expect(ok.length + refused.length).toBe(3);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.jobId)).size).toBe(1);
    expect(first.body.code === 20000 || other.body.code === 20000).toBe(true);
  });

  it('carries twenty jobs of one device sent at once to status 3, each with its own records', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.print({ sn: printer.sn, content: `Line ${i}` })),
    );
    for (const r of answers) expect(r.body.code, JSON.stringify(r.body)).toBe(20000);
    const ids = answers.map((r) => r.body.data.jobId as number);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) {
      const job = await jobReaches(server, id, JobStatus.SUCCESS);
      expect(job.pushedAt).not.toBeNull();
      expect(job.ackedAt).not.toBeNull();
      expect(job.ackLatencyMs).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();
    }
    const db = server.deps.db;
    const pubs = await db.select().from(publishRecords).where(inArray(publishRecords.jobId, ids));
    expect(pubs).toHaveLength(20);
    for (const p of pubs) expect(p.status).toBe(PublishStatus.PUSH_SUCCEEDED);
    const reqs = await db.select().from(apiRequests).where(inArray(apiRequests.jobId, ids));
    expect(reqs).toHaveLength(20);
    for (const r of reqs) expect(r.result).toBe(GeneralResult.SUCCESS);
    // the general request record of each call names its own job
    const one = await db.select().from(apiRequests).where(eq(apiRequests.jobId, ids[7]!));
    expect(one).toHaveLength(1);
  });

  it("a device's ack with a time no date can hold is dropped alone; the batch it joins is written", async () => {
    const jobs2 = await Promise.all(
      ['Guard A', 'Guard B'].map(async (content) => (await client.print({ sn: offline.sn, content })).body.data),
    );
    const [a, b] = jobs2 as { jobId: number; msgId: string }[];
    const ack = (msgId: string, ts: number): Ack => ({ v: PROTOCOL_VERSION, id: msgId, ts, code: 'ok' });
    // the same tick: one batch of transitions, as acks of different devices arriving together are
    const [hostile, fine] = await Promise.all([
      onJobAck(server.deps, offline, ack(a!.msgId, 8_700_000_000_000_000)),
      onJobAck(server.deps, offline, ack(b!.msgId, Date.now())),
    ]);
    expect(hostile).toBe(true); // taken as this device's job ack, and ignored
    expect(fine).toBe(true);
    expect((await jobRow(server, b!.jobId)).status).toBe(JobStatus.PUSH_SUCCEEDED);
    expect((await jobRow(server, a!.jobId)).status).toBe(JobStatus.NOT_PUSHED);
  });

  it('a transition that fails on its own fails alone; the others of its batch are stored and answered', async () => {
    const made = await Promise.all(
      ['Alone A', 'Alone B', 'Alone C'].map(
        async (content) =>
          (await client.print({ sn: offline.sn, content })).body.data as { jobId: number; msgId: string },
      ),
    );
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    // the database refuses to finish job A (as a row it cannot store would be refused)
    const allow = await refuseUpdate(a.jobId, JobStatus.SUCCESS);
    const q = writeQueue(server.deps);
    const at = Date.now();
    const finish = (msgId: string) =>
      ({ kind: 'result', deviceId: offline.id, msgId, status: 3, reason: null, at }) as const;
    let settled: PromiseSettledResult<unknown>[];
    try {
      // the same tick: one batch, with a publish of another job and two results
      settled = await Promise.allSettled([
        q.transitions.add(finish(a.msgId)),
        q.transitions.add(finish(b.msgId)),
        q.transitions.add(published(c.jobId, c.msgId, at)),
      ]);
    } finally {
      await allow();
    }
    expect(settled[0]).toMatchObject({ status: 'rejected' });
    expect(settled[1]).toMatchObject({ status: 'fulfilled', value: { id: b.jobId, status: JobStatus.SUCCESS } });
    expect(settled[2]).toMatchObject({ status: 'fulfilled', value: { id: c.jobId, status: JobStatus.PUSHED } });
    expect((await jobRow(server, a.jobId)).status).toBe(JobStatus.NOT_PUSHED);
    expect((await jobRow(server, b.jobId)).status).toBe(JobStatus.SUCCESS);
    expect((await jobRow(server, c.jobId)).status).toBe(JobStatus.PUSHED);
  });

  it('a publish and its ack refused as one are tried apart: the publish is stored alone, once', async () => {
    const { jobId, msgId } = (await client.print({ sn: offline.sn, content: 'Apart' })).body.data as {
      jobId: number;
      msgId: string;
    };
    const allow = await refuseUpdate(jobId, JobStatus.PUSH_SUCCEEDED);
    const q = writeQueue(server.deps);
    const at = Date.now();
    let settled: PromiseSettledResult<unknown>[];
    try {
      settled = await Promise.allSettled([
        q.transitions.add(published(jobId, msgId, at)),
        q.transitions.add({
          kind: 'ack',
          deviceId: offline.id,
          msgId,
          echoedTs: at,
          outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
          arrivedAt: at + 5,
        }),
      ]);
    } finally {
      await allow();
    }
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { id: jobId, status: JobStatus.PUSHED } });
    expect(settled[1]).toMatchObject({ status: 'rejected' });
    expect((await jobRow(server, jobId)).status).toBe(JobStatus.PUSHED);
    expect(await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, jobId))).toHaveLength(1);
  });

  it("records a publish as acked when the device's ack (and result) were written before the publish", async () => {
    const made = await Promise.all(
      ['Quick ack', 'Quick result'].map(
        async (content) =>
          (await client.print({ sn: offline.sn, content })).body.data as { jobId: number; msgId: string },
      ),
    );
    const q = writeQueue(server.deps);
    const at = Date.now();
    const ack = (msgId: string) =>
      ({
        kind: 'ack',
        deviceId: offline.id,
        msgId,
        echoedTs: at,
        outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
        arrivedAt: at + 7,
      }) as const;
    // the device answers before the publish's write: batches one after the other, the publish last
    for (const { msgId } of made) await q.transitions.add(ack(msgId));
    await q.transitions.add({
      kind: 'result',
      deviceId: offline.id,
      msgId: made[1]!.msgId,
      status: 3,
      reason: null,
      at,
    });
    for (const { jobId, msgId } of made) await q.transitions.add(published(jobId, msgId, at));
    expect((await jobRow(server, made[0]!.jobId)).status).toBe(JobStatus.PUSH_SUCCEEDED);
    expect((await jobRow(server, made[1]!.jobId)).status).toBe(JobStatus.SUCCESS);
    for (const { jobId } of made) {
      const records = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, jobId));
      expect(records).toEqual([
        expect.objectContaining({ status: PublishStatus.PUSH_SUCCEEDED, latencyMs: 7, ackedAt: new Date(at + 7) }),
      ]);
    }
    // a later publish of the same job that nobody has answered yet is pushed (1), as before
    await q.transitions.add(published(made[0]!.jobId, made[0]!.msgId, at + 60_000));
    const again = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, made[0]!.jobId));
    expect(again.map((r) => r.status).sort()).toEqual([PublishStatus.PUSHED, PublishStatus.PUSH_SUCCEEDED]);
  });

  it("a device's report that a job expired in its queue ends the job as timeout (5), as its 'expired' ack does", async () => {
    const { jobId, msgId } = (await client.print({ sn: offline.sn, content: 'Too late' })).body.data as {
      jobId: number;
      msgId: string;
    };
    const result: JobResult = { v: PROTOCOL_VERSION, id: msgId, ts: Date.now(), status: 'failed', reason: 'expired' };
    await onJobResult(server.deps, offline, result);
    expect(await jobRow(server, jobId)).toMatchObject({ status: JobStatus.TIMEOUT, reason: 'expired' });
  });

  it('writes a publish and its ack met in one batch as one change, with what each step alone would give', async () => {
    const answer = await client.print({ sn: offline.sn, content: 'Pair' });
    expect(answer.body.code).toBe(20000);
    const { jobId, msgId } = answer.body.data as { jobId: number; msgId: string };
    const q = writeQueue(server.deps);
    const at = Date.now();
    const ack = { kind: 'ack', deviceId: offline.id, msgId, echoedTs: at } as const;
    // added in the same tick: one batch
    const [pushed, acked] = await Promise.all([
      q.transitions.add(published(jobId, msgId, at)),
      q.transitions.add({ ...ack, outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null }, arrivedAt: at + 7 }),
    ]);
    // the publish reads as the pushed step alone would have left it (its webhook says 1), the ack as 2
    expect(pushed).toMatchObject({ id: jobId, status: JobStatus.PUSHED, ackedAt: null });
    expect(acked).toMatchObject({ id: jobId, status: JobStatus.PUSH_SUCCEEDED, pushCount: 1 });
    const [job] = await server.deps.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: JobStatus.PUSH_SUCCEEDED, pushCount: 1 });
    expect(job!.pushedAt!.getTime()).toBe(at);
    expect(job!.ackedAt!.getTime()).toBe(at + 7);
    expect(job!.ackLatencyMs).toBe(Math.max(0, Math.round(at + 7 - job!.requestedAt.getTime())));
    const pubs = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, jobId));
    expect(pubs).toHaveLength(1);
    expect(pubs[0]).toMatchObject({ status: PublishStatus.PUSH_SUCCEEDED, latencyMs: 7, bytes: 10 });
    expect(pubs[0]!.ackedAt!.getTime()).toBe(at + 7);
    // the same ack again changes nothing; a second publish with its ack counts the push, the job stays 2
    expect(
      await q.transitions.add({
        ...ack,
        outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
        arrivedAt: at + 9,
      }),
    ).toBeNull();
    const again = at + 20;
    const [pushed2, acked2] = await Promise.all([
      q.transitions.add(published(jobId, msgId, again)),
      q.transitions.add({
        ...ack,
        echoedTs: again,
        outcome: { status: JobStatus.PUSH_SUCCEEDED, reason: null },
        arrivedAt: again + 3,
      }),
    ]);
    expect(pushed2).toMatchObject({ status: JobStatus.PUSH_SUCCEEDED, pushCount: 2 });
    expect(acked2).toBeNull();
    const [after] = await server.deps.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(after!.ackedAt!.getTime()).toBe(at + 7);
  });
});
