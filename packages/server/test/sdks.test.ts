import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { verifyWebhook } from '@herald/sdk';
import type { Server } from '../src/app';
import { accountApis, apiKeys, jobs } from '../src/db/schema';
import { invalidatePushConfig } from '../src/modules/webhooks/push-config';
import { webhookSignature } from '../src/modules/webhooks/sign';
import { startPeer, startServer } from './harness';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel, eventually } from './devices-fixture';
import { OpenClient, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';
import { DOC_WEBHOOK, EXAMPLES, REPO, removeBuilds, runExample, startBalancer, type Run } from './sdks-fixture';

/**
 * The clients of sdks/ (Python, PHP, Java, Go) run as an integrator runs them: each example is a
 * child process that signs and sends real HTTP to this server, prints on a simulated printer,
 * speaks on a simulated speaker, follows its jobs to their final status and verifies a push that
 * Herald really sent. A missing runtime fails its test, naming the Debian package.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let url: string;
let keys: { appKey: string; secret: string };
let printer: VirtualDevice;
let speaker: VirtualDevice;
let printerSn: string;
let speakerSn: string;
const sims: VirtualDevice[] = [];
/** a push as the receiver got it: the examples verify its signature */
let push: { timestamp: string; signature: string; body: string };
/** a push sent during a rotation's overlap: signed with the new secret, and with the old one the examples hold */
let rotated: { timestamp: string; signature: string; previous: string; body: string };
/** a second node on the same database, draining: it answers 50003 with Retry-After */
let draining: Server;
let receiver: http.Server;
const pushes: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  // the push receiver is on loopback, which deliveries refuse unless allowed
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // started before the devices connect: a node's embedded broker marks every device offline when it starts
  draining = await startPeer(server);
  await draining.app.listen({ port: 0, host: '127.0.0.1' });
  await draining.drain({ delayMs: 0, graceMs: 0 });

  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const { accountId } = await seedAccount(server);
  keys = { appKey: `ak${randomBytes(6).toString('hex')}`, secret: randomBytes(24).toString('hex') };
  const pushUrls = { print: `${hook}/print`, speak: `${hook}/speak`, trade: `${hook}/trade` };
  await seedApiKey(server, accountId, keys);
  await server.deps.db.update(accountApis).set({ pushUrls }).where(eq(accountApis.accountId, accountId));

  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  const p = await seedDevice(server, accountId, (await seedModel(server)).id);
  const s = await seedDevice(server, accountId, (await seedModel(server, { type: 'speaker' })).id);
  printerSn = p.sn;
  speakerSn = s.sn;
  printer = simDevice(sims, mqttUrl, p);
  speaker = simDevice(sims, mqttUrl, s, { kind: 'speaker' });
  printer.start();
  speaker.start();
  await Promise.all([printer.waitOnline(), speaker.waitOnline(), onlineInDb(server, p.id), onlineInDb(server, s.id)]);

  // one real push to verify: a print that reached its final status
  const open = new OpenClient(server, keys.appKey, keys.secret);
  push = await finalPush(open, 'hook');

  // the key is rotated with an overlap: the examples keep the old secret, which stays accepted,
  // and each push carries the new signature and the old one
  const newSecret = randomBytes(24).toString('hex');
  await server.deps.db
    .update(apiKeys)
    .set({ secret: newSecret, previousSecret: keys.secret, previousExpiresAt: new Date(Date.now() + 3_600_000) })
    .where(eq(apiKeys.accountId, accountId));
  invalidatePushConfig(server.deps, accountId);
  await server.deps.invalidation.publish('account', accountId);
  const r = await finalPush(new OpenClient(server, keys.appKey, newSecret), 'rotated');
  rotated = { ...r, previous: String(r.headers[WEBHOOK_HEADERS.signaturePrevious] ?? '') };
}, 180_000);

