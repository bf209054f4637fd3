import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, PublishStatus } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { publishRecords } from '../src/db/schema';
import { startServer, expectOk } from './harness';
import { seedAccount } from './fixtures';
import type { Client } from './harness';
import { seedDevice, seedModel } from './devices-fixture';
import { OpenClient, jobReaches, onlineInDb, seedApiKey, simDevice } from './open-api-fixture';

/**
 * A job message the gateway will not take now: with one publish in flight and no backlog allowed
 * (PUBLISH_IN_FLIGHT=1, PUBLISH_BACKLOG=0), a burst of jobs to online devices has publishes
 * refused. Each refusal leaves a publish record of status 0 with its reason, and the job still
 * reaches its device later (the sweep's stranded check).
 */
let server: Awaited<ReturnType<typeof startServer>>;
let api: OpenClient;
let account: Client;
const sims: VirtualDevice[] = [];
const devices: { id: number; sn: string }[] = [];

beforeAll(async () => {
  server = await startServer({ PUBLISH_IN_FLIGHT: '1', PUBLISH_BACKLOG: '0' });
  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  const a = await seedAccount(server);
  account = a.client;
  const k = await seedApiKey(server, a.accountId);
  api = new OpenClient(server, k.appKey, k.secret);
  const modelId = (await seedModel(server, { type: 'printer' })).id;
  for (let i = 0; i < 6; i++) {
    const device = await seedDevice(server, a.accountId, modelId);
    const sim = simDevice(sims, mqttUrl, device);
    sim.start();
    await sim.waitOnline();
    await onlineInDb(server, device.id);
    devices.push(device);
  }
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('a publish the gateway does not take', () => {
  it('is recorded as not pushed (0) with its reason, and the job still reaches its device', async () => {
    const jobIds: number[] = [];
    let refused: (typeof publishRecords.$inferSelect)[] = [];
    // a burst's jobs are stored together and published in the same turn, so all but one are refused;
    // a few bursts at most, in case a machine's timing lets one burst through
    for (let burst = 0; burst < 5 && refused.length === 0; burst++) {
      const answers = await Promise.all(devices.map((d) => api.print({ sn: d.sn, content: `burst ${burst}` })));
      const ids = answers.map((r) => {
        expect(r.body.code, JSON.stringify(r.body)).toBe(20000);
        return (r.body.data as { jobId: number }).jobId;
      });
      jobIds.push(...ids);
      for (const id of ids) await jobReaches(server, id, JobStatus.SUCCESS);
      const rows = await server.deps.db.select().from(publishRecords).where(inArray(publishRecords.jobId, ids));
      refused = rows.filter((r) => r.status === PublishStatus.NOT_PUSHED);
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.reason === 'queueFull' && r.ackedAt === null)).toBe(true);
    // the sweep tries again every second; a job's refusals are recorded once a minute at most
    expect(new Set(refused.map((r) => r.jobId)).size).toBe(refused.length);

    // every job went out in the end: its last publish was acked
    const rows = await server.deps.db.select().from(publishRecords).where(inArray(publishRecords.jobId, jobIds));
    for (const id of jobIds) {
      expect(rows.some((r) => r.jobId === id && r.status === PublishStatus.PUSH_SUCCEEDED)).toBe(true);
    }
    for (const r of refused) {
      const mine = rows.filter((x) => x.jobId === r.jobId);
      expect(mine.some((x) => x.status === PublishStatus.PUSH_SUCCEEDED && x.publishedAt > r.publishedAt)).toBe(true);
    }

    // the console's publish records: status 0 filters them, the reason comes with them
    const list = expectOk(await account.get('/v1/records/publish?status=0&pageSize=100'));
    expect(list.total).toBe(refused.length);
    expect(list.list.every((r: { status: number; reason: string }) => r.status === 0 && r.reason === 'queueFull')).toBe(
      true,
    );
    const detail = expectOk(await account.get(`/v1/records/publish/${refused[0]!.id}`));
    expect(detail).toMatchObject({ status: 0, reason: 'queueFull', jobId: refused[0]!.jobId });
  });

  it('does not let a later job pass a refused one: each device prints its jobs in the order they were asked', async () => {
    const tag = `order${Date.now().toString(36)}`;
    const ids: number[] = [];
    // #1 to every device at once: all but one compete for the publish in flight and are refused;
    // then #2 and #3 one call at a time, each of which could go out at once, before its device's #1
    const answers = await Promise.all(devices.map((d, i) => api.print({ sn: d.sn, content: `${tag} d${i} #1` })));
    for (let k = 2; k <= 3; k++)
      for (const [i, d] of devices.entries())
        answers.push(await api.print({ sn: d.sn, content: `${tag} d${i} #${k}` }));
    for (const r of answers) {
      expect(r.body.code, JSON.stringify(r.body)).toBe(20000);
      ids.push((r.body.data as { jobId: number }).jobId);
    }
    for (const id of ids) await jobReaches(server, id, JobStatus.SUCCESS);
    const refused = await server.deps.db
      .select()
      .from(publishRecords)
      .where(and(inArray(publishRecords.jobId, ids), eq(publishRecords.status, PublishStatus.NOT_PUSHED)));
    expect(refused.length).toBeGreaterThan(0);
    sims.forEach((sim, i) => {
      const printed = sim.printed.filter((p) => p.includes(tag)).map((p) => p.trim());
      expect(printed).toEqual([1, 2, 3].map((k) => `${tag} d${i} #${k}`));
    });
  });
});
