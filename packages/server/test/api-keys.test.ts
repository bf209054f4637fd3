import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MAX, ResultCode, WEBHOOK_HEADERS } from '@herald/contract';
import { HeraldApiError, HeraldClient } from '@herald/sdk';
import type { Server } from '../src/app';
import { apiKeys } from '../src/db/schema';
import { webhookSignature } from '../src/modules/webhooks/sign';
import { seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { expectError, expectOk, startPeer, startServer, type TestServer } from './harness';
import { OpenClient } from './open-api-fixture';

/**
 * Several named open API keys per account, rotated with an overlap, revoked on every server
 * (docs/open-api.md § 1). Keys are made through the console's API, as an account would.
 */
let a: TestServer;
let b: Server;
let printerModel: number;
let baseUrl: string;

type Account = Awaited<ReturnType<typeof seedAccount>> & { sn: string };

async function account(): Promise<Account> {
  const acct = await seedAccount(a);
  const printer = await seedDevice(a, acct.accountId, printerModel);
  return { ...acct, sn: printer.sn };
}

const keyRow = async (id: number) => (await a.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;

beforeAll(async () => {
  a = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  b = await startPeer(a);
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  printerModel = (await seedModel(a, { type: 'printer' })).id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** How long until `call` answers `code` (fails past `withinMs`). */
async function answersWithin(call: () => Promise<{ body: Record<string, unknown> }>, code: number, withinMs: number) {
  const start = Date.now();
  for (;;) {
    const res = await call();
    if (res.body.code === code) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`still ${JSON.stringify(res.body)} after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('several named keys', () => {
  it('each key signs on its own, in parallel; the first one signs pushes; at most API_KEYS_MAX, names unique', async () => {
    const acct = await account();
    const pos = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'POS' }));
    const shop = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'Web shop' }));
    expect(pos).toMatchObject({ name: 'POS', signsPushes: true, lastUsedAt: null, previousSecret: null });
    expect(shop).toMatchObject({ name: 'Web shop', signsPushes: false });
    expect(shop.appKey).not.toBe(pos.appKey);
    expect(shop.secret).not.toBe(pos.secret);

    const viaPos = new OpenClient(a, pos.appKey, pos.secret);
    const viaShop = new OpenClient(a, shop.appKey, shop.secret);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? viaPos : viaShop).print({ sn: acct.sn, content: `two ${i}` })),
    );
    expect(answers.map((r) => r.body.code)).toEqual(Array(12).fill(20000));
    // one key's secret does not sign for the other
    expectError(await new OpenClient(a, shop.appKey, pos.secret).print({ sn: acct.sn, content: 'x' }), 40020);

    const list = expectOk(await acct.client.get('/v1/account-api/keys'));
    expect(list.map((k: { name: string }) => k.name)).toEqual(['POS', 'Web shop']);
    expect(JSON.stringify(list)).not.toContain(pos.secret);
    // the spec's one-key screen shows the first key
    expect(expectOk(await acct.client.get('/v1/account-api/detail')).appKey).toBe(pos.appKey);

    expectError(
      await acct.client.post('/v1/account-api/keys', { name: 'POS' }),
      40009,
      'An API key with this name already exists',
    );
    for (let i = 2; i < API_KEYS_MAX; i++) expectOk(await acct.client.post('/v1/account-api/keys', { name: `k${i}` }));
    expectError(
      await acct.client.post('/v1/account-api/keys', { name: 'one too many' }),
      40010,
      'An account can have at most 10 API keys: revoke one first',
    );
    expect(expectOk(await acct.client.get('/v1/account-api/keys'))).toHaveLength(API_KEYS_MAX);
  });

  it("records a key's last use at most once a minute, not on every call", async () => {
    const acct = await account();
    const key = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'POS' }));
    const api = new OpenClient(a, key.appKey, key.secret);
    expectOk(await api.print({ sn: acct.sn, content: 'first' }));
    // written off the call's path, within about a second
    const first = await answersWithin(
      async () => ({ body: { code: (await keyRow(key.id)).lastUsedAt ? 1 : 0 } }),
      1,
      5_000,
    ).then(async () => (await keyRow(key.id)).lastUsedAt!);
    const listed = expectOk(await acct.client.get('/v1/account-api/keys'))[0];
    expect(listed.lastUsedAt).toBe(first.toISOString());
    for (let i = 0; i < 5; i++) expect((await api.print({ sn: acct.sn, content: `more ${i}` })).body.code).toBe(20000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await keyRow(key.id)).lastUsedAt).toEqual(first);
  });
});

describe('rotation with overlap', () => {
  it('a client printing through the SDK with the old secret is never refused while it switches; after the overlap the old secret is refused', async () => {
    const acct = await account();
    const key = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'Till' }));
    const oldClient = new HeraldClient({ baseUrl, appKey: key.appKey, secret: key.secret });
    const refused: unknown[] = [];
    let printed = 0;
    const printWith = async (client: HeraldClient) => {
      try {
        await client.print({ sn: acct.sn, content: `receipt ${printed}` });
        printed++;
      } catch (err) {
        refused.push(err);
      }
    };
    let current = oldClient;
    let stop = false;
    // the integrator's till keeps printing, with whichever client it holds at the moment
    const till = (async () => {
      while (!stop) await printWith(current);
    })();
    await new Promise((r) => setTimeout(r, 200));
    const rotated = expectOk(await acct.client.post(`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 86_400 }));
    expect(rotated.secret).not.toBe(key.secret);
    expect(rotated.previousSecret).toBe(key.secret);
    const until = Date.parse(rotated.previousExpiresAt);
    expect(until - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    await new Promise((r) => setTimeout(r, 300)); // still on the old secret, past the rotation
    const before = printed;
    current = new HeraldClient({ baseUrl, appKey: key.appKey, secret: rotated.secret });
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await till;
    expect(refused).toEqual([]);
    expect(before).toBeGreaterThan(2);
    expect(printed).toBeGreaterThan(before);

    // the console shows both until the old one stops
    const listed = expectOk(await acct.client.get('/v1/account-api/keys'))[0];
    expect(listed.previousExpiresAt).toBe(rotated.previousExpiresAt);
    const shown = expectOk(await acct.client.post(`/v1/account-api/keys/${key.id}/secret`, { password: 'Shop@12345' }));
    expect(shown).toMatchObject({ secret: rotated.secret, previousSecret: key.secret });

    // the overlap ends (its time comes: moved to now in the row, and the servers' caches, which
    // hold the end time and compare it with the clock, told): the old secret gets the spec's
    // signature error, the new one works
    await a.deps.db
      .update(apiKeys)
      .set({ previousExpiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.id, key.id));
    await a.deps.invalidation.publish('account', acct.accountId);
    await expect(oldClient.print({ sn: acct.sn, content: 'too late' })).rejects.toMatchObject({
      code: ResultCode.SIGN_INVALID,
    });
    await expect(oldClient.print({ sn: acct.sn, content: 'too late' })).rejects.toBeInstanceOf(HeraldApiError);
    expect((await current.print({ sn: acct.sn, content: 'new' })).status).toBe(0);
    const after = expectOk(await acct.client.get('/v1/account-api/keys'))[0];
    expect(after.previousExpiresAt).toBeNull();
  });

  it('stopping the old secret early, and a rotation without overlap, refuse it at once', async () => {
    const acct = await account();
    const key = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'Till' }));
    const rotated = expectOk(await acct.client.post(`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 3_600 }));
    const old = new OpenClient(a, key.appKey, key.secret);
    expect((await old.print({ sn: acct.sn, content: 'overlap' })).body.code).toBe(20000);
    expect(expectOk(await acct.client.post(`/v1/account-api/keys/${key.id}/end-overlap`)).previousExpiresAt).toBeNull();
    expectError(await old.print({ sn: acct.sn, content: 'stopped' }), 40020, 'Signature verification failed');

    const again = expectOk(await acct.client.post(`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 0 }));
    expect(again.previousSecret).toBeNull();
    expectError(await new OpenClient(a, key.appKey, rotated.secret).print({ sn: acct.sn, content: 'x' }), 40020);
    expect((await new OpenClient(a, key.appKey, again.secret).print({ sn: acct.sn, content: 'y' })).body.code).toBe(
      20000,
    );
    expectError(await acct.client.post(`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 60 }), 40010);
  });

  it('pushes carry the signature of the old secret too while the signing key overlaps', async () => {
    const acct = await account();
    const pushes: http.IncomingHttpHeaders[] = [];
    const bodies: string[] = [];
    const rx = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        pushes.push(req.headers);
        bodies.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/print`;
      expectOk(await acct.client.post('/v1/account-api/modifyAccountApi', { pushUrls: { print: url } }));
      const first = expectOk(await acct.client.get('/v1/account-api/keys'))[0];
      const oldSecret = expectOk(
        await acct.client.post(`/v1/account-api/keys/${first.id}/secret`, { password: 'Shop@12345' }),
      ).secret;
      const rotated = expectOk(
        await acct.client.post(`/v1/account-api/keys/${first.id}/rotate`, { graceSeconds: 3_600 }),
      );
      expectOk(await acct.client.post('/v1/webhooks/test', { event: 'print' }));
      await answersWithin(async () => ({ body: { code: pushes.length } }), 1, 10_000);
      const h = pushes[0]!;
      const ts = String(h[WEBHOOK_HEADERS.timestamp]);
      expect(h[WEBHOOK_HEADERS.signature]).toBe(webhookSignature(rotated.secret, ts, bodies[0]!));
      expect(h[WEBHOOK_HEADERS.signaturePrevious]).toBe(webhookSignature(oldSecret, ts, bodies[0]!));

      expectOk(await acct.client.post(`/v1/account-api/keys/${first.id}/end-overlap`));
      expectOk(await acct.client.post('/v1/webhooks/test', { event: 'print' }));
      await answersWithin(async () => ({ body: { code: pushes.length } }), 2, 10_000);
      expect(pushes[1]![WEBHOOK_HEADERS.signaturePrevious]).toBeUndefined();
    } finally {
      await new Promise<void>((r) => rx.close(() => r()));
    }
  });
});

