import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, ResultCode } from '@herald/contract';
import { VirtualDevice } from '@herald/device-sim';
import { HeraldApiError, HeraldClient } from '@herald/sdk';
import { jobs } from '../src/db/schema';
import { seedApiKey } from './open-api-fixture';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';

/**
 * The SDK against the real server over real HTTP, printing to a simulated printer over the
 * embedded broker: the signature, the envelope and the record polling end to end.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let httpUrl: string;
let sn: string;
let device: VirtualDevice;
let accountId: number;
let modelId: number;
const keys = { appKey: `ak${randomBytes(6).toString('hex')}`, secret: randomBytes(16).toString('hex') };

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  httpUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  accountId = (await seedAccount(server)).accountId;
  await seedApiKey(server, accountId, keys);
  modelId = (await seedModel(server)).id;
  const row = await seedDevice(server, accountId, modelId);
  sn = row.sn;
  device = new VirtualDevice({ sn, secret: row.secret!, mqttUrl, backoffMinMs: 50, backoffMaxMs: 200 });
  device.start();
  await device.waitOnline();
  await eventually(async () => (await deviceRow(server, row.id)).online, 'device online');
});

afterAll(async () => {
  await device?.stop();
  await server?.close();
});

describe('@herald/sdk against the server', () => {
  it('prints a receipt and follows it to status 3', async () => {
    const client = new HeraldClient({ baseUrl: httpUrl, ...keys });
    const orderId = `sdk-${randomBytes(4).toString('hex')}`;
    const request = { sn, content: '^^^SDK TEST\n\nCoffee | 2.50\n---\n^TOTAL | ^2.50', orderId };
    const accepted = await client.print(request);
    expect(accepted.orderId).toBe(orderId);
    expect(accepted.status).toBeLessThan(JobStatus.SUCCESS);

    const seen: number[] = [];
    const job = await client.waitForFinal({ orderId }, { intervalMs: 50, onStatus: (j) => seen.push(j.status) });
    expect(job).toMatchObject({ jobId: accepted.jobId, msgId: accepted.msgId, sn, kind: 'print' });
    expect(job.status, JSON.stringify(job)).toBe(JobStatus.SUCCESS);
    expect(job.ackedAt).not.toBeNull();
    // statuses only move forward
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    // the device got exactly that message
    expect(device.received.filter((r) => r.kind === 'job' && r.id === accepted.msgId)).toHaveLength(1);

    // the same request under the same order id (what a retry sends) is the same job, not a second print
    const again = await client.print(request);
    expect(again.jobId).toBe(accepted.jobId);
    expect(await client.record({ jobId: accepted.jobId })).toMatchObject({ status: JobStatus.SUCCESS });
  });

  it('cancels a job still waiting, again with the same answer, and refuses a printed one', async () => {
    const client = new HeraldClient({ baseUrl: httpUrl, ...keys });
    const offline = await seedDevice(server, accountId, modelId);
    const orderId = `sdk-cancel-${randomBytes(4).toString('hex')}`;
    const waiting = await client.print({ sn: offline.sn, content: 'Cancel me', orderId });
    const cancelled = await client.cancel({ orderId });
    expect(cancelled).toMatchObject({ jobId: waiting.jobId, status: JobStatus.FAILED, reason: 'cancelled' });
    expect(await client.cancel({ jobId: waiting.jobId })).toEqual(cancelled);
    expect(await client.record({ orderId })).toMatchObject({ status: JobStatus.FAILED, reason: 'cancelled' });

    const printed = await client.print({ sn, content: 'Printed' });
    await client.waitForFinal({ jobId: printed.jobId }, { intervalMs: 50 });
    const err = await client.cancel({ jobId: printed.jobId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldApiError);
    expect((err as HeraldApiError).code).toBe(ResultCode.CONFLICT);
  });

  it('retries a print whose answer was lost and gets the job the first attempt stored', async () => {
    // a loopback hop that passes the first call to the server and then cuts the connection before
    // its answer: the job is stored, the caller sees a network error and the SDK sends again
    let drop = 1;
    const sockets = new Set<net.Socket>();
    const hop = net.createServer((client) => {
      sockets.add(client);
      const upstream = net.connect(Number(new URL(httpUrl).port), '127.0.0.1');
      client.pipe(upstream);
      if (drop > 0) {
        drop--;
        upstream.once('data', () => {
          client.destroy();
          upstream.destroy();
        });
      } else upstream.pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => hop.listen(0, '127.0.0.1', r));
    try {
      const port = (hop.address() as net.AddressInfo).port;
      const client = new HeraldClient({ baseUrl: `http://127.0.0.1:${port}`, ...keys, retryDelayMs: 10 });
      const orderId = `lost-${randomBytes(4).toString('hex')}`;
      // params come back from the database with their keys in another order than sent
      const accepted = await client.print({
        sn,
        content: 'Table {{zeta}} / {{a}}',
        params: { zeta: 7, a: 'x' },
        orderId,
      });
      expect(drop).toBe(0);
      const stored = await server.deps.db.select().from(jobs).where(eq(jobs.orderId, orderId));
      expect(stored.map((j) => j.id)).toEqual([accepted.jobId]);
    } finally {
      for (const c of sockets) c.destroy(); // the client keeps its connection alive
      await new Promise((r) => hop.close(r));
    }
  });

  it('reads the device state', async () => {
    const client = new HeraldClient({ baseUrl: httpUrl, ...keys });
    expect(await client.device({ sn })).toMatchObject({ sn, online: true, paused: false });
  });

  it('a wrong secret is HeraldApiError 40020 and prints nothing', async () => {
    const client = new HeraldClient({ baseUrl: httpUrl, appKey: keys.appKey, secret: 'not-the-secret' });
    const orderId = `bad-${randomBytes(4).toString('hex')}`;
    const err = await client.print({ sn, content: 'nope', orderId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldApiError);
    expect(err).toMatchObject({ code: ResultCode.SIGN_INVALID, httpStatus: 401 });

    const good = new HeraldClient({ baseUrl: httpUrl, ...keys });
    const missing = await good.record({ orderId }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: ResultCode.NOT_FOUND });
  });

  it('answers validation failures with field errors, in the chosen language', async () => {
    const client = new HeraldClient({ baseUrl: httpUrl, ...keys, lang: 'zh_CN' });
    const err = (await client.print({ sn, copies: 1 } as never).catch((e: unknown) => e)) as HeraldApiError;
    expect(err).toBeInstanceOf(HeraldApiError);
    expect(err.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(err.httpStatus).toBe(400);
    expect((err.data as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain('content');
    expect(err.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
