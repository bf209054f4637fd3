import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from '@herald/contract';
import { jobs, publishRecords } from '../src/db/schema';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { seedAccount, seedRoleUser } from './fixtures';
import { createDevice, createModel } from './fleet';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { insertApiRequest, insertJob, insertPublish } from './job-rows';
import { expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
type Job = Awaited<ReturnType<typeof insertJob>>;
const seeded: Record<string, Job> = {};
let devA: { id: number; sn: string };
let devB: { id: number; sn: string };

const DAY = 24 * 3600 * 1000;
const at = (msAgo: number) => new Date(Date.now() - msAgo);
const ids = (page: Record<string, unknown>) => (page.list as { id: number }[]).map((x) => x.id);

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server, { name: `Records A ${Date.now()}` });
  B = await seedAccount(server);
  const model = await createModel(op);
  devA = (await createDevice(A.client, model.id)) as typeof devA;
  devB = (await createDevice(B.client, model.id)) as typeof devB;
  const a = { accountId: A.accountId, deviceId: devA.id, sn: devA.sn };
  const b = { accountId: B.accountId, deviceId: devB.id, sn: devB.sn };
  const template = expectOk(
    await A.client.post('/v1/templates', { name: 'Rec tpl', modelId: model.id, body: 'Hi', params: [] }),
  );
  // a printed receipt: requested 10 min ago, pushed, acked after 40 ms, printed
  const t0 = at(600_000);
  seeded.printed = await insertJob(server, a, {
    orderId: 'SYS-1001',
    templateId: template.id,
    status: 3,
    requestedAt: t0,
    pushedAt: new Date(t0.getTime() + 5),
    pushCount: 1,
    ackedAt: new Date(t0.getTime() + 40),
    ackLatencyMs: 40,
    finishedAt: new Date(t0.getTime() + 900),
    request: { templateId: template.id, params: { x: 1 } },
  });
  await insertPublish(server, seeded.printed);
  seeded.paperOut = await insertJob(server, a, {
    orderId: 'SYS-1002',
    status: 4,
    reason: 'outOfPaper',
    requestedAt: at(300_000),
    pushedAt: at(299_990),
    ackedAt: at(299_900),
    ackLatencyMs: 100,
    finishedAt: at(299_000),
  });
  seeded.pending = await insertJob(server, a, { orderId: 'SYS-1003', status: 0, requestedAt: at(60_000) });
  seeded.speakText = await insertJob(server, a, { kind: 'speak', payload: { text: 'Hello there' }, status: 3 });
  seeded.speakClips = await insertJob(server, a, {
    kind: 'speak',
    payload: { clips: ['received', 'yuan'] },
    status: 2,
  });
  seeded.trade = await insertJob(server, a, {
    kind: 'trade',
    orderId: 'REF-77',
    amount: '12.5',
    currency: 'CNY',
    paymentType: 'alipay',
    language: 'zh_CN',
    payload: { clips: ['received'] },
    status: 3,
  });
  seeded.old = await insertJob(server, a, { orderId: 'OLD-1', requestedAt: at((RETENTION_DAYS + 1) * DAY) });
  seeded.otherAccount = await insertJob(server, b, { orderId: 'SYS-1001', status: 3 });
  await insertApiRequest(server, {
    accountId: A.accountId,
    orderId: 'SYS-1001',
    sn: devA.sn,
    jobId: seeded.printed.id,
    durationMs: 8,
  });
  await insertApiRequest(server, {
    accountId: A.accountId,
    path: '/open/v1/speak',
    result: 0,
    code: 40010,
    message: 'Incorrect Device S/N',
    durationMs: 3,
  });
  await insertApiRequest(server, { accountId: B.accountId, orderId: 'B-1' });
});
afterAll(async () => server?.close());

