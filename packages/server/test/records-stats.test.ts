import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { seedDevice, seedModel } from './devices-fixture';
import { expectInvalid } from './people';
import { voicePack } from '../src/modules/trade-speak/voice-pack';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let spokenJobId: number;

const HOUR = 3600_000;
// yesterday 12:00 at UTC+8 (04:00 UTC): two hours later is still the same day in both UTC and UTC+8
const today = new Date();
const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 4);
const from = new Date(base - 6 * HOUR).toISOString();
const to = new Date(base + 6 * HOUR).toISOString();

/**
 * Stored history at chosen times: the stats read what the pipeline wrote, and buckets can only be
 * checked against known request times (the open API stamps "now").
 */
async function seedJob(
  accountId: number,
  deviceId: number,
  sn: string,
  kind: string,
  at: number,
  status: number,
  payload: Record<string, unknown> = {},
) {
  const [job] = await server.deps.db
    .insert(jobs)
    .values({
      msgId: randomUUID(),
      accountId,
      deviceId,
      sn,
      kind,
      source: 'api',
      status,
      payload,
      amount: kind === 'trade' ? '12.50' : null,
      currency: kind === 'trade' ? 'CNY' : null,
      requestedAt: new Date(at),
      finishedAt: status >= 3 ? new Date(at) : null,
      // not yet due: the expiry sweep would otherwise finish the pending one while the test runs
      expireAt: new Date(Date.now() + HOUR),
    })
    .returning();
  return job!;
}

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  const model = await seedModel(server, { type: 'speaker' });
  const a = await seedDevice(server, A.accountId, model.id);
  const b = await seedDevice(server, B.accountId, model.id);
  await seedJob(A.accountId, a.id, a.sn, 'trade', base + 10 * 60_000, 3);
  await seedJob(A.accountId, a.id, a.sn, 'trade', base + 20 * 60_000, 4);
  await seedJob(A.accountId, a.id, a.sn, 'trade', base + 30 * 60_000, 5);
  await seedJob(A.accountId, a.id, a.sn, 'trade', base + 65 * 60_000, 1);
  await seedJob(A.accountId, a.id, a.sn, 'trade', base + 70 * 60_000, 3);
  // not transaction broadcasts, or someone else's
  await seedJob(A.accountId, a.id, a.sn, 'print', base + 15 * 60_000, 3);
  await seedJob(B.accountId, b.id, b.sn, 'trade', base + 15 * 60_000, 3);
  const clips = voicePack('en_US').slice(0, 2);
  spokenJobId = (
    await seedJob(B.accountId, b.id, b.sn, 'trade', base - 7 * HOUR, 3, {
      type: 'speak',
      language: 'en_US',
      clips: clips.map((c) => c.clip),
    })
  ).id;
});
afterAll(async () => server?.close());

const stats = (c: Client, q: string) => c.get(`/v1/records/trade/stats?from=${from}&to=${to}${q}`);

describe('transaction broadcast stats', () => {
  it('counts an account its own broadcasts per hour: success, failed (incl. timeout), pending', async () => {
    const s = expectOk(await stats(A.client, '&bucket=hour'));
    expect(s).toEqual({
      bucket: 'hour',
      points: [
        { at: new Date(base).toISOString(), success: 1, failed: 2, pending: 0 },
        { at: new Date(base + HOUR).toISOString(), success: 1, failed: 0, pending: 1 },
      ],
    });
  });

  it("cuts days at the viewer's midnight", async () => {
    const utc = expectOk(await stats(A.client, '&bucket=day'));
    const day = base - 4 * HOUR;
    expect(utc.points).toEqual([{ at: new Date(day).toISOString(), success: 2, failed: 2, pending: 1 }]);
    const east8 = expectOk(await stats(A.client, '&bucket=day&utcOffset=480'));
    expect(east8.points).toEqual([{ at: new Date(day - 8 * HOUR).toISOString(), success: 2, failed: 2, pending: 1 }]);
  });

  it('lets operators see every account or one; account users only their own', async () => {
    const all = expectOk(await stats(op, '&bucket=day'));
    expect(all.points[0]).toMatchObject({ success: 3, failed: 2, pending: 1 });
    const onlyB = expectOk(await stats(op, `&bucket=day&accountId=${B.accountId}`));
    expect(onlyB.points).toEqual([expect.objectContaining({ success: 1, failed: 0, pending: 0 })]);
    expectError(await stats(A.client, `&accountId=${B.accountId}`), 40003);
  });

  it('shows on the detail the clips the device was sent and what they say', async () => {
    const clips = voicePack('en_US').slice(0, 2);
    const d = expectOk(await B.client.get(`/v1/records/trade/${spokenJobId}`));
    expect(d.clips).toEqual(clips.map((c) => c.clip));
    for (const c of clips) expect(d.spoken).toContain(c.text);
    expectError(await A.client.get(`/v1/records/trade/${spokenJobId}`), 40004);
  });

  it('refuses an unknown bucket and a reversed range, in both languages', async () => {
    await expectInvalid((c) => stats(c, '&bucket=week'), A.client, 'Incorrect format', '格式不正确', 'bucket');
    await expectInvalid(
      (c) => c.get(`/v1/records/trade/stats?from=${to}&to=${from}`),
      A.client,
      'The starting value cannot be greater than the ending value',
      '起始值不能大于结束值',
      'to',
    );
  });
});
