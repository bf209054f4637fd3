import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobStatus, translate } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { eq } from 'drizzle-orm';
import { accountApis, webhookDeliveries } from '../src/db/schema';
import { offlineGateway } from '../src/gateway/offline';
import { lifecycle } from '../src/modules/ops/lifecycle';
import { ADMIN_PASSWORD, startServer } from './harness';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { jobReaches, OpenClient, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';

/** Probes, metrics and the drain on SIGTERM, against a real server, database and broker. */
type S = Awaited<ReturnType<typeof startServer>>;
const TOKEN = 'scrape-me-0123456789';
const POOL_MAX = 7;

/** The value of one sample of a Prometheus exposition (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('probes and metrics', () => {
  let server: S;
  const sims: VirtualDevice[] = [];
  beforeAll(async () => {
    // the webhook worker retries at once, so a refused delivery is given up within seconds
    server = await startServer({
      METRICS_TOKEN: TOKEN,
      WEBHOOK_BACKOFF_SCALE: '0',
      DATABASE_POOL_MAX: String(POOL_MAX),
    });
  });
  afterAll(async () => {
    await Promise.all(sims.map((d) => d.stop()));
    await server?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('/healthz answers 200 without a token', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers and the broker serves', async () => {
    const res = await get('/readyz');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      failing: [],
      database: { ready: true },
      broker: { ready: true },
      draining: false,
    });
  });

  it('/readyz answers 503 naming the broker while the gateway serves no device', async () => {
    const started = server.deps.gateway;
    server.deps.gateway = offlineGateway;
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ready: false,
        failing: ['broker'],
        database: { ready: true },
        broker: { ready: false, detail: 'gateway not started' },
      });
    } finally {
      server.deps.gateway = started;
    }
  });

  it('/metrics asks for the bearer token when METRICS_TOKEN is set', async () => {
    const asked: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of asked) {
      const res = await get('/metrics', headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 40002 });
    }
  });

  it('/metrics shows jobs, latencies, devices, backlogs, webhook failures and the process after a job went through', async () => {
    const account = await seedAccount(server);
    const key = await seedApiKey(server, account.accountId);
    const api = new OpenClient(server, key.appKey, key.secret);
    const model = await seedModel(server, { type: 'printer' });
    // the account's print notifications go to a loopback address, which deliveries refuse (saving it
    // is refused too, so it is written as one saved before that check, or a name that moved, would be)
    await server.deps.db
      .update(accountApis)
      .set({ pushUrls: { print: 'http://127.0.0.1:9/print' } })
      .where(eq(accountApis.accountId, account.accountId));
    const online = await seedDevice(server, account.accountId, model.id);
    const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, online);
    sim.start();
    await sim.waitOnline();
    await onlineInDb(server, online.id);
    const printed = await api.print({ sn: online.sn, content: 'Metrics' });
    expect(printed.body.code, JSON.stringify(printed.body)).toBe(20000);
    await jobReaches(server, printed.body.data.jobId as number, JobStatus.SUCCESS);
    // one job waits for a device that never connects
    const offline = await seedDevice(server, account.accountId, model.id);
    expect((await api.print({ sn: offline.sn, content: 'Waiting' })).body.code).toBe(20000);
    // and one delivery waits for its retry
    await server.deps.db.insert(webhookDeliveries).values({
      accountId: account.accountId,
      event: 'print',
      url: 'http://127.0.0.1:9/print',
      payload: {},
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const scrape = async () => {
      const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    // the webhook worker gives a refused delivery up after its retries
    const text = await vi.waitFor(
      async () => {
        const t = await scrape();
        expect(sample(t, 'herald_webhook_deliveries_failed_total')).toBeGreaterThanOrEqual(1);
        return t;
      },
      { timeout: 30_000, interval: 200 },
    );

    expect(sample(text, 'herald_job_ack_seconds_count', { kind: 'print' })).toBe(1);
    expect(sample(text, 'herald_job_final_seconds_count', { kind: 'print', status: 'success' })).toBe(1);
    expect(sample(text, 'herald_job_final_seconds_sum', { kind: 'print', status: 'success' })).toBeGreaterThan(0);
    expect(sample(text, 'herald_jobs_finished_total', { kind: 'print', status: 'success' })).toBe(1);
    expect(sample(text, 'herald_jobs', { kind: 'print', status: 'not_pushed' })).toBe(1);
    expect(sample(text, 'herald_devices_online')).toBe(1);
    expect(sample(text, 'herald_webhook_backlog')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'herald_webhook_attempts_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(7);
    expect(sample(text, 'herald_publish_backlog')).toBe(0);
    expect(text).toContain('# TYPE herald_ota_executions gauge');
    expect(sample(text, 'herald_db_pool_connections', { state: 'max' })).toBe(
      process.env.TEST_DATABASE_URL ? POOL_MAX : 64,
    );
    expect(sample(text, 'herald_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("/metrics shows when each background worker's last round went well and how long it took", async () => {
    const text = await vi.waitFor(
      async () => {
        const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
        // the engines run every second, the webhook worker twice a second, the job counts every 5 s
        for (const worker of ['ota engine', 'push engine', 'webhook worker', 'alert digests', 'job counts'])
          expect(sample(res.body, 'herald_worker_last_success_timestamp_seconds', { worker }), worker).toBeDefined();
        return res.body;
      },
      { timeout: 30_000, interval: 200 },
    );
    const now = Date.now() / 1000;
    const last = sample(text, 'herald_worker_last_success_timestamp_seconds', { worker: 'webhook worker' })!;
    expect(last).toBeGreaterThan(now - 60);
    expect(last).toBeLessThanOrEqual(now);
    const took = sample(text, 'herald_worker_last_round_seconds', { worker: 'ota engine' })!;
    expect(took).toBeGreaterThanOrEqual(0);
    expect(took).toBeLessThan(30);
    expect(text).toContain('# TYPE herald_worker_failures_total counter');
  });
});

describe('the drain on SIGTERM', () => {
  let server: S;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => await server?.close());
  const get = (url: string, lang = 'en_US') => server.app.inject({ method: 'GET', url: `${url}?lang=${lang}` });

  it('serves no /metrics unless METRICS or METRICS_TOKEN says so', async () => {
    const res = await get('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40004 });
  });

  it('says not ready at once, serves through the delay, then refuses new requests while one in flight finishes', async () => {
    expect((await get('/readyz')).statusCode).toBe(200);
    const l = lifecycle(server.deps);

    // a sign-in whose body is still on its way: in flight when the drain starts
    const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
    const upload = new PassThrough();
    const signIn = server.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      payload: upload,
    });
    upload.write(body.slice(0, 10));
    await eventually(async () => l.inFlight === 1, 'the sign-in in flight');

    const drained = server.drain({ delayMs: 2_000, graceMs: 30_000 });
    // the delay: readiness says no, requests are still served (and told to close their connection)
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, failing: ['draining'], draining: true });
    const alive = await get('/oauth/alive');
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe('close');
    expect(l.refusing).toBe(false);

    // then new requests are refused, in the envelope, with a retry hint; the probes still answer
    await eventually(async () => l.refusing, 'refusing');
    for (const [url, lang] of [
      ['/oauth/alive', 'en_US'],
      ['/v1/devices', 'zh_CN'],
    ] as const) {
      const res = await get(url, lang);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ code: 50003, message: translate('error.unavailable', lang), data: null });
    }
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(503);

    // the request in flight finishes, and with it the drain
    upload.end(body.slice(10));
    const res = await signIn;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 20000 });
    await drained;
    expect(l.inFlight).toBe(0);
  });
});