describe('print records', () => {
  it('lists the account’s print jobs, newest first, with the spec’s columns', async () => {
    const page = expectOk(await A.client.get('/v1/records/print'));
    expect(ids(page)).toEqual([seeded.pending!.id, seeded.paperOut!.id, seeded.printed!.id]);
    const printed = page.list.find((r: { id: number }) => r.id === seeded.printed!.id);
    expect(printed).toMatchObject({
      sn: devA.sn,
      msgId: seeded.printed!.msgId,
      orderId: 'SYS-1001',
      templateName: 'Rec tpl',
      status: 3,
      printedAt: seeded.printed!.finishedAt!.toISOString(),
      accountName: null,
      ackLatencyMs: 40,
    });
    const failed = page.list.find((r: { id: number }) => r.id === seeded.paperOut!.id);
    expect(failed).toMatchObject({ status: 4, reason: 'outOfPaper', printedAt: null });
  });

  it('filters by S/N, message id, system id, template, status and time; sorts by latency; pages', async () => {
    const q = async (s: string) => ids(expectOk(await A.client.get(`/v1/records/print?${s}`)));
    expect(await q('orderId=1002')).toEqual([seeded.paperOut!.id]);
    expect(await q(`msgId=${seeded.printed!.msgId}`)).toEqual([seeded.printed!.id]);
    expect(await q(`msgId=${seeded.printed!.msgId.slice(0, 8)}`)).toEqual([seeded.printed!.id]);
    expect(await q(`templateId=${seeded.printed!.templateId}`)).toEqual([seeded.printed!.id]);
    expect(await q('status=4')).toEqual([seeded.paperOut!.id]);
    expect(await q(`sn=${devA.sn}&status=0`)).toEqual([seeded.pending!.id]);
    expect(await q('sn=nothing-like-this')).toEqual([]);
    expect(await q(`from=${encodeURIComponent(at(400_000).toISOString())}`)).toEqual([
      seeded.pending!.id,
      seeded.paperOut!.id,
    ]);
    expect(await q(`to=${encodeURIComponent(at(400_000).toISOString())}`)).toEqual([seeded.printed!.id]);
    expect(await q('sortField=latency&sortOrder=descend')).toEqual([
      seeded.paperOut!.id,
      seeded.printed!.id,
      seeded.pending!.id,
    ]);
    expect(await q('sortField=latency&sortOrder=ascend')).toEqual([
      seeded.printed!.id,
      seeded.paperOut!.id,
      seeded.pending!.id,
    ]);
    const p2 = expectOk(await A.client.get('/v1/records/print?page=2&pageSize=2'));
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(p2)).toEqual([seeded.printed!.id]);
  });

  it('shows the detail with its timeline and publish records', async () => {
    const d = expectOk(await A.client.get(`/v1/records/print/${seeded.printed!.id}`));
    expect(d.timeline.map((s: { step: string }) => s.step)).toEqual(['requested', 'pushed', 'acked', 'finished']);
    expect(d.timeline[2]).toMatchObject({ latencyMs: 40, at: seeded.printed!.ackedAt!.toISOString() });
    expect(d.timeline[3]).toMatchObject({ status: 3, latencyMs: 900 });
    expect(d.publishRecords).toHaveLength(1);
    expect(d.publishRecords[0]).toMatchObject({ jobId: seeded.printed!.id, qos: 1, status: 2 });
    expect(d.request).toMatchObject({ params: { x: 1 } });
    const pending = expectOk(await A.client.get(`/v1/records/print/${seeded.pending!.id}`));
    expect(pending.timeline.slice(1).map((s: { at: string | null }) => s.at)).toEqual([null, null, null]);
    // a speak job is not a print record
    expectError(await A.client.get(`/v1/records/print/${seeded.speakText!.id}`), 40004);
  });
});

