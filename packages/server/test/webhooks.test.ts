import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_BACKOFF_MS, WEBHOOK_HEADERS, webhookBodySchema } from '@herald/contract';
import { accountApis, webhookDeliveries } from '../src/db/schema';
import { toJobView } from '../src/modules/print-pipeline/view';
import { invalidatePushConfig } from '../src/modules/webhooks/push-config';
import { onJobStatus } from '../src/modules/webhooks/service';
import { seedAccount, seedRoleUser } from './fixtures';
import { createDevice, createModel } from './fleet';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { insertJob } from './job-rows';
import { expectInvalid } from './people';

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A real HTTP receiver on loopback; `answer` decides the status of each request in turn. */
async function receiver(answer: (n: number, path: string) => { status: number; location?: string }) {
  const received: Received[] = [];
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const a = answer(received.length, req.url ?? '');
      res.writeHead(a.status, a.location ? { location: a.location } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { received, base, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let device: { id: number; sn: string };
let secret: string;

const delivery = async (jobId: number) =>
  (await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, jobId)))[0];
const settled = (jobId: number) =>
  vi.waitFor(
    async () => {
      const d = await delivery(jobId);
      expect(d?.status).not.toBe('pending');
      return d!;
    },
    { timeout: 30_000, interval: 50 },
  );

/** Wait for the first attempt only (what these cases check does not need the whole backoff). */
const attempted = (jobId: number) =>
  vi.waitFor(
    async () => {
      const d = await delivery(jobId);
      expect(d?.attempts ?? 0).toBeGreaterThan(0);
      return d!;
    },
    { timeout: 30_000, interval: 50 },
  );

beforeAll(async () => {
  // retries after 1 ms, 5 ms, 30 ms, ... instead of seconds
  // the receivers are on loopback, which deliveries refuse unless allowed (see the private address case)
  server = await startServer({ WEBHOOK_BACKOFF_SCALE: '0.001', WEBHOOK_ALLOW_PRIVATE: 'true' });
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  const model = await createModel(op);
  device = (await createDevice(A.client, model.id)) as typeof device;
  secret = expectOk(await A.client.post('/v1/account-api/genAccountApiSecret')).secret;
});
afterAll(async () => server?.close());

describe('webhooks', () => {
  it('by default delivers only to public addresses: loopback, by address or by name, is refused and never reached', async () => {
    const rx = await receiver(() => ({ status: 200 }));
    const config = server.deps.config as { webhookAllowPrivate: boolean };
    try {
      const port = new URL(rx.base).port;
      for (const [n, url, refused] of [
        [1, `${rx.base}/print`, '127.0.0.1'],
        [2, `http://localhost:${port}/print`, 'not a public address'],
        [3, `http://[::ffff:127.0.0.1]:${port}/print`, '::ffff:7f00:1'], // as the URL writes it
      ] as const) {
        // saved while private addresses were allowed (or under a name that resolved elsewhere then):
        // saving one is refused now (account-api.test.ts), and sending it is refused as well. Written
        // straight to the row: allowing private addresses for the save would let the retries of the
        // previous round's delivery through meanwhile
        config.webhookAllowPrivate = false;
        await server.deps.db
          .insert(accountApis)
          .values({ accountId: A.accountId, pushUrls: { print: url } })
          .onConflictDoUpdate({ target: accountApis.accountId, set: { pushUrls: { print: url } } });
        invalidatePushConfig(server.deps, A.accountId);
        const job = await insertJob(
          server,
          { accountId: A.accountId, deviceId: device.id, sn: device.sn },
          { status: 1, orderId: `order-private-${n}`, pushedAt: new Date() },
        );
        await onJobStatus(server.deps, job);
        const d = await attempted(job.id);
        expect(d.lastStatusCode).toBeNull();
        expect(d.lastError).toContain(refused);
        expect(d.lastError).toContain('not a public address');
      }
      expect(rx.received).toEqual([]);
    } finally {
      config.webhookAllowPrivate = true;
      await rx.close();
    }
  });

  it('retries a receiver that fails twice, then succeeds; every attempt is recorded and the body is signed', async () => {
    const rx = await receiver((n) => ({ status: n <= 2 ? 500 : 200 }));
    try {
      expectOk(await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: `${rx.base}/print` } }));
      const job = await insertJob(
        server,
        { accountId: A.accountId, deviceId: device.id, sn: device.sn },
        {
          status: 3,
          orderId: 'order-wh-1',
          pushedAt: new Date(),
          ackedAt: new Date(),
          ackLatencyMs: 12,
          finishedAt: new Date(),
        },
      );
      await onJobStatus(server.deps, job);
      const d = await settled(job.id);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200, event: 'print' });
      expect(rx.received).toHaveLength(3);
      for (const r of rx.received) {
        const ts = r.headers[WEBHOOK_HEADERS.timestamp] as string;
        const expected = createHmac('sha256', secret).update(`${ts}\n${r.body}`).digest('hex');
        expect(r.headers[WEBHOOK_HEADERS.signature]).toBe(expected);
        expect(r.headers[WEBHOOK_HEADERS.event]).toBe('print');
        expect(r.headers[WEBHOOK_HEADERS.delivery]).toBe(String(d.id));
        expect(r.headers['content-type']).toBe('application/json');
      }
      const body = JSON.parse(rx.received[2]!.body);
      expect(body).toMatchObject({
        event: 'print',
        jobId: job.id,
        msgId: job.msgId,
        orderId: 'order-wh-1',
        sn: device.sn,
        status: 3,
        reason: null,
        latencyMs: 12,
      });
      expect(body.finishedAt).toBe(job.finishedAt!.toISOString());
      // the same view as the open API's record call, plus the event
      expect(webhookBodySchema.strict().parse(body)).toEqual({ event: 'print', ...toJobView(job) });

      // the console's view of it
      const list = expectOk(await A.client.get(`/v1/webhooks/deliveries?jobId=${job.id}`));
      expect(list.total).toBe(1);
      expect(list.list[0]).toMatchObject({
        id: d.id,
        jobStatus: 3,
        status: 'succeeded',
        attempts: 3,
        url: `${rx.base}/print`,
      });
      const detail = expectOk(await A.client.get(`/v1/webhooks/deliveries/${d.id}`));
      expect(detail.attemptList.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
      expect(detail.attemptList[0].error).toBe('HTTP 500');

      // the job's record detail shows the delivery to the account and to operators, not to others
      for (const who of [A.client, op]) {
        const rec = expectOk(await who.get(`/v1/records/print/${job.id}`));
        expect(rec.webhookDeliveries).toEqual([
          expect.objectContaining({ id: d.id, jobStatus: 3, status: 'succeeded', attempts: 3 }),
        ]);
      }
      expectError(await B.client.get(`/v1/records/print/${job.id}`), 40004);
      expect(detail.payload).toMatchObject({ jobId: job.id });
      expect(expectOk(await A.client.get('/v1/webhooks/deliveries?status=succeeded&event=print')).total).toBe(1);
      expect(expectOk(await A.client.get('/v1/webhooks/deliveries?status=failed')).total).toBe(0);
    } finally {
      await rx.close();
    }
  });

  it('gives up after the backoff list, never follows redirects, and records connection errors', async () => {
    const rx = await receiver((_, path) => (path === '/moved' ? { status: 302, location: '/ok' } : { status: 503 }));
    try {
      expectOk(
        await A.client.post('/v1/account-api/modifyAccountApi', {
          pushUrls: { speak: `${rx.base}/down`, trade: `${rx.base}/moved` },
        }),
      );
      const base = { accountId: A.accountId, deviceId: device.id, sn: device.sn };
      const speak = await insertJob(server, base, { kind: 'speak', status: 4, reason: 'muted' });
      await onJobStatus(server.deps, speak);
      const gaveUp = await settled(speak.id);
      expect(gaveUp).toMatchObject({ status: 'failed', attempts: WEBHOOK_BACKOFF_MS.length + 1, lastStatusCode: 503 });

      const trade = await insertJob(server, base, { kind: 'trade', status: 3, amount: '1.5', currency: 'CNY' });
      await onJobStatus(server.deps, trade);
      const moved = await attempted(trade.id);
      expect(moved.lastStatusCode).toBe(302);
      expect(moved.lastError).toBe('HTTP 302');
      expect(rx.received.filter((r) => r.path === '/ok')).toHaveLength(0);
    } finally {
      await rx.close();
    }
    // nobody listens there any more: a connection error, not a status code
    const job = await insertJob(
      server,
      { accountId: A.accountId, deviceId: device.id, sn: device.sn },
      { kind: 'speak' },
    );
    await onJobStatus(server.deps, job);
    const refused = await attempted(job.id);
    const detail = expectOk(await A.client.get(`/v1/webhooks/deliveries/${refused.id}`));
    expect(detail.attemptList[0].statusCode).toBeNull();
    expect(detail.attemptList[0].error).toBeTruthy();
  });

  it("a receiver that holds its answer delays no other account's deliveries", async () => {
    // A's receiver keeps the request open until released (within the 5 s timeout); C's answers at once
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = http.createServer((req, res) => {
      req.resume();
      void held.then(() => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const fast = await receiver(() => ({ status: 200 }));
    let slowHits = 0;
    slow.on('request', () => slowHits++);
    try {
      const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/print`;
      expectOk(await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: slowUrl } }));
      const C = await seedAccount(server);
      expectOk(await C.client.post('/v1/account-api/genAccountApiSecret'));
      expectOk(await C.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: `${fast.base}/print` } }));
      const devC = await createDevice(C.client, (await createModel(op)).id);
      const jobA = await insertJob(server, { accountId: A.accountId, deviceId: device.id, sn: device.sn });
      await onJobStatus(server.deps, jobA);
      await vi.waitFor(() => expect(slowHits).toBe(1), { timeout: 4_000, interval: 20 });

      const jobC = await insertJob(server, { accountId: C.accountId, deviceId: devC.id, sn: devC.sn });
      await onJobStatus(server.deps, jobC);
      const d = await vi.waitFor(
        async () => {
          const row = await delivery(jobC.id);
          expect(row?.status).toBe('succeeded');
          return row!;
        },
        { timeout: 4_000, interval: 20 },
      );
      expect(d.attempts).toBe(1);
      // A's request is still open: C's delivery did not wait for it
      expect((await delivery(jobA.id))?.attempts).toBe(0);
      release();
      expect(await settled(jobA.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    } finally {
      release();
      await fast.close();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it("does not read a receiver's answer body: an endless one is not held in memory and the 2xx counts", async () => {
    // the answer's headers say 200, then its body never ends (a compressed body would unpack without
    // limit); written as fast as the reader takes it, so `taken` counts what Herald read
    let taken = 0;
    const chunk = Buffer.alloc(64 * 1024);
    const endless = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const pump = () => {
        if (res.destroyed) return;
        while (res.write(chunk)) taken += chunk.length;
        taken += chunk.length;
        res.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((r) => endless.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/print`;
      expectOk(await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: url } }));
      const job = await insertJob(server, { accountId: A.accountId, deviceId: device.id, sn: device.sn });
      await onJobStatus(server.deps, job);
      expect(await settled(job.id)).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
      // reading it until the 5 s timeout took hundreds of megabytes; not reading it, the socket's buffers
      expect(taken).toBeLessThan(8 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((r) => endless.close(() => r()));
    }
  });

  it('queues nothing without a push address for the event; a cleared address takes effect at once', async () => {
    expectOk(
      await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: '', speak: '', trade: '' } }),
    );
    const job = await insertJob(server, { accountId: A.accountId, deviceId: device.id, sn: device.sn });
    await onJobStatus(server.deps, job);
    expect(await delivery(job.id)).toBeUndefined();
    // an account without any API settings
    const other = await createDevice(B.client, (await createModel(op)).id);
    const jobB = await insertJob(server, { accountId: B.accountId, deviceId: other.id, sn: other.sn });
    await onJobStatus(server.deps, jobB);
    expect(await delivery(jobB.id)).toBeUndefined();
  });

  it('validates filters in both languages, keeps accounts apart and needs the permission', async () => {
    await expectInvalid(
      (c) => c.get('/v1/webhooks/deliveries?status=lost'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'status',
    );
    await expectInvalid(
      (c) => c.get('/v1/webhooks/deliveries?from=2026-02-01&to=2026-01-01'),
      A.client,
      'The starting value cannot be greater than the ending value',
      '起始值不能大于结束值',
      'to',
    );
    const mine = expectOk(await A.client.get('/v1/webhooks/deliveries')).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(expectOk(await B.client.get('/v1/webhooks/deliveries')).total).toBe(0);
    expectError(await B.client.get(`/v1/webhooks/deliveries/${mine[0].id}`), 40004);
    expectError(await new Client(server).get('/v1/webhooks/deliveries'), 40002);
    expectError(await op.get('/v1/webhooks/deliveries'), 40003);
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.template'],
    });
    expectError(await staff.client.get('/v1/webhooks/deliveries'), 40003);
  });

  it('sorts by creation time, attempts or next attempt when asked', async () => {
    const C = await seedAccount(server);
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    // settled rows, so the sender leaves them alone
    const row = (attempts: number, created: number, next: number) => ({
      accountId: C.accountId,
      event: 'print',
      url: 'https://example.com/hook',
      payload: {},
      status: 'failed',
      attempts,
      createdAt: at(created),
      nextAttemptAt: at(next),
    });
    const [x, y, z] = await server.deps.db
      .insert(webhookDeliveries)
      .values([row(3, 1, 30), row(1, 3, 10), row(2, 2, 20)])
      .returning({ id: webhookDeliveries.id });
    const ids = async (q: string) =>
      expectOk(await C.client.get(`/v1/webhooks/deliveries${q}`)).list.map((d: { id: number }) => d.id);
    expect(await ids('')).toEqual([y!.id, z!.id, x!.id]);
    expect(await ids('?sortField=createdAt&sortOrder=ascend')).toEqual([x!.id, z!.id, y!.id]);
    expect(await ids('?sortField=attempts&sortOrder=descend')).toEqual([x!.id, z!.id, y!.id]);
    expect(await ids('?sortField=nextAttemptAt&sortOrder=ascend')).toEqual([y!.id, z!.id, x!.id]);
    expect(await ids('?sortField=attempts&sortOrder=ascend&pageSize=1&page=3')).toEqual([x!.id]);
    await expectInvalid(
      (c) => c.get('/v1/webhooks/deliveries?sortField=url'),
      C.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });
});
