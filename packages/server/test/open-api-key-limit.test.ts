import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { jobs } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { startPeer, startServer } from './harness';
import { apiRequestsOf, OpenClient, seedApiKey, type OpenRes } from './open-api-fixture';

/**
 * The open API's calls per app key (OPEN_API_LIMIT_PER_KEY, 5 per minute here), counted in the
 * database: the limit holds over two servers, and only signed calls use it up.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let peer: Server;
const LIMIT = 5;
let model: number;

beforeAll(async () => {
  server = await startServer({ OPEN_API_LIMIT_PER_KEY: `${LIMIT}/60` });
  peer = await startPeer(server, { OPEN_API_LIMIT_PER_KEY: `${LIMIT}/60` });
  model = (await seedModel(server, { type: 'printer' })).id;
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

/** An account with its key, a printer, and a client on each server. */
async function integrator() {
  const { accountId } = await seedAccount(server);
  const key = await seedApiKey(server, accountId);
  const device = await seedDevice(server, accountId, model);
  return {
    accountId,
    key,
    device,
    on: [new OpenClient(server, key.appKey, key.secret), new OpenClient(peer, key.appKey, key.secret)] as const,
  };
}

const codes = (rs: OpenRes[]) => rs.map((r) => r.body.code as number).sort();

describe('calls per app key', () => {
  it('past the limit: 40029 with Retry-After, recorded, and no job stored; another key goes on', async () => {
    const a = await integrator();
    const b = await integrator();
    for (let i = 0; i < LIMIT; i++) expect((await a.on[i % 2]!.device({ sn: a.device.sn })).body.code).toBe(20000);
    const refused = await a.on[0].print({ sn: a.device.sn, content: 'over the limit', orderId: 'over-1' });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      429,
      40029,
      'Too many requests for this app key, please try again later',
    ]);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const zh = await new OpenClient(peer, a.key.appKey, a.key.secret, 'zh_CN').device({ sn: a.device.sn });
    expect([zh.body.code, zh.body.message]).toEqual([40029, '该应用密钥请求过于频繁，请稍后再试']);
    const stored = await server.deps.db.select().from(jobs).where(eq(jobs.accountId, a.accountId));
    expect(stored).toHaveLength(0);
    const records = await eventually(async () => {
      const rows = await apiRequestsOf(server, a.key.appKey);
      return rows.length >= LIMIT + 2 && rows;
    }, 'request records');
    expect(records.filter((r) => r.code === 40029)).toHaveLength(2);
    expect((await b.on[1].device({ sn: b.device.sn })).body.code).toBe(20000);
  });

  it('calls arriving together at two servers: exactly the limit goes through', async () => {
    const a = await integrator();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => a.on[i % 2]!.print({ sn: a.device.sn, content: `burst ${i}` })),
    );
    expect(codes(answers)).toEqual([...Array(LIMIT).fill(20000), ...Array(16 - LIMIT).fill(40029)]);
    const stored = await server.deps.db.select().from(jobs).where(eq(jobs.accountId, a.accountId));
    expect(stored).toHaveLength(LIMIT);
  });

  it("calls that are not signed by the key's secret do not use up its allowance", async () => {
    const a = await integrator();
    const forger = new OpenClient(server, a.key.appKey, 'not-the-secret');
    for (let i = 0; i < LIMIT * 2; i++) expect((await forger.device({ sn: a.device.sn })).body.code).toBe(40020);
    for (let i = 0; i < LIMIT; i++) expect((await a.on[i % 2]!.device({ sn: a.device.sn })).body.code).toBe(20000);
    expect((await a.on[0].device({ sn: a.device.sn })).body.code).toBe(40029);
  });
});