describe('broadcast, transaction broadcast, delivery, general and publish records', () => {
  it('broadcast records show the text or the clip list', async () => {
    const page = expectOk(await A.client.get('/v1/records/broadcast'));
    expect(ids(page).sort()).toEqual([seeded.speakText!.id, seeded.speakClips!.id].sort());
    const byId = Object.fromEntries(page.list.map((r: { id: number }) => [r.id, r]));
    expect(byId[seeded.speakText!.id]).toMatchObject({ content: 'Hello there', text: 'Hello there', clips: null });
    expect(byId[seeded.speakClips!.id]).toMatchObject({ content: 'received, yuan', clips: ['received', 'yuan'] });
    expect(expectOk(await A.client.get(`/v1/records/broadcast/${seeded.speakClips!.id}`)).timeline).toHaveLength(4);
    expect(ids(expectOk(await A.client.get('/v1/records/broadcast?status=2')))).toEqual([seeded.speakClips!.id]);
  });

  it('transaction broadcast records show reference, amount, currency, payment type and language', async () => {
    const page = expectOk(await A.client.get('/v1/records/trade?paymentType=alipay&orderId=REF'));
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      orderId: 'REF-77',
      amount: '12.5',
      currency: 'CNY',
      paymentType: 'alipay',
      language: 'zh_CN',
      status: 3,
    });
    expect(expectOk(await A.client.get('/v1/records/trade?paymentType=wechat')).total).toBe(0);
    expect(expectOk(await A.client.get(`/v1/records/trade/${seeded.trade!.id}`)).amount).toBe('12.5');
  });

  it('delivery records cover every kind with delivery timing', async () => {
    const all = expectOk(await A.client.get('/v1/records/delivery'));
    expect(all.total).toBe(6);
    expect(ids(expectOk(await A.client.get('/v1/records/delivery?kind=trade')))).toEqual([seeded.trade!.id]);
    const d = expectOk(await A.client.get(`/v1/records/delivery/${seeded.printed!.id}`));
    expect(d).toMatchObject({ kind: 'print', pushCount: 1, ackLatencyMs: 40 });
    expect(expectOk(await A.client.get(`/v1/records/delivery/${seeded.trade!.id}`)).kind).toBe('trade');
  });

  it('general request records filter by result, path and order id; the detail names the job', async () => {
    const all = expectOk(await A.client.get('/v1/records/general'));
    expect(all.total).toBe(2);
    const failed = expectOk(await A.client.get('/v1/records/general?result=0'));
    expect(failed.list).toHaveLength(1);
    expect(failed.list[0]).toMatchObject({ path: '/open/v1/speak', code: 40010, message: 'Incorrect Device S/N' });
    expect(expectOk(await A.client.get('/v1/records/general?path=speak')).total).toBe(1);
    const byOrder = expectOk(await A.client.get('/v1/records/general?orderId=SYS-1001'));
    expect(byOrder.total).toBe(1);
    const d = expectOk(await A.client.get(`/v1/records/general/${byOrder.list[0].id}`));
    expect(d.job).toMatchObject({ id: seeded.printed!.id, status: 3 });
    expect(ids(expectOk(await A.client.get('/v1/records/general?sortField=latency')))[0]).toBe(byOrder.list[0].id);
  });

  it('publish records filter by S/N and status', async () => {
    const page = expectOk(await A.client.get(`/v1/records/publish?sn=${devA.sn}&status=2`));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ jobId: seeded.printed!.id, latencyMs: 40 });
    expect(expectOk(await A.client.get('/v1/records/publish?status=0')).total).toBe(0);
    expect(expectOk(await A.client.get(`/v1/records/publish/${page.list[0].id}`)).topic).toContain(devA.sn);
  });
});

