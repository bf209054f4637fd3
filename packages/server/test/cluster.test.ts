import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, DEFAULT_PRINT_PARAMS } from '@herald/contract';
import type { Server } from '../src/app';
import { devices, jobs } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { OpenClient, seedApiKey } from './open-api-fixture';
import { adminClient, expectOk, startPeer, startServer, type Client, type TestServer } from './harness';

/**
 * Two server processes on one database (the production path): what one of them decides or
 * changes holds on the other. (On the embedded database the two share its handle, as two
 * servers in one process would; on PostgreSQL each has its own pool.)
 */
let a: TestServer;
let b: Server;
let accountId: number;
let viaA: OpenClient;
let viaB: OpenClient;
let printerModel: number;
let op: Client;

beforeAll(async () => {
  a = await startServer();
  b = await startPeer(a);
  accountId = (await seedAccount(a)).accountId;
  const key = await seedApiKey(a, accountId);
  viaA = new OpenClient(a, key.appKey, key.secret);
  viaB = new OpenClient(b, key.appKey, key.secret);
  printerModel = (await seedModel(a, { type: 'printer' })).id;
  op = await adminClient(a);
});

/** How long until `call` answers `code` (fails past `withinMs`). */
async function refusedWithin(call: () => Promise<{ body: Record<string, unknown> }>, code: number, withinMs: number) {
  const start = Date.now();
  for (;;) {
    const res = await call();
    if (res.body.code === code) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`still ${JSON.stringify(res.body)} after ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("a device's print rate limit", () => {
  it('holds each device to its limit when its calls arrive together at both servers', async () => {
    const limited = await Promise.all(Array.from({ length: 4 }, () => seedDevice(a, accountId, printerModel)));
    for (const d of limited)
      await a.deps.db
        .update(devices)
        .set({ printParams: { ...DEFAULT_PRINT_PARAMS, rateLimitSeconds: 600, rateLimitCount: 3 } })
        .where(eq(devices.id, d.id));
    const answers = await Promise.all(
      limited.flatMap((d) =>
        Array.from({ length: 10 }, (_, i) => (i % 2 ? viaA : viaB).print({ sn: d.sn, content: `two ${i}` })),
      ),
    );
    expect(answers.filter((r) => r.body.code === 20000)).toHaveLength(3 * limited.length);
    expect(answers.every((r) => r.body.code === 20000 || r.body.code === 40029)).toBe(true);
    for (const d of limited) {
      const stored = await a.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.deviceId, d.id));
      expect(stored).toHaveLength(3);
    }
  });
});

describe('caches that decide access, across servers', () => {
  it("an account disabled on one server is refused by the other's open API within a second", async () => {
    const { accountId: id } = await seedAccount(a);
    const key = await seedApiKey(a, id);
    const printer = await seedDevice(a, id, printerModel);
    const onB = new OpenClient(b, key.appKey, key.secret);
    // server b holds the account's key (and its status) in its cache
    expect((await onB.print({ sn: printer.sn, content: 'before' })).body.code).toBe(20000);
    expectOk(await op.post(`/v1/accounts/${id}/status`, { status: AccountStatus.DISABLED }));
    const tookMs = await refusedWithin(() => onB.print({ sn: printer.sn, content: 'after' }), 40014, 1_000);
    expect(tookMs).toBeLessThan(1_000);
  });

  it("several keys published at once (an account's devices) reach the other server, each of them", async () => {
    const seen: string[] = [];
    const off = b.deps.invalidation.subscribe(
      'device',
      (k) => k.startsWith('BUSKEY') && seen.push(k),
      () => {},
    );
    try {
      await a.deps.invalidation.publish('device', ['BUSKEY1', 'BUSKEY2', 'BUSKEY3']);
      const start = Date.now();
      while (seen.length < 3 && Date.now() - start < 1_000) await new Promise((r) => setTimeout(r, 20));
      expect(seen.sort()).toEqual(['BUSKEY1', 'BUSKEY2', 'BUSKEY3']);
    } finally {
      off();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a server that lost its listening connection keeps nothing until it listens again, then caches again',
    async () => {
      const { accountId: id } = await seedAccount(a);
      const key = await seedApiKey(a, id);
      const printer = await seedDevice(a, id, printerModel);
      const onB = new OpenClient(b, key.appKey, key.secret);
      expect((await onB.print({ sn: printer.sn, content: 'before' })).body.code).toBe(20000);
      const bus = b.deps.invalidation as unknown as { dropConnection: () => Promise<void>; live: boolean };
      await bus.dropConnection();
      await refusedWithin(async () => ({ body: { code: bus.live ? 1 : 0 } }), 0, 1_000);
      // a change made while it cannot hear is still seen at once: nothing was kept
      expectOk(await op.post(`/v1/accounts/${id}/status`, { status: AccountStatus.DISABLED }));
      expect((await onB.print({ sn: printer.sn, content: 'deaf' })).body.code).toBe(40014);
      await refusedWithin(async () => ({ body: { code: bus.live ? 1 : 0 } }), 1, 3_000);
      // listening again: another change reaches it
      expectOk(await op.post(`/v1/accounts/${id}/status`, { status: AccountStatus.ENABLED }));
      await refusedWithin(() => onB.print({ sn: printer.sn, content: 'again' }), 20000, 1_000);
    },
  );
});