describe('revocation', () => {
  it('a key revoked on one server is refused by the other within a second; the other keys go on', async () => {
    const acct = await account();
    const gone = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'Leaked' }));
    const kept = expectOk(await acct.client.post('/v1/account-api/keys', { name: 'Kept' }));
    const onB = new OpenClient(b, gone.appKey, gone.secret);
    // server b holds the key in its cache
    expect((await onB.print({ sn: acct.sn, content: 'before' })).body.code).toBe(20000);
    expectOk(await acct.client.delete(`/v1/account-api/keys/${gone.id}`));
    const tookMs = await answersWithin(() => onB.print({ sn: acct.sn, content: 'after' }), 40020, 1_000);
    expect(tookMs).toBeLessThan(1_000);
    expect((await new OpenClient(b, kept.appKey, kept.secret).print({ sn: acct.sn, content: 'kept' })).body.code).toBe(
      20000,
    );
    expect(expectOk(await acct.client.get('/v1/account-api/keys')).map((k: { id: number }) => k.id)).toEqual([kept.id]);
    expectError(await acct.client.post(`/v1/account-api/keys/${gone.id}/rotate`, { graceSeconds: 0 }), 40004);
  });
});

describe('the spec paths', () => {
  it("genAccountApiSecret replaces the first key's secret at once; queryApiSecret shows it", async () => {
    const acct = await account();
    const gen = expectOk(await acct.client.post('/v1/account-api/genAccountApiSecret'));
    const first = expectOk(await acct.client.get('/v1/account-api/keys'))[0];
    expect(first).toMatchObject({ appKey: gen.appKey, name: 'Default', signsPushes: true });
    const again = expectOk(await acct.client.post('/v1/account-api/genAccountApiSecret'));
    expect(again.appKey).toBe(gen.appKey);
    expectError(await new OpenClient(a, gen.appKey, gen.secret).print({ sn: acct.sn, content: 'x' }), 40020);
    expect(expectOk(await acct.client.post('/v1/account-api/queryApiSecret', { password: 'Shop@12345' })).secret).toBe(
      again.secret,
    );
  });
});

