import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus } from '@herald/contract';
import { VirtualDevice } from '@herald/device-sim';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, expectError, expectOk, startServer, type Client } from './harness';
import { deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';
import { auditLines } from './people';

/**
 * The console's speak test against the real server, the embedded broker and a simulated speaker:
 * a text and an amount reach status 3; other accounts' devices and jobs stay out of reach.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let speakerId: number;
let speakerSn: string;
let printerId: number;
let device: VirtualDevice;

beforeAll(async () => {
  server = await startServer();
  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  A = await seedAccount(server);
  B = await seedAccount(server);
  const speakerModel = await seedModel(server, { type: 'speaker' });
  const printerModel = await seedModel(server);
  const row = await seedDevice(server, A.accountId, speakerModel.id);
  speakerId = row.id;
  speakerSn = row.sn;
  printerId = (await seedDevice(server, A.accountId, printerModel.id)).id;
  device = new VirtualDevice({
    sn: row.sn,
    secret: row.secret!,
    mqttUrl,
    kind: 'speaker',
    backoffMinMs: 50,
    backoffMaxMs: 200,
  });
  device.start();
  await device.waitOnline();
  await eventually(async () => (await deviceRow(server, row.id)).online, 'speaker online');
});

afterAll(async () => {
  await device?.stop();
  await server?.close();
});

/**
 * Wait for the simulated speaker to report the job, then read it the way the screen does. (Polling
 * the API in a tight loop from the start competes with the uplink handling on the single-process
 * test database and only slows the run down.)
 */
async function followJob(client: Client, accepted: { jobId?: unknown; msgId?: unknown }) {
  await eventually(
    async () => device.results.some((r) => r.id === String(accepted.msgId)),
    `result of ${String(accepted.msgId)}`,
  );
  return eventually(async () => {
    const job = expectOk(await client.get(`/v1/speak-test/job/${Number(accepted.jobId)}`));
    return job.status >= JobStatus.SUCCESS ? job : undefined;
  }, `job ${accepted.jobId} final`);
}

describe('speak test', () => {
  it("lists the account's speakers only (no printers, no other account's)", async () => {
    const list = expectOk(await A.client.get('/v1/speak-test/devices'));
    expect(list).toEqual([expect.objectContaining({ id: speakerId, sn: speakerSn, online: true, paused: false })]);
    expect(expectOk(await B.client.get('/v1/speak-test/devices'))).toEqual([]);
  });

  it('speaks a text on the simulated speaker and reaches status 3, with an operation-log line', async () => {
    const accepted = expectOk(
      await A.client.post('/v1/speak-test/send', {
        deviceId: speakerId,
        mode: 'text',
        text: 'Hello from the console',
        volume: 60,
      }),
    );
    expect(accepted.jobId).toBeGreaterThan(0);
    const job = await followJob(A.client, accepted);
    expect(job, JSON.stringify(job)).toMatchObject({ status: JobStatus.SUCCESS, kind: 'speak', sn: speakerSn });
    expect(job.ackedAt).not.toBeNull();
    expect(job.latencyMs).not.toBeNull();
    const got = device.received.find((r) => r.kind === 'job' && r.id === accepted.msgId);
    expect(got).toBeDefined();
    expect((await auditLines(server, 'speakTest', 'send', speakerSn)).length).toBeGreaterThanOrEqual(1);
  });

  it('reads an amount out and reaches status 3', async () => {
    const accepted = expectOk(
      await A.client.post('/v1/speak-test/send', {
        deviceId: speakerId,
        mode: 'amount',
        amount: '12.50',
        currency: 'CNY',
        paymentType: 'alipay',
        language: 'en_US',
      }),
    );
    const job = await followJob(A.client, accepted);
    expect(job, JSON.stringify(job)).toMatchObject({
      status: JobStatus.SUCCESS,
      kind: 'trade',
      amount: '12.50',
      currency: 'CNY',
      paymentType: 'alipay',
    });
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const noText = await A.client.post('/v1/speak-test/send', { deviceId: speakerId, mode: 'text' });
    expect(noText.body.code).toBe(40010);
    expect(noText.body.data.errors.map((e: { field: string }) => e.field)).toContain('text');
    const noAmount = await A.client.post('/v1/speak-test/send', {
      deviceId: speakerId,
      mode: 'amount',
      currency: 'CNY',
    });
    expect(noAmount.body.code).toBe(40010);
    const fields = noAmount.body.data.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['amount', 'paymentType']));
    const badAmount = await A.client.post('/v1/speak-test/send', {
      deviceId: speakerId,
      mode: 'amount',
      amount: '-3',
      currency: 'CNY',
      paymentType: 'cash',
    });
    expect(badAmount.body.code).toBe(40010);
    // a printer cannot speak
    const printer = await A.client.post('/v1/speak-test/send', { deviceId: printerId, mode: 'text', text: 'hi' });
    expect(printer.body.code).not.toBe(20000);
    expect(printer.status).toBeLessThan(500);
  });

  it("keeps accounts apart: B can neither send to A's speaker nor read A's job", async () => {
    const accepted = expectOk(
      await A.client.post('/v1/speak-test/send', { deviceId: speakerId, mode: 'text', text: 'only for A' }),
    );
    const send = await B.client.post('/v1/speak-test/send', { deviceId: speakerId, mode: 'text', text: 'from B' });
    expect(send.body.code).toBe(40010);
    expect(send.body.data.errors.map((e: { field: string }) => e.field)).toContain('deviceId');
    expectError(await B.client.get(`/v1/speak-test/job/${accepted.jobId}`), 40004);
    expect(device.received.some((r) => r.kind === 'job' && JSON.stringify(r.payload).includes('from B'))).toBe(false);
    await followJob(A.client, accepted);
  });

  it('needs the speak test permission and is account side only', async () => {
    const none = await seedRoleUser(server, { side: 'ac', accountId: A.accountId, permissions: ['herald.dev.api'] });
    expectError(await none.client.get('/v1/speak-test/devices'), 40003);
    expectError(await none.client.post('/v1/speak-test/send', { deviceId: speakerId, mode: 'text', text: 'x' }), 40003);
    expectError(await none.client.get('/v1/speak-test/job/1'), 40003);
    const tester = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.speak.test'],
    });
    expect(expectOk(await tester.client.get('/v1/speak-test/devices'))).toHaveLength(1);
    const op = await adminClient(server);
    expectError(await op.get('/v1/speak-test/devices'), 40003);
  });
});