describe('record rules', () => {
  it('validates filters in both languages', async () => {
    for (const path of ['print', 'broadcast', 'trade', 'general', 'publish', 'delivery']) {
      await expectInvalid(
        (c) => c.get(`/v1/records/${path}?from=2026-03-02&to=2026-03-01`),
        A.client,
        'The starting value cannot be greater than the ending value',
        '起始值不能大于结束值',
        'to',
      );
    }
    await expectInvalid(
      (c) => c.get('/v1/records/print?status=9'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'status',
    );
    await expectInvalid(
      (c) => c.get('/v1/records/print?from=yesterday'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'from',
    );
    await expectInvalid(
      (c) => c.get('/v1/records/delivery?kind=fax'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'kind',
    );
    await expectInvalid(
      (c) => c.get('/v1/records/general?result=3'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'result',
    );
    // the far end of JavaScript's dates: an end of range no date can hold (it was a 500)
    for (const to of ['275760-09-13', '%2B275760-09-13T00:00:00.000Z', '10000-01-01'])
      await expectInvalid((c) => c.get(`/v1/records/print?to=${to}`), A.client, 'Incorrect format', '格式不正确', 'to');
    await expectInvalid(
      (c) => c.get('/v1/records/print?sortField=sn'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });

  it('shows nothing older than the retention period, and the purge removes it', async () => {
    expect(expectOk(await A.client.get('/v1/records/print?orderId=OLD-1')).total).toBe(0);
    const early = new Date(Date.now() - (RETENTION_DAYS + 5) * DAY).toISOString();
    expect(expectOk(await A.client.get(`/v1/records/print?from=${early}&orderId=OLD-1`)).total).toBe(0);
    const oldPublish = await insertPublish(server, seeded.old!, { publishedAt: seeded.old!.requestedAt });
    await purgeExpiredRecords(server.deps.db);
    expect(await server.deps.db.select().from(jobs).where(eq(jobs.id, seeded.old!.id))).toEqual([]);
    expect(await server.deps.db.select().from(publishRecords).where(eq(publishRecords.id, oldPublish.id))).toEqual([]);
    expect((await server.deps.db.select().from(jobs).where(eq(jobs.id, seeded.printed!.id))).length).toBe(1);
  });

  it('keeps accounts apart', async () => {
    expect(ids(expectOk(await B.client.get('/v1/records/print')))).toEqual([seeded.otherAccount!.id]);
    for (const [path, id] of [
      ['print', seeded.printed!.id],
      ['broadcast', seeded.speakText!.id],
      ['trade', seeded.trade!.id],
      ['delivery', seeded.printed!.id],
    ] as const) {
      expectError(await B.client.get(`/v1/records/${path}/${id}`), 40004);
    }
    const general = expectOk(await A.client.get('/v1/records/general')).list[0];
    expectError(await B.client.get(`/v1/records/general/${general.id}`), 40004);
    const publish = expectOk(await A.client.get('/v1/records/publish')).list[0];
    expectError(await B.client.get(`/v1/records/publish/${publish.id}`), 40004);
    expectError(await B.client.get(`/v1/records/print?accountId=${A.accountId}`), 40003);
    expect(expectOk(await B.client.get('/v1/records/general')).total).toBe(1);
  });

  it('operators see every account, with the account name, and may filter by account', async () => {
    const all = expectOk(await op.get('/v1/records/print?orderId=SYS-1001'));
    expect(ids(all).sort()).toEqual([seeded.printed!.id, seeded.otherAccount!.id].sort());
    const mine = all.list.find((r: { id: number }) => r.id === seeded.printed!.id);
    expect(mine.accountName).toMatch(/^Records A/);
    const onlyA = expectOk(await op.get(`/v1/records/print?orderId=SYS-1001&accountId=${A.accountId}`));
    expect(ids(onlyA)).toEqual([seeded.printed!.id]);
    expect(expectOk(await op.get(`/v1/records/print/${seeded.printed!.id}`)).accountName).toMatch(/^Records A/);
    expect(expectOk(await op.get('/v1/records/general')).total).toBeGreaterThanOrEqual(3);
    expect(expectOk(await op.get(`/v1/records/delivery?accountId=${B.accountId}`)).total).toBe(1);
  });

  it('needs a token and the permission of each list', async () => {
    expectError(await new Client(server).get('/v1/records/print'), 40002);
    const printOnly = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.stat.print.rec', 'herald.stat.print.rec.query'],
    });
    expect(expectOk(await printOnly.client.get('/v1/records/print')).total).toBe(3);
    for (const path of ['broadcast', 'trade', 'general', 'publish', 'delivery']) {
      expectError(await printOnly.client.get(`/v1/records/${path}`), 40003);
    }
    const operator = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.message.delivery.rec', 'herald.message.delivery.rec.query'],
    });
    expectOk(await operator.client.get('/v1/records/delivery'));
    expectError(await operator.client.get('/v1/records/print'), 40003);
  });
});