describe('tenant isolation and permissions', () => {
  it("another account's keys are not found; each route needs its permission", async () => {
    const A = await account();
    const B = await account();
    const key = expectOk(await A.client.post('/v1/account-api/keys', { name: 'Mine' }));
    expect(expectOk(await B.client.get('/v1/account-api/keys'))).toEqual([]);
    for (const [path, body] of [
      [`/v1/account-api/keys/${key.id}/name`, { name: 'theirs' }],
      [`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 0 }],
      [`/v1/account-api/keys/${key.id}/end-overlap`, {}],
      [`/v1/account-api/keys/${key.id}/secret`, { password: 'Shop@12345' }],
    ] as const) {
      expectError(await B.client.post(path, body), 40004);
    }
    expectError(await B.client.delete(`/v1/account-api/keys/${key.id}`), 40004);
    const after = await keyRow(key.id);
    expect(after).toMatchObject({ name: 'Mine', secret: key.secret });

    const reader = await seedRoleUser(a, { side: 'ac', accountId: A.accountId, permissions: ['herald.dev.api.query'] });
    expect(expectOk(await reader.client.get('/v1/account-api/keys'))).toHaveLength(1);
    for (const [path, body] of [
      ['/v1/account-api/keys', { name: 'new' }],
      [`/v1/account-api/keys/${key.id}/name`, { name: 'renamed' }],
      [`/v1/account-api/keys/${key.id}/rotate`, { graceSeconds: 0 }],
      [`/v1/account-api/keys/${key.id}/end-overlap`, {}],
      [`/v1/account-api/keys/${key.id}/secret`, { password: 'Staff@12345' }],
    ] as const) {
      expectError(await reader.client.post(path, body), ResultCode.FORBIDDEN);
    }
    expectError(await reader.client.delete(`/v1/account-api/keys/${key.id}`), ResultCode.FORBIDDEN);
    const editor = await seedRoleUser(a, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.api.query', 'herald.dev.api.edit'],
    });
    expect(expectOk(await editor.client.post(`/v1/account-api/keys/${key.id}/name`, { name: 'POS 2' })).name).toBe(
      'POS 2',
    );
    expectError(await editor.client.delete(`/v1/account-api/keys/${key.id}`), ResultCode.FORBIDDEN);
    expect((await keyRow(key.id)).secret).toBe(key.secret);
  });
});
