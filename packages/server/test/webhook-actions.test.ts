import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode, WEBHOOK_HEADERS, webhookBodySchema } from '@herald/contract';
import { webhookDeliveries } from '../src/db/schema';
import { onJobStatus } from '../src/modules/webhooks/service';
import { webhookSignature } from '../src/modules/webhooks/sign';
import { seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { expectError, expectOk, startServer, type TestServer } from './harness';
import { insertJob } from './job-rows';

/** Test events, redelivery and the dead-letter filter of webhook deliveries (docs/open-api.md § 7). */
type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A real receiver on loopback; `up` decides whether it answers 200 or 500. */
async function receiver() {
  const received: Received[] = [];
  const state = { up: true };
  const srv = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.up ? 200 : 500);
      res.end();
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`;
  return { received, state, url, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

let server: TestServer;
let rx: Awaited<ReturnType<typeof receiver>>;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let device: { id: number; sn: string };
let secret: string;

const row = async (id: number) =>
  (await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const settled = (id: number) =>
  vi.waitFor(
    async () => {
      const d = await row(id);
      expect(d.status).not.toBe('pending');
      return d;
    },
    { timeout: 30_000, interval: 50 },
  );
/**
 * What the receiver got for one delivery, by its delivery header: not by its place in `received`,
 * where a delivery of an earlier test still under way (a redelivery not waited for) may come first.
 */
const receivedFor = (deliveryId: number) => {
  const got = rx.received.filter((r) => r.headers[WEBHOOK_HEADERS.delivery] === String(deliveryId));
  expect(got, `the receiver got delivery ${deliveryId} once`).toHaveLength(1);
  return got[0]!;
};

beforeAll(async () => {
  // retries after 1 ms, 5 ms, 30 ms, ... so a delivery gives up within a few seconds
  server = await startServer({ WEBHOOK_BACKOFF_SCALE: '0.001', WEBHOOK_ALLOW_PRIVATE: 'true' });
  rx = await receiver();
  A = await seedAccount(server);
  B = await seedAccount(server);
  device = await seedDevice(server, A.accountId, (await seedModel(server, { type: 'printer' })).id);
  expectOk(await A.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: rx.url } }));
  secret = expectOk(await A.client.post('/v1/account-api/queryApiSecret', { password: 'Shop@12345' })).secret;
});
afterAll(async () => {
  await server?.close();
  await rx?.close();
});

describe('a test event', () => {
  it('is a signed delivery of an example job marked test, listed with the deliveries', async () => {
    const from = rx.received.length;
    const sent = expectOk(await A.client.post('/v1/webhooks/test', { event: 'print' }));
    expect(sent).toMatchObject({ event: 'print', url: rx.url, test: true, jobId: null, redeliveryOf: null });
    expect((await settled(sent.id)).status).toBe('succeeded');
    const got = rx.received[from]!;
    expect(got.headers[WEBHOOK_HEADERS.delivery]).toBe(String(sent.id));
    expect(got.headers[WEBHOOK_HEADERS.signature]).toBe(
      webhookSignature(secret, String(got.headers[WEBHOOK_HEADERS.timestamp]), got.body),
    );
    const body = webhookBodySchema.parse(JSON.parse(got.body));
    expect(body).toMatchObject({ event: 'print', test: true, jobId: 0, kind: 'print', status: 3 });

    const listed = expectOk(await A.client.get('/v1/webhooks/deliveries?pageSize=50'));
    expect(listed.list.find((d: { id: number }) => d.id === sent.id)).toMatchObject({ test: true });
  });

  it('is refused for an event without a push address, and for a reader', async () => {
    expectError(
      await A.client.post('/v1/webhooks/test', { event: 'trade' }),
      40010,
      'No push address is set for this event',
    );
    expectError(await A.client.post('/v1/webhooks/test', { event: 'nope' }), 40010);
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.api.query'],
    });
    expectError(await reader.client.post('/v1/webhooks/test', { event: 'print' }), ResultCode.FORBIDDEN);
  });
});

describe('dead letters and redelivery', () => {
  it('a delivery that gave up is found by the dead-letter filter, and redelivered to the fixed receiver, linked to it', async () => {
    rx.state.up = false;
    let original: Awaited<ReturnType<typeof row>>;
    try {
      const job = await insertJob(
        server,
        { accountId: A.accountId, deviceId: device.id, sn: device.sn },
        { status: 3, orderId: `dead-${Date.now()}`, pushedAt: new Date(), finishedAt: new Date() },
      );
      await onJobStatus(server.deps, job);
      const [queued] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, job.id));
      original = await settled(queued!.id);
    } finally {
      rx.state.up = true;
    }
    expect(original.status).toBe('failed');
    const dead = expectOk(await A.client.get('/v1/webhooks/deliveries?status=failed&pageSize=100'));
    expect(dead.list.map((d: { id: number }) => d.id)).toContain(original.id);
    expect(dead.list.every((d: { status: string }) => d.status === 'failed')).toBe(true);

    const again = expectOk(await A.client.post(`/v1/webhooks/deliveries/${original.id}/redeliver`));
    expect(again).toMatchObject({ redeliveryOf: original.id, jobId: original.jobId, event: 'print', test: false });
    expect(again.id).not.toBe(original.id);
    expect((await settled(again.id)).status).toBe('succeeded');
    expect(JSON.parse(receivedFor(again.id).body)).toEqual(original.payload);
    // the original stays what it was: a dead letter, with its own attempts
    expect((await row(original.id)).status).toBe('failed');
    const detail = expectOk(await A.client.get(`/v1/webhooks/deliveries/${again.id}`));
    expect(detail).toMatchObject({ redeliveryOf: original.id, status: 'succeeded' });
    expect(detail.attemptList).toHaveLength(1);

    // a delivery that succeeded may be sent again too
    const third = expectOk(await A.client.post(`/v1/webhooks/deliveries/${again.id}/redeliver`));
    expect(third.redeliveryOf).toBe(again.id);
    expect(expectOk(await A.client.get('/v1/webhooks/deliveries?status=failed&pageSize=100')).list).not.toContainEqual(
      expect.objectContaining({ id: again.id }),
    );

    // another account's delivery is not found; a reader may not redeliver
    expectError(await B.client.post(`/v1/webhooks/deliveries/${original.id}/redeliver`), 40004);
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.api.query'],
    });
    expectError(await reader.client.post(`/v1/webhooks/deliveries/${original.id}/redeliver`), ResultCode.FORBIDDEN);
    const count = (
      await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.redeliveryOf, original.id))
    ).length;
    expect(count).toBe(1);
  });

  it('a delivery of another kind than a job event (an alert address, say) is redelivered to where it went', async () => {
    const [other] = await server.deps.db
      .insert(webhookDeliveries)
      .values({
        accountId: A.accountId,
        event: 'alert',
        url: `${rx.url}/alerts`,
        payload: { kind: 'outOfPaper', sn: device.sn },
        status: 'failed',
        attempts: 7,
        nextAttemptAt: new Date(),
      })
      .returning();
    const again = expectOk(await A.client.post(`/v1/webhooks/deliveries/${other!.id}/redeliver`));
    expect(again).toMatchObject({ event: 'alert', url: `${rx.url}/alerts`, redeliveryOf: other!.id });
    expect((await settled(again.id)).status).toBe('succeeded');
    expect(JSON.parse(receivedFor(again.id).body)).toEqual({ kind: 'outOfPaper', sn: device.sn });
  });
});