/** Prints, waits for the push of its final status and returns it as the receiver got it. */
async function finalPush(open: OpenClient, prefix: string) {
  const res = await open.print({
    sn: printerSn,
    content: 'webhook sample',
    orderId: `${prefix}-${randomBytes(4).toString('hex')}`,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(20000);
  const final = await eventually(
    async () =>
      pushes.find((x) => {
        const b = JSON.parse(x.body) as { jobId: number; status: number };
        return b.jobId === res.body.data.jobId && b.status === 3;
      }),
    'the push of the final status',
  );
  return {
    headers: final.headers,
    timestamp: String(final.headers[WEBHOOK_HEADERS.timestamp]),
    signature: String(final.headers[WEBHOOK_HEADERS.signature]),
    body: final.body,
  };
}

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await draining?.close();
  await server?.close();
  await new Promise((r) => receiver?.close(r));
  removeBuilds();
});

const jobsOf = (prefix: string) =>
  server.deps.db
    .select()
    .from(jobs)
    .where(like(jobs.orderId, `${prefix}%`));

const urlOf = (s: Server) => `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
const output = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

describe('the documented push signature', () => {
  it('is what Herald computes, and the examples carry the same sample', () => {
    expect(webhookSignature(DOC_WEBHOOK.secret, DOC_WEBHOOK.timestamp, DOC_WEBHOOK.body)).toBe(DOC_WEBHOOK.signature);
    const doc = readFileSync(path.join(REPO, 'docs/open-api.md'), 'utf8');
    for (const v of [DOC_WEBHOOK.timestamp, DOC_WEBHOOK.body, DOC_WEBHOOK.signature]) expect(doc).toContain(v);
    for (const ex of EXAMPLES) {
      const source = readFileSync(path.join(REPO, ex.source), 'utf8');
      expect(source, ex.source).toContain(DOC_WEBHOOK.signature);
    }
  });
});

describe('a push sent during a key rotation', () => {
  it("carries the old secret's signature beside the new one, which the old secret does not match", () => {
    expect(rotated.previous).toBe(webhookSignature(keys.secret, rotated.timestamp, rotated.body));
    expect(rotated.signature).not.toBe(rotated.previous);
  });

  it('is verified by the TypeScript client (packages/sdk) holding the old secret, and a tampered body is not', () => {
    const headers = {
      [WEBHOOK_HEADERS.timestamp]: rotated.timestamp,
      [WEBHOOK_HEADERS.signature]: rotated.signature,
      [WEBHOOK_HEADERS.signaturePrevious]: rotated.previous,
    };
    expect(verifyWebhook(headers, rotated.body, keys.secret)).toBe(true);
    expect(verifyWebhook(new Headers(headers), Buffer.from(rotated.body), keys.secret)).toBe(true);
    expect(verifyWebhook(headers, `${rotated.body} `, keys.secret)).toBe(false);
    expect(verifyWebhook(headers, rotated.body, 'another-secret')).toBe(false);
    // one push before the rotation, with the one signature
    const before = { [WEBHOOK_HEADERS.timestamp]: push.timestamp, [WEBHOOK_HEADERS.signature]: push.signature };
    expect(verifyWebhook(before, push.body, keys.secret)).toBe(true);
    // a replay: older than the tolerance
    expect(verifyWebhook(headers, rotated.body, keys.secret, { now: Number(rotated.timestamp) + 301_000 })).toBe(false);
  });
});

describe.each(EXAMPLES)('the $name client (sdks/)', (ex) => {
  const env = (prefix: string, signature: string) => ({
    HERALD_URL: url,
    HERALD_APP_KEY: keys.appKey,
    HERALD_APP_SECRET: keys.secret,
    HERALD_SN: printerSn,
    HERALD_SPEAKER_SN: speakerSn,
    HERALD_ORDER_PREFIX: prefix,
    HERALD_WAIT_SECONDS: '20',
    HERALD_WEBHOOK_TIMESTAMP: push.timestamp,
    HERALD_WEBHOOK_BODY: push.body,
    HERALD_WEBHOOK_SIGNATURE: signature,
  });

  it('refuses a push with a wrong signature before it sends anything', { timeout: 180_000 }, async () => {
    const prefix = `${ex.name}-bad-${randomBytes(3).toString('hex')}-`;
    const last = push.signature.at(-1) === '0' ? '1' : '0';
    const r = await runExample(ex, env(prefix, push.signature.slice(0, -1) + last));
    expect(r.code, output(r)).toBe(1);
    expect(r.stderr, output(r)).toMatch(/webhook \(HERALD_WEBHOOK_\*\)/);
    expect(await jobsOf(prefix)).toEqual([]);
  });

  it(
    "reports Herald's refusal of a wrong secret with its code, message and HTTP status",
    { timeout: 180_000 },
    async () => {
      const prefix = `${ex.name}-key-${randomBytes(3).toString('hex')}-`;
      // no push to verify: the wrong secret reaches the print call
      const r = await runExample(ex, {
        ...env(prefix, ''),
        HERALD_APP_SECRET: 'not-the-secret',
        HERALD_WEBHOOK_TIMESTAMP: '',
        HERALD_WEBHOOK_BODY: '',
      });
      expect(r.code, output(r)).toBe(1);
      expect(r.stderr, output(r)).toMatch(/Herald answered 40020: Signature verification failed \(HTTP 401\)/);
      expect(await jobsOf(prefix)).toEqual([]);
    },
  );

  it('signs, prints, speaks, follows its jobs to status 3 and verifies a real push', { timeout: 180_000 }, async () => {
    const prefix = `${ex.name}-${randomBytes(3).toString('hex')}-`;
    const r = await runExample(ex, env(prefix, push.signature));
    expect(r.code, output(r)).toBe(0);

    const rows = await jobsOf(prefix);
    expect(rows.map((j) => [j.kind, j.status]).sort(), output(r)).toEqual([
      ['print', 3],
      ['speak', 3],
      ['trade', 3],
    ]);
    for (const j of rows) {
      const device = j.kind === 'print' ? printer : speaker;
      expect(device.results, j.kind).toContainEqual(expect.objectContaining({ id: j.msgId, status: 'success' }));
    }
    const printed = rows.find((j) => j.kind === 'print')!;
    expect(printer.printed.some((text) => text.includes(printed.orderId!))).toBe(true);
    expect(speaker.said).toContainEqual({ text: 'Payment received, 25.30 yuan' });
  });

  it(
    'verifies a push sent during a key rotation with the old secret it still holds (x-herald-signature-previous)',
    { timeout: 180_000 },
    async () => {
      const prefix = `${ex.name}-prev-${randomBytes(3).toString('hex')}-`;
      const r = await runExample(ex, {
        ...env(prefix, rotated.signature),
        HERALD_WEBHOOK_TIMESTAMP: rotated.timestamp,
        HERALD_WEBHOOK_BODY: rotated.body,
        HERALD_WEBHOOK_SIGNATURE_PREVIOUS: rotated.previous,
      });
      expect(r.code, output(r)).toBe(0);
      expect(r.stdout, output(r)).toMatch(/webhook \(HERALD_WEBHOOK_\*\): signature verified/);
    },
  );

  it(
    'repeats a call a draining node refused (50003) after its Retry-After, on the next node',
    { timeout: 180_000 },
    async () => {
      const prefix = `${ex.name}-drain-${randomBytes(3).toString('hex')}-`;
      const lb = await startBalancer(urlOf(draining), url);
      try {
        const started = Date.now();
        const r = await runExample(ex, { ...env(prefix, push.signature), HERALD_URL: lb.url });
        expect(r.code, output(r)).toBe(0);
        // the first call (the print) was refused by the draining node, and repeated after Retry-After: 2
        expect(lb.seen.slice(0, 2), output(r)).toEqual([
          { path: '/open/v1/print', status: 503 },
          { path: '/open/v1/print', status: 200 },
        ]);
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
        const rows = await jobsOf(prefix);
        expect(rows.map((j) => [j.kind, j.status]).sort(), output(r)).toEqual([
          ['print', 3],
          ['speak', 3],
          ['trade', 3],
        ]);
      } finally {
        await lb.close();
      }
    },
  );
});
