import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_PARAMS } from '@herald/contract';
import type { Server } from '../src/app';
import { devices, jobs } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { seedDevice, seedModel } from './devices-fixture';
import { OpenClient, seedApiKey } from './open-api-fixture';
import { startPeer, startServer, type TestServer } from './harness';

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

beforeAll(async () => {
  a = await startServer();
  b = await startPeer(a);
  accountId = (await seedAccount(a)).accountId;
  const key = await seedApiKey(a, accountId);
  viaA = new OpenClient(a, key.appKey, key.secret);
  viaB = new OpenClient(b, key.appKey, key.secret);
  printerModel = (await seedModel(a, { type: 'printer' })).id;
});
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
