import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED, DEFAULT_PRINT_PARAMS, JobStatus, ResultCode } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { deviceCommands, devices, webhookDeliveries } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { expectError, expectOk, startServer } from './harness';
import { OpenClient, accepted, jobReaches, jobRow, onlineSimDevice, seedApiKey, simDevice } from './open-api-fixture';
import { uniq } from './people';

/**
 * Job control end to end, through real MQTT to simulated devices: cancel (open API and console),
 * reprint, a printer's test page, a device's queue, and the device list as a file.
 */
type S = Awaited<ReturnType<typeof startServer>>;
type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: S;
let mqttUrl: string;
const sims: VirtualDevice[] = [];
let A: Account;
let B: Account;
let apiA: OpenClient;
let apiB: OpenClient;
let printerModel: number;
let speakerModel: number;

beforeAll(async () => {
  // the webhook receiver is on loopback
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
  A = await seedAccount(server);
  B = await seedAccount(server);
  const ka = await seedApiKey(server, A.accountId);
  apiA = new OpenClient(server, ka.appKey, ka.secret);
  const kb = await seedApiKey(server, B.accountId);
  apiB = new OpenClient(server, kb.appKey, kb.secret);
  printerModel = (await seedModel(server, { type: 'printer' })).id;
  speakerModel = (await seedModel(server, { type: 'speaker' })).id;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

const cancelApi = (api: OpenClient, b: Record<string, unknown>) => api.call('/open/v1/cancel', b);

const onlinePrinter = (extra: Parameters<typeof simDevice>[3] = {}, accountId = A.accountId) =>
  onlineSimDevice(server, sims, { accountId, modelId: printerModel }, extra);

describe('cancel', () => {
  it('cancels a job waiting for an offline printer: 4 cancelled, never printed when the printer comes, twice answers the same', async () => {
    const device = await seedDevice(server, A.accountId, printerModel);
    const orderId = `c-${uniq()}`;
    const job = await accepted(apiA.print({ sn: device.sn, content: 'Never print me', orderId }));
    expect(job.status).toBe(JobStatus.NOT_PUSHED);

    const first = await cancelApi(apiA, { orderId });
    expect(first.body.code, JSON.stringify(first.body)).toBe(ResultCode.SUCCESS);
    expect(first.body.data).toMatchObject({ jobId: job.jobId, status: JobStatus.FAILED, reason: CANCELLED });
    expect(first.body.data.finishedAt).not.toBeNull();
    // idempotent: by job id this time, the same answer
    const again = await cancelApi(apiA, { jobId: job.jobId });
    expect(again.body.code).toBe(ResultCode.SUCCESS);
    expect(again.body.data).toEqual(first.body.data);

    const sim = simDevice(sims, mqttUrl, device);
    const marker = await accepted(apiA.print({ sn: device.sn, content: 'After the cancel' }));
    sim.start();
    await jobReaches(server, marker.jobId, JobStatus.SUCCESS);
    expect(sim.printed.some((p) => p.includes('Never print me'))).toBe(false);
    expect(sim.received.some((r) => r.id === job.msgId)).toBe(false);
    expect((await jobRow(server, job.jobId)).reason).toBe(CANCELLED);
  });

  it('cancels a job the printer already holds (sent, not acked): the device drops it and reports it cancelled', async () => {
    const { device, sim } = await onlinePrinter();
    // the printer holds what it gets (paused on its own) and its acks are lost: the job stays at 1
    sim.state.paused = true;
    sim.injectFault('drop-ack');
    const job = await accepted(apiA.print({ sn: device.sn, content: 'Held then cancelled' }));
    await jobReaches(server, job.jobId, JobStatus.PUSHED);
    await eventually(async () => sim.queuedJobs === 1, 'job held by the printer');
    sim.clearFault('drop-ack');

    const res = await cancelApi(apiA, { jobId: job.jobId });
    expect(res.body.data).toMatchObject({ status: JobStatus.FAILED, reason: CANCELLED });
    const result = await eventually(async () => sim.results.find((r) => r.id === job.msgId), 'cancelled result');
    expect(result).toMatchObject({ status: 'failed', reason: 'cancelled' });
    expect(sim.queuedJobs).toBe(0);
    // the command is on the device's record with the device's answer
    const cmd = await eventually(async () => {
      const rows = await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, device.id));
      return rows.find((c) => c.command === 'cancel' && c.status === 'acked');
    }, 'cancel command acked');
    expect(cmd.params).toEqual({ job: job.msgId });

    // working again, it prints what comes next and never the cancelled one
    sim.state.paused = false;
    const next = await accepted(apiA.print({ sn: device.sn, content: 'Next one' }));
    await jobReaches(server, next.jobId, JobStatus.SUCCESS);
    expect(sim.printed.some((p) => p.includes('Held then cancelled'))).toBe(false);
    const row = await jobRow(server, job.jobId);
    expect([row.status, row.reason]).toEqual([JobStatus.FAILED, CANCELLED]);
  });

  it('records a job printed before its cancel reached the printer as printed (3), not cancelled', async () => {
    const { device, sim } = await onlinePrinter();
    // printed, its ack and its result lost on the way: Herald still sees 1 and lets it be cancelled
    sim.injectFault('drop-ack');
    sim.injectFault('drop-result', 1);
    const job = await accepted(apiA.print({ sn: device.sn, content: 'Printed before the cancel' }));
    await eventually(async () => sim.printed.some((p) => p.includes('Printed before the cancel')), 'printed');
    sim.clearFault('drop-ack');
    const res = await cancelApi(apiA, { jobId: job.jobId });
    expect(res.body.data).toMatchObject({ status: JobStatus.FAILED, reason: CANCELLED });
    // the printer answers "done" and sends its result again: the truth wins
    const row = await jobReaches(server, job.jobId, JobStatus.SUCCESS);
    expect(row.reason).toBeNull();
    expect(sim.printed.filter((p) => p.includes('Printed before the cancel'))).toHaveLength(1);
  });

  it('refuses a job that has printed (3), and one the device acked (2), in both languages; nothing changes', async () => {
    const { device, sim } = await onlinePrinter();
    const done = await accepted(apiA.print({ sn: device.sn, content: 'Printed already' }));
    await jobReaches(server, done.jobId, JobStatus.SUCCESS);
    const en = await cancelApi(apiA, { jobId: done.jobId });
    expect(en.status).toBe(409);
    expectError(en, ResultCode.CONFLICT, 'The job has already been printed or played and cannot be cancelled');
    const zh = await new OpenClient(server, apiA.appKey, apiA.secret, 'zh_CN').call('/open/v1/cancel', {
      jobId: done.jobId,
    });
    expectError(zh, ResultCode.CONFLICT, '该任务已打印或播报完成，无法取消');
    expect((await jobRow(server, done.jobId)).status).toBe(JobStatus.SUCCESS);

    // acked and held (paused on its own): the device has it
    sim.state.paused = true;
    const held = await accepted(apiA.print({ sn: device.sn, content: 'Acked and held' }));
    await jobReaches(server, held.jobId, JobStatus.PUSH_SUCCEEDED);
    expectError(
      await cancelApi(apiA, { jobId: held.jobId }),
      ResultCode.CONFLICT,
      'The device has already received the job; it can no longer be cancelled',
    );
    sim.state.paused = false;
  });

  it('keeps accounts apart: B cannot cancel or even see A’s job, by the API or the console', async () => {
    const device = await seedDevice(server, A.accountId, printerModel);
    const orderId = `iso-${uniq()}`;
    const job = await accepted(apiA.print({ sn: device.sn, content: 'Mine', orderId }));
    expectError(await cancelApi(apiB, { jobId: job.jobId }), ResultCode.NOT_FOUND);
    expectError(await cancelApi(apiB, { orderId }), ResultCode.NOT_FOUND);
    expectError(await B.client.post(`/v1/records/print/${job.jobId}/cancel`), ResultCode.NOT_FOUND);
    expectError(await B.client.post(`/v1/records/print/${job.jobId}/reprint`), ResultCode.NOT_FOUND);
    expect((await jobRow(server, job.jobId)).status).toBe(JobStatus.NOT_PUSHED);
    // and A can
    expect(expectOk(await A.client.post(`/v1/records/print/${job.jobId}/cancel`))).toMatchObject({
      status: JobStatus.FAILED,
      reason: CANCELLED,
    });
  });

  it('needs the record’s cancel permission, per kind, in the records and in the device queue', async () => {
    const device = await seedDevice(server, A.accountId, printerModel);
    const job = await accepted(apiA.print({ sn: device.sn, content: 'Permission' }));
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.stat.print.rec.query', 'herald.device.physical.list.query'],
    });
    expectError(await reader.client.post(`/v1/records/print/${job.jobId}/cancel`), ResultCode.FORBIDDEN);
    expectError(await reader.client.post(`/v1/devices/${device.id}/jobs/${job.jobId}/cancel`), ResultCode.FORBIDDEN);
    // the broadcast records' cancel opens the queue's route, not a print job
    const voiceOnly = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.stat.broadcast.rec.cancel', 'herald.device.physical.list.query'],
    });
    expectError(await voiceOnly.client.post(`/v1/devices/${device.id}/jobs/${job.jobId}/cancel`), ResultCode.FORBIDDEN);
    // a print job is not a broadcast record
    expectError(await A.client.post(`/v1/records/broadcast/${job.jobId}/cancel`), ResultCode.NOT_FOUND);
    const canceller = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.stat.print.rec.cancel', 'herald.device.physical.list.query'],
    });
    expect(expectOk(await canceller.client.post(`/v1/devices/${device.id}/jobs/${job.jobId}/cancel`)).reason).toBe(
      CANCELLED,
    );
    expect((await jobRow(server, job.jobId)).status).toBe(JobStatus.FAILED);
  });

  it('notifies the push address of a cancelled job like any final status', async () => {
    const got: string[] = [];
    const rx = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/print`;
      const C = await seedAccount(server);
      const k = await seedApiKey(server, C.accountId);
      expectOk(await C.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: url } }));
      const device = await seedDevice(server, C.accountId, printerModel);
      const api = new OpenClient(server, k.appKey, k.secret);
      const job = await accepted(api.print({ sn: device.sn, content: 'Webhook' }));
      expect((await cancelApi(api, { jobId: job.jobId })).body.code).toBe(ResultCode.SUCCESS);
      const row = await eventually(async () => {
        const [d] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, job.jobId));
        return d;
      }, 'webhook delivery');
      expect(row.payload).toMatchObject({
        event: 'print',
        jobId: job.jobId,
        status: JobStatus.FAILED,
        reason: CANCELLED,
      });
      const body = await eventually(async () => got.find((b) => b.includes(`"jobId":${job.jobId}`)), 'webhook POST');
      expect(JSON.parse(body)).toMatchObject({ status: JobStatus.FAILED, reason: CANCELLED });
    } finally {
      await new Promise<void>((r) => rx.close(() => r()));
    }
  });
});

describe('reprint', () => {
  it('sends a finished job again as a new job linked to it, and refuses one still waiting', async () => {
    const { device, sim } = await onlinePrinter();
    const tag = uniq();
    const first = await accepted(apiA.print({ sn: device.sn, content: `Receipt ${tag}` }));
    await jobReaches(server, first.jobId, JobStatus.SUCCESS);
    const again = expectOk(await A.client.post(`/v1/records/print/${first.jobId}/reprint`));
    expect(again.jobId).not.toBe(first.jobId);
    const done = await jobReaches(server, again.jobId, JobStatus.SUCCESS);
    expect(done).toMatchObject({ reprintOf: first.jobId, source: 'console', sn: device.sn });
    expect(sim.printed.filter((p) => p.includes(`Receipt ${tag}`))).toHaveLength(2);
    const detail = expectOk(await A.client.get(`/v1/records/print/${again.jobId}`));
    expect(detail.reprintOf).toBe(first.jobId);

    const offline = await seedDevice(server, A.accountId, printerModel);
    const waiting = await accepted(apiA.print({ sn: offline.sn, content: 'Waiting' }));
    expectError(
      await A.client.post(`/v1/records/print/${waiting.jobId}/reprint`),
      ResultCode.CONFLICT,
      'Only a finished job can be printed or played again',
    );
  });
});

describe('test page and queue', () => {
  it('prints a test page rendered for the printer’s paper width and language, followed to 3', async () => {
    const { device, sim } = await onlinePrinter();
    await server.deps.db
      .update(devices)
      .set({ printParams: { ...DEFAULT_PRINT_PARAMS, paperWidth: 80, language: 'en' } })
      .where(eq(devices.id, device.id));
    const job = expectOk(await A.client.post(`/v1/devices/${device.id}/test-print`));
    const seen = await eventually(async () => {
      const j = expectOk(await A.client.get(`/v1/devices/${device.id}/jobs/${job.jobId}`));
      return j.status === JobStatus.SUCCESS ? j : undefined;
    }, 'test page printed');
    expect(seen).toMatchObject({ sn: device.sn, kind: 'print', reason: null });
    const page = sim.printed.find((p) => p.includes('Herald test page'))!;
    expect(page).toContain(device.sn);
    expect(page).toContain('80 mm (48 chars)');
    expect(page).toContain('1234567890'.repeat(5).slice(0, 48));
    expect(page).toContain('The quick brown fox');
    expect((await jobRow(server, job.jobId)).source).toBe('console');
    // another account's device is not found; a speaker is not a printer
    expectError(await B.client.post(`/v1/devices/${device.id}/test-print`), ResultCode.NOT_FOUND);
    const speaker = await seedDevice(server, A.accountId, speakerModel);
    expectError(await A.client.post(`/v1/devices/${speaker.id}/test-print`), ResultCode.DEVICE_UNSUITABLE);
  });

  it('shows the test page’s failure with the printer’s reason', async () => {
    const { device, sim } = await onlinePrinter();
    sim.injectFault('paper-out');
    const job = expectOk(await A.client.post(`/v1/devices/${device.id}/test-print`));
    const failed = await jobReaches(server, job.jobId, JobStatus.FAILED);
    expect(failed.reason).toBe('outOfPaper');
  });

  it('lists the jobs a device has not finished, oldest first, and cancels from there', async () => {
    const device = await seedDevice(server, A.accountId, printerModel);
    const a = await accepted(apiA.print({ sn: device.sn, content: 'Q1' }));
    const b = await accepted(apiA.print({ sn: device.sn, content: 'Q2' }));
    const queue = expectOk(await A.client.get(`/v1/devices/${device.id}/jobs`)) as { jobId: number }[];
    expect(queue.map((j) => j.jobId)).toEqual([a.jobId, b.jobId]);
    expectOk(await A.client.post(`/v1/devices/${device.id}/jobs/${a.jobId}/cancel`));
    const after = expectOk(await A.client.get(`/v1/devices/${device.id}/jobs`)) as { jobId: number }[];
    expect(after.map((j) => j.jobId)).toEqual([b.jobId]);
    // a job of another device is not this device's
    const other = await seedDevice(server, A.accountId, printerModel);
    expectError(await A.client.post(`/v1/devices/${other.id}/jobs/${b.jobId}/cancel`), ResultCode.NOT_FOUND);
    expectError(await B.client.get(`/v1/devices/${device.id}/jobs`), ResultCode.NOT_FOUND);
  });
});

describe('device list export', () => {
  it('exports the filtered list as csv and xlsx, in the caller’s language, with the export permission', async () => {
    const tag = uniq().toUpperCase();
    const mine = await seedDevice(server, A.accountId, printerModel, { sn: `EXP${tag}A` });
    await seedDevice(server, A.accountId, speakerModel, { sn: `EXP${tag}B` });
    await seedDevice(server, B.accountId, printerModel, { sn: `EXP${tag}C` });

    const csv = await A.client.call('GET', `/v1/devices/export?format=csv&sn=EXP${tag}&modelId=${printerModel}`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body.raw)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"S/N"');
    expect(lines[0]).not.toContain('"Account"');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`"${mine.sn}"`);

    const zh = await A.client.withLang('zh_CN').call('GET', `/v1/devices/export?format=csv&sn=EXP${tag}`);
    expect(String(zh.body.raw)).toContain('"序列号"');
    expect(String(zh.body.raw).trim().split('\r\n')).toHaveLength(3);

    const res = await server.app.inject({
      method: 'GET',
      url: `/v1/devices/export?sn=EXP${tag}&lang=en_US`,
      headers: { authorization: `Bearer ${A.client.token}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sns = wb.worksheets[0]!.getColumn(1).values.slice(2);
    expect(sns.sort()).toEqual([`EXP${tag}A`, `EXP${tag}B`]);

    const noExport = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.physical.list.query'],
    });
    expectError(await noExport.client.get(`/v1/devices/export?format=csv`), ResultCode.FORBIDDEN);
  });
});
