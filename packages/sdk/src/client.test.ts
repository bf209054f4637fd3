import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_API } from '@herald/contract';
import { HeraldApiError, HeraldClient, HeraldNetworkError, HeraldTimeoutError } from './index';

/**
 * The retry rules against a loopback stand-in for Herald that drops the first connections
 * without answering (what a network failure looks like to fetch). The real server is exercised
 * by packages/server/test/sdk.test.ts.
 */

let server: http.Server;
let baseUrl: string;
let dropFirst = 0;
/** answers after the dropped ones refused as a server shutting down does, with this Retry-After */
let refuseNext = 0;
let retryAfter = '0';
const seen: { path: string; nonce: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', nonce: String(req.headers[OPEN_API.headers.nonce]), body });
      if (seen.length <= dropFirst) return req.socket.destroy();
      res.setHeader('content-type', 'application/json');
      if (seen.length <= dropFirst + refuseNext) {
        res.writeHead(503, { 'retry-after': retryAfter });
        return res.end(JSON.stringify({ code: 50003, message: 'The server is shutting down', data: null }));
      }
      if (req.url === '/open/v1/device') {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 40020, message: 'Signature invalid', data: null }));
      }
      // a job that stays at 0 and expired a minute ago (the server never ended it)
      const expireAt = new Date(Date.now() - 60_000).toISOString();
      res.end(
        JSON.stringify({
          code: 20000,
          message: 'ok',
          data: { jobId: 7, msgId: 'm', orderId: null, status: 0, expireAt },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  seen.length = 0;
  dropFirst = 0;
  refuseNext = 0;
  retryAfter = '0';
});

const client = () => new HeraldClient({ baseUrl, appKey: 'k', secret: 's', retryDelayMs: 1 });

describe('HeraldClient retries', () => {
  it('repeats a read after a dropped connection, signed afresh', async () => {
    dropFirst = 2;
    await expect(client().record({ jobId: 7 })).resolves.toMatchObject({ jobId: 7 });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.nonce)).size).toBe(3);
  });

  it('repeats a print only when it carries an order id', async () => {
    dropFirst = 1;
    const err = await client()
      .print({ sn: 'SIM000001', content: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldNetworkError);
    expect(seen).toHaveLength(1);

    seen.length = 0;
    dropFirst = 1;
    await expect(client().print({ sn: 'SIM000001', content: 'x', orderId: 'A-1' })).resolves.toMatchObject({
      jobId: 7,
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.body).toBe(seen[1]!.body);
  });

  it('never repeats an answered call, even an error', async () => {
    const err = await client()
      .device({ sn: 'SIM000001' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldApiError);
    expect(err).toMatchObject({ code: 40020, httpStatus: 401, message: 'Signature invalid' });
    expect(seen).toHaveLength(1);
  });

  it('gives up after the allowed attempts', async () => {
    dropFirst = 10;
    const err = await client()
      .record({ orderId: 'A-1' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'HeraldNetworkError', attempts: 3 });
    expect(seen).toHaveLength(3);
  });
});

describe('HeraldClient and a server shutting down (50003, Retry-After)', () => {
  it('repeats any call after the Retry-After, a print without an order id too: nothing was done', async () => {
    refuseNext = 2;
    retryAfter = '1';
    const started = Date.now();
    await expect(client().print({ sn: 'SIM000001', content: 'x' })).resolves.toMatchObject({ jobId: 7 });
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(new Set(seen.map((s) => s.nonce)).size).toBe(3);
  });

  it('hands the refusal over once the retries are spent, or at once when it asks for too long a wait', async () => {
    refuseNext = 10;
    const spent = await client()
      .record({ jobId: 7 })
      .catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(HeraldApiError);
    expect(spent).toMatchObject({ code: 50003, httpStatus: 503 });
    expect(seen).toHaveLength(3);

    seen.length = 0;
    refuseNext = 1;
    retryAfter = '120';
    const tooLong = await client()
      .record({ jobId: 7 })
      .catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ code: 50003 });
    expect(seen).toHaveLength(1);
  });
});

describe('HeraldClient fetch option', () => {
  it('sends every call through the fetch it was given', async () => {
    const urls: string[] = [];
    const c = new HeraldClient({
      baseUrl,
      appKey: 'k',
      secret: 's',
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    await expect(c.record({ jobId: 7 })).resolves.toMatchObject({ jobId: 7 });
    expect(urls).toEqual([`${baseUrl}/open/v1/record`]);
    expect(seen).toHaveLength(1);
  });
});

describe('HeraldClient.waitForFinal', () => {
  it('gives up after timeoutMs with a HeraldTimeoutError carrying the last record', async () => {
    // room for a second poll even when the first answer is slow (unit files run beside lint and tsc)
    const err = await client()
      .waitForFinal({ jobId: 7 }, { timeoutMs: 500, intervalMs: 10 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldTimeoutError);
    expect(err).toMatchObject({ job: { jobId: 7, status: 0 } });
    expect(seen.length).toBeGreaterThan(1);
  });

  it("by default waits until the job's expiry and a grace period: past them, it stops at once", async () => {
    const err = await client()
      .waitForFinal({ jobId: 7 }, { intervalMs: 10 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeraldTimeoutError);
    expect(seen).toHaveLength(1);
  });
});
