import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, PROTOCOL_VERSION, topics } from '@herald/contract';
import type { DeviceOptions, VirtualDevice } from '@herald/device-sim';
import { publishRecords } from '../src/db/schema';
import { dispatch, flushDevice } from '../src/modules/print-pipeline/pipeline';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import type { Client } from './harness';
import { connectAs, eventually, seedDevice, seedModel } from './devices-fixture';
import {
  OpenClient,
  accepted,
  apiRequestsOf,
  jobReaches,
  jobRow,
  onlineSimDevice,
  seedApiKey,
  simDevice,
} from './open-api-fixture';
import { uniq } from './people';

/** Delivery through real MQTT to simulated devices: queues, reconnects, pause, expiry and device failures. */
type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let mqttUrl: string;
const sims: VirtualDevice[] = [];
let api: OpenClient;
let console_: Client;
let accountId: number;
let modelId: number;

beforeAll(async () => {
  server = await startServer();
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
  const account = await seedAccount(server);
  accountId = account.accountId;
  console_ = account.client;
  const k = await seedApiKey(server, accountId);
  api = new OpenClient(server, k.appKey, k.secret);
  modelId = (await seedModel(server, { type: 'printer' })).id;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

/** A printer of the account, seeded, connected and online in the database. */
const onlinePrinter = (extra: Partial<DeviceOptions> = {}) =>
  onlineSimDevice(server, sims, { accountId, modelId }, extra);

describe('delivery', () => {
  it('keeps an offline device’s queue and delivers it in order when the device connects', async () => {
    const device = await seedDevice(server, accountId, modelId);
    const tag = uniq();
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++)
      ids.push((await accepted(api.print({ sn: device.sn, content: `Q${tag} #${i}` }))).jobId);
    for (const id of ids) expect((await jobRow(server, id)).status).toBe(JobStatus.NOT_PUSHED);

    const sim = simDevice(sims, mqttUrl, device);
    sim.start();
    for (const id of ids) await jobReaches(server, id, JobStatus.SUCCESS);
    const printed = sim.printed.filter((p) => p.includes(`Q${tag}`)).map((p) => p.trim());
    expect(printed).toEqual([1, 2, 3, 4].map((i) => `Q${tag} #${i}`));
    // general request records end with their jobs
    const rows = await eventually(async () => {
      const r = (await apiRequestsOf(server, api.appKey)).filter((x) => x.jobId !== null && ids.includes(x.jobId));
      return r.length === 4 && r.every((x) => x.result === 1) ? r : undefined;
    });
    expect(rows).toHaveLength(4);

    // a reconnect does not print anything twice
    sim.crash();
    sim.start();
    await sim.waitOnline();
    const after = await accepted(api.print({ sn: device.sn, content: `Q${tag} #5` }));
    await jobReaches(server, after.jobId, JobStatus.SUCCESS);
    expect(sim.printed.filter((p) => p.includes(`Q${tag}`))).toHaveLength(5);
  });

  it("answers a device's ack and result (PUBACK) only once they are stored: when its publish returns, the job shows it", async () => {
    const device = await seedDevice(server, accountId, modelId);
    const session = Date.now();
    const { client } = await connectAs(mqttUrl, device.sn, device.secret!, { ts: session });
    try {
      const job = await accepted(api.print({ sn: device.sn, content: 'Stored first' }));
      const sent = new Promise<{ id: string; ts: number }>((resolve) =>
        client!.on('message', (_topic, raw) => {
          const m = JSON.parse(raw.toString()) as { id: string; ts: number };
          if (m.id === job.msgId) resolve(m);
        }),
      );
      await client!.subscribeAsync(topics.deviceSubscription(device.sn), { qos: 1 });
      const hello = { v: PROTOCOL_VERSION, ts: Date.now(), online: true, session, firmware: '1.00.00.01' };
      await client!.publishAsync(topics.up(device.sn, 'presence'), JSON.stringify(hello), { qos: 1 });
      const m = await sent;
      const up = (kind: 'ack' | 'result', body: object) =>
        client!.publishAsync(
          topics.up(device.sn, kind),
          JSON.stringify({ v: PROTOCOL_VERSION, id: m.id, ts: m.ts, ...body }),
          {
            qos: 1,
          },
        );
      await up('ack', { code: 'ok' });
      expect((await jobRow(server, job.jobId)).status).toBe(JobStatus.PUSH_SUCCEEDED);
      await up('result', { status: 'success' });
      expect((await jobRow(server, job.jobId)).status).toBe(JobStatus.SUCCESS);
    } finally {
      await client?.endAsync();
    }
  });

  it('sends a paused device nothing until it is resumed', async () => {
    const { device, sim } = await onlinePrinter();
    const pause = await console_.post('/v1/devices/pause', { ids: [device.id] });
    expect(pause.body.code, JSON.stringify(pause.body)).toBe(20000);
    await eventually(async () => sim.state.paused);

    const job = await accepted(api.print({ sn: device.sn, content: 'While paused' }));
    // a flush (as on reconnect) still holds the queue back
    await flushDevice(server.deps, device);
    const held = await jobRow(server, job.jobId);
    expect(held.status).toBe(JobStatus.NOT_PUSHED);
    expect(held.pushCount).toBe(0);
    expect(sim.received.filter((r) => r.kind === 'job')).toHaveLength(0);

    const resume = await console_.post('/v1/devices/resume', { ids: [device.id] });
    expect(resume.body.code, JSON.stringify(resume.body)).toBe(20000);
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
    expect(sim.printed.some((p) => p.includes('While paused'))).toBe(true);
  });

  it('times a job out (5) when its device never takes it before expiry', async () => {
    const device = await seedDevice(server, accountId, modelId);
    const orderId = `exp-${uniq()}`;
    const job = await accepted(api.print({ sn: device.sn, content: 'Too late', orderId, expireSeconds: 5 }));
    const done = await jobReaches(server, job.jobId, JobStatus.TIMEOUT);
    expect(done.reason).toBe('expired');
    expect(done.finishedAt).not.toBeNull();
    const rec = await api.record({ orderId });
    expect(rec.body.data).toMatchObject({ status: 5, reason: 'expired' });
    await eventually(async () => {
      const r = (await apiRequestsOf(server, api.appKey)).find((x) => x.jobId === job.jobId);
      return r?.result === 0;
    });
    // the device coming online later does not get it
    const sim = simDevice(sims, mqttUrl, device);
    sim.start();
    await sim.waitOnline();
    const next = await accepted(api.print({ sn: device.sn, content: 'In time' }));
    await jobReaches(server, next.jobId, JobStatus.SUCCESS);
    expect(sim.printed.some((p) => p.includes('Too late'))).toBe(false);
  });

  it('records the device’s failure reason: paper out → 4 outOfPaper', async () => {
    const { device, sim } = await onlinePrinter();
    sim.injectFault('paper-out');
    const job = await accepted(api.print({ sn: device.sn, content: 'No paper' }));
    const done = await jobReaches(server, job.jobId, JobStatus.FAILED);
    expect(done.reason).toBe('outOfPaper');
    expect(done.ackedAt).not.toBeNull();
    const pubs = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, job.jobId));
    expect(pubs.map((p) => p.status)).toEqual([2]);
    sim.clearFault('paper-out');
  });

  it("sends a new job once when a connect's flush, started before the job was stored, reads it", async () => {
    // it neither acks nor finishes the job for now: the job stays sent and not answered
    const { device, sim } = await onlinePrinter({ printDelayMs: 60_000 });
    // a job sent and not answered, which a connect's flush sends again (it needs one that is in the queue)
    sim.injectFault('drop-ack');
    const job = await accepted(api.print({ sn: device.sn, content: 'Once' }));
    await eventually(async () => sim.received.some((r) => r.kind === 'job' && r.id === job.msgId));
    const row = await jobRow(server, job.jobId);
    const sent = () => sim.received.filter((r) => r.kind === 'job' && r.id === job.msgId).length;
    expect(sent()).toBe(1);
    // from here the job is a new one to this process, as a print call's job is when it dispatches (here by hand)
    server.deps.pipeline.sent.delete(row.id);
    // a connect's flush has started (its queue read under way) when the call dispatches its job
    const flush = flushDevice(server.deps, device);
    await new Promise((r) => setImmediate(r));
    expect(server.deps.pipeline.flushes.has(device.id)).toBe(false);
    await Promise.all([flush, dispatch(server.deps, device, row)]);
    // the flush sent it (a connect resends what was not acked); the call's turn did not send it again
    await eventually(async () => sent() === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent()).toBe(2);
  });

  it('re-sends a job whose ack never came when the device reconnects; the device drops the duplicate', async () => {
    const { device, sim } = await onlinePrinter();
    sim.injectFault('drop-ack');
    const job = await accepted(api.print({ sn: device.sn, content: 'Ack lost' }));
    // printed and reported, but Herald never saw the ack: the result alone finishes it
    await jobReaches(server, job.jobId, JobStatus.SUCCESS);
    expect((await jobRow(server, job.jobId)).ackedAt).toBeNull();

    const { device: device2, sim: sim2 } = await onlinePrinter({ printDelayMs: 60_000 });
    sim2.injectFault('drop-ack');
    const pending = await accepted(api.print({ sn: device2.sn, content: 'Again' }));
    await eventually(async () => sim2.received.some((r) => r.kind === 'job' && r.id === pending.msgId));
    // "pushed" is stored after the publish, not before it: the device may hold the job first
    await jobReaches(server, pending.jobId, JobStatus.PUSHED);
    sim2.clearFault('drop-ack');
    await flushDevice(server.deps, device2);
    // the same msgId again: acked this time, not queued twice
    const acked = await jobReaches(server, pending.jobId, JobStatus.PUSH_SUCCEEDED);
    expect(acked.pushCount).toBe(2);
    expect(sim2.received.filter((r) => r.id === pending.msgId).map((r) => r.outcome)).toEqual([
      'executed',
      'duplicate',
    ]);
  });
});
