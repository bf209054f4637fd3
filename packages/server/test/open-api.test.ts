import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, BusinessType, DEFAULT_PRINT_PARAMS, DeviceStatus, JobStatus } from '@herald/contract';
import { receiptLines, type VirtualDevice } from '@herald/device-sim';
import { accounts, apiRequests, devices, jobs, publishRecords, templates } from '../src/db/schema';
import { openApiSignature } from '../src/modules/open-api/sign';
import { composeTradeBroadcast } from '../src/modules/trade-speak/compose';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import {
  OpenClient,
  QR_WALL,
  apiRequestsOf,
  freshNonce,
  jobReaches,
  jobRow,
  onlineInDb,
  seedApiKey,
  seedBusiness,
  seedTemplate,
  seedTradeSettings,
  simDevice,
} from './open-api-fixture';
import { uniq } from './people';

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let mqttUrl: string;
const sims: VirtualDevice[] = [];
let a: OpenClient;
let b: OpenClient;
let accountA: number;
let accountB: number;
let printerModel: number;
let speakerModel: number;
let printerA: { id: number; sn: string };
let speakerA: { id: number; sn: string };
let printerB: { id: number; sn: string };
let printerSim: VirtualDevice;
let speakerSim: VirtualDevice;

const RECEIPT = '^^^Shop {{shop}}\nOrder {{order}}\n{width:*,8}\nLatte | {{price}}\n---\nThanks';

beforeAll(async () => {
  server = await startServer();
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
  accountA = (await seedAccount(server)).accountId;
  accountB = (await seedAccount(server)).accountId;
  const ka = await seedApiKey(server, accountA);
  const kb = await seedApiKey(server, accountB);
  a = new OpenClient(server, ka.appKey, ka.secret);
  b = new OpenClient(server, kb.appKey, kb.secret);
  printerModel = (await seedModel(server, { type: 'printer' })).id;
  speakerModel = (await seedModel(server, { type: 'speaker' })).id;
  printerA = await seedDevice(server, accountA, printerModel);
  speakerA = await seedDevice(server, accountA, speakerModel);
  printerB = await seedDevice(server, accountB, printerModel);
  printerSim = simDevice(sims, mqttUrl, printerA as never);
  speakerSim = simDevice(sims, mqttUrl, speakerA as never, { kind: 'speaker' });
  printerSim.start();
  speakerSim.start();
  await Promise.all([printerSim.waitOnline(), speakerSim.waitOnline()]);
  await onlineInDb(server, printerA.id);
  await onlineInDb(server, speakerA.id);
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

const expectCode = (res: { status: number; body: Record<string, unknown> }, code: number, message?: string) => {
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  if (message) expect(res.body.message).toBe(message);
};

describe('print', () => {
  it('renders a template for the device, stores the job, and the printer prints the receipt', async () => {
    const t = await seedTemplate(server, accountA, RECEIPT);
    const orderId = `o-${uniq()}`;
    const res = await a.print({
      sn: printerA.sn,
      templateId: t.id,
      orderId,
      params: { shop: '小店', order: 'A-7', price: 12.5 },
    });
    expectCode(res, 20000);
    expect(res.body.data).toMatchObject({ orderId, status: expect.any(Number), msgId: expect.any(String) });
    const jobId = res.body.data.jobId as number;
    const done = await jobReaches(server, jobId, JobStatus.SUCCESS);
    expect(done.ackLatencyMs).toEqual(expect.any(Number));
    expect(done.pushCount).toBe(1);
    const printed = await eventually(async () => printerSim.printed.find((p) => p.includes('Order A-7')));
    const lines = receiptLines(printed);
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['Shop 小店', 'Order A-7', 'Thanks']));
    expect(lines.some((l) => /^Latte +12\.5$/.test(l.trim()))).toBe(true);

    // the record call, the publish record and the general request record tell the same story
    const rec = await a.record({ orderId });
    expectCode(rec, 20000);
    expect(rec.body.data).toMatchObject({ jobId, orderId, sn: printerA.sn, kind: 'print', status: 3, reason: null });
    expect(rec.body.data.latencyMs).toEqual(expect.any(Number));
    expectCode(await a.record({ jobId }), 20000);
    const pubs = await eventually(async () => {
      const rows = await server.deps.db.select().from(publishRecords).where(eq(publishRecords.jobId, jobId));
      return rows.length === 1 && rows[0]!.status === 2 ? rows : undefined;
    });
    expect(pubs[0]!.latencyMs).toEqual(expect.any(Number));
    expect(pubs[0]!.topic).toBe(`herald/${printerA.sn}/down/job`);
    const general = await eventually(async () => {
      const rows = (await apiRequestsOf(server, a.appKey)).filter(
        (r) => r.jobId === jobId && r.path === '/open/v1/print',
      );
      return rows.length === 1 && rows[0]!.result === 1 ? rows : undefined;
    });
    expect(general[0]).toMatchObject({ accountId: accountA, orderId, sn: printerA.sn, code: 20000 });
  });

  it('prints raw receipt markup, as many copies as asked', async () => {
    const mark = `Raw ${uniq()}`;
    const res = await a.print({ sn: printerA.sn, content: `${mark}\n=`, copies: 2 });
    expectCode(res, 20000);
    await jobReaches(server, res.body.data.jobId, JobStatus.SUCCESS);
    expect(printerSim.printed.filter((p) => p.includes(mark))).toHaveLength(2);
  });

  it('prints through a print business', async () => {
    const t = await seedTemplate(server, accountA, 'Business {{n}}');
    const biz = await seedBusiness(server, accountA, { type: BusinessType.PRINT, templateId: t.id });
    const n = uniq();
    const res = await a.print({ sn: printerA.sn, businessId: biz.id, params: { n } });
    expectCode(res, 20000);
    expect((await jobRow(server, res.body.data.jobId)).businessId).toBe(biz.id);
    await eventually(async () => printerSim.printed.find((p) => p.includes(`Business ${n}`)));
  });

  it('answers a retried order id with the same job, and refuses it for a different request', async () => {
    const orderId = `o-${uniq()}`;
    const body = { sn: printerA.sn, content: 'Once only', orderId };
    const first = await a.print(body);
    expectCode(first, 20000);
    const again = await a.print(body);
    expectCode(again, 20000);
    expect(again.body.data.jobId).toBe(first.body.data.jobId);
    const other = await a.print({ ...body, content: 'Something else' });
    expectCode(other, 40009, 'Requested order ID already exists');
    expect(other.status).toBe(409);
    // another account may use the same order id
    const t = await b.print({ sn: printerB.sn, content: 'B', orderId });
    expectCode(t, 20000);
  });

  it('answers a resend with the same job whatever order its fields come in, also for trade', async () => {
    const print = {
      sn: printerA.sn,
      content: 'Hello {{zeta}} {{a}}',
      params: { zeta: 1, a: 'x' },
      orderId: `p-${uniq()}`,
    };
    const first = await a.print(print);
    expectCode(first, 20000);
    // the stored request comes back from jsonb with its keys in another order
    const again = await a.print({
      orderId: print.orderId,
      params: { a: 'x', zeta: 1 },
      content: print.content,
      sn: print.sn,
    });
    expectCode(again, 20000);
    expect(again.body.data.jobId).toBe(first.body.data.jobId);
    const trade = { sn: speakerA.sn, amount: '12.50', currency: 'CNY', paymentType: 'wechat', orderId: `t-${uniq()}` };
    const t1 = await a.trade(trade);
    expectCode(t1, 20000);
    const t2 = await a.trade(trade);
    expectCode(t2, 20000);
    expect(t2.body.data.jobId).toBe(t1.body.data.jobId);
  });

  it('answers a resend with its job even when the call would be refused now (rate limit, offline)', async () => {
    const limited = await seedDevice(server, accountA, printerModel);
    await server.deps.db
      .update(devices)
      .set({ printParams: { ...DEFAULT_PRINT_PARAMS, rateLimitSeconds: 600, rateLimitCount: 1 } })
      .where(eq(devices.id, limited.id));
    const body = { sn: limited.sn, content: 'once', orderId: `r-${uniq()}` };
    const first = await a.print(body);
    expectCode(first, 20000);
    const again = await a.print(body);
    expectCode(again, 20000);
    expect(again.body.data.jobId).toBe(first.body.data.jobId);
    // a new order for the device is still held to its limit
    expectCode(await a.print({ ...body, orderId: `r-${uniq()}` }), 40029);
    // asked online only: the device is offline now, the accepted job still answers
    await server.deps.db.update(devices).set({ printParams: DEFAULT_PRINT_PARAMS }).where(eq(devices.id, limited.id));
    const queued = { ...body, orderId: `q-${uniq()}` };
    expectCode(await a.print(queued), 20000);
    const online = await a.print({ ...queued, onlineOnly: true });
    expectCode(online, 40030, 'device not online');
    // ...but a different request with that order id is still refused
    expectCode(await a.print({ ...body, content: 'other' }), 40009, 'Requested order ID already exists');
  });

  it("one caller's unstorable text is refused, and the calls sent with it are stored", async () => {
    const since = Date.now();
    const orders = Array.from({ length: 12 }, () => `ok-${uniq()}`);
    // a lone surrogate: valid JSON, but no jsonb column can hold it
    const raw = `{"sn":"${printerA.sn}","content":"x \\ud800 y","orderId":"bad-${uniq()}"}`;
    const bad = a.call('/open/v1/print', null, { raw });
    const good = orders.map((orderId) => b.print({ sn: printerB.sn, content: `fine ${orderId}`, orderId }));
    const [badRes, ...goodRes] = await Promise.all([bad, ...good]);
    expectCode(badRes, 40010, 'Incorrect format');
    expect(badRes.body.data.errors).toEqual([{ field: 'content', message: 'Incorrect format' }]);
    for (const r of goodRes) expectCode(r, 20000);
    const stored = await server.deps.db.select().from(jobs).where(eq(jobs.accountId, accountB));
    expect(orders.every((o) => stored.some((j) => j.orderId === o))).toBe(true);
    expect(
      (await server.deps.db.select().from(jobs).where(eq(jobs.accountId, accountA))).filter(
        (j) => j.requestedAt.getTime() >= since && j.orderId?.startsWith('bad-'),
      ),
    ).toEqual([]);
  });

  it('refuses what the spec lists, changing nothing', async () => {
    const foreignTemplate = await seedTemplate(server, accountB, 'B only');
    const deleted = await seedDevice(server, accountA, printerModel, { status: DeviceStatus.DELETED });
    const disabled = await seedDevice(server, accountA, printerModel, { status: DeviceStatus.DISABLED });
    const offline = await seedDevice(server, accountA, printerModel);
    const voiceBiz = await seedBusiness(server, accountA, { type: BusinessType.BROADCAST, voiceContent: 'Hi' });
    const t = await seedTemplate(server, accountA, 'Needs {{a}} and {{b}}');
    const since = Date.now();

    expectCode(await a.print({ sn: 'NOPE0000', content: 'x' }), 40010, 'Incorrect Device S/N');
    expectCode(await a.print({ sn: printerB.sn, content: 'x' }), 40010, 'Incorrect Device S/N');
    expectCode(await a.print({ sn: deleted.sn, content: 'x' }), 40010, 'Incorrect Device S/N');
    expectCode(await a.print({ sn: disabled.sn, content: 'x' }), 40009, 'The device is disabled');
    expectCode(await a.print({ sn: printerA.sn, templateId: foreignTemplate.id }), 40010, 'Incorrect template ID');
    expectCode(await a.print({ sn: printerA.sn, templateId: 999999 }), 40010, 'Incorrect template ID');
    expectCode(await a.print({ sn: printerA.sn, templateId: 2 ** 31 }), 40010, 'Incorrect template ID');
    // a template written for another model, directly or through a business; for the device's own model it prints
    const otherModel = await seedModel(server, { type: 'printer' });
    const forOther = await seedTemplate(server, accountA, 'For another model');
    await server.deps.db.update(templates).set({ modelId: otherModel.id }).where(eq(templates.id, forOther.id));
    const otherBiz = await seedBusiness(server, accountA, { type: BusinessType.PRINT, templateId: forOther.id });
    const wrong = await a.print({ sn: printerA.sn, templateId: forOther.id });
    expectCode(wrong, 40010, 'The template is written for another printer model');
    expect(wrong.body.data.errors).toEqual([
      { field: 'templateId', message: 'The template is written for another printer model' },
    ]);
    expectCode(
      await a.print({ sn: printerA.sn, businessId: otherBiz.id }),
      40010,
      'The template is written for another printer model',
    );
    const forOwn = await seedTemplate(server, accountA, 'For this model');
    await server.deps.db.update(templates).set({ modelId: printerModel }).where(eq(templates.id, forOwn.id));
    expectCode(await a.print({ sn: printerA.sn, templateId: forOwn.id }), 20000);
    expectCode(await a.print({ sn: printerA.sn, businessId: 2 ** 31 }), 40010, 'Incorrect business ID');
    expectCode(await a.print({ sn: printerA.sn, businessId: 999999 }), 40010, 'Incorrect business ID');
    expectCode(await a.print({ sn: printerA.sn, businessId: voiceBiz.id }), 40010, 'Incorrect business ID');
    const missing = await a.print({ sn: printerA.sn, templateId: t.id, params: { a: 1 } });
    expectCode(missing, 40010, 'A template parameter is missing');
    expect(missing.body.data.errors).toEqual([{ field: 'params.b', message: 'A template parameter is missing' }]);
    const notPrinter = await a.print({ sn: speakerA.sn, content: 'x' });
    expectCode(notPrinter, 40031, 'Non-print device present');
    const notOnline = await a.print({ sn: offline.sn, content: 'x', onlineOnly: true });
    expectCode(notOnline, 40030, 'device not online');
    expectCode(
      await a.print({ sn: printerA.sn, content: 'x', templateId: t.id }),
      40010,
      'Give a template ID, a business ID or receipt markup',
    );
    expectCode(await a.print({ sn: printerA.sn }), 40010, 'Give a template ID, a business ID or receipt markup');
    // within the body limit, but ~2 MB of printer commands
    const bigOrder = `big-${uniq()}`;
    const tooLarge = await a.print({ sn: printerA.sn, content: QR_WALL, orderId: bigOrder });
    expectCode(tooLarge, 40010, 'The receipt is too large or too complex to print');
    expect(tooLarge.body.data.errors).toEqual([
      { field: 'content', message: 'The receipt is too large or too complex to print' },
    ]);
    expect(await server.deps.db.select().from(jobs).where(eq(jobs.orderId, bigOrder))).toEqual([]);
    // 20 bytes that take minutes to render (a column wider than any paper): refused within the time limit
    const wide = await a.print({ sn: printerA.sn, content: '{width:9999999999}\na', orderId: `wide-${uniq()}` });
    expectCode(wide, 40010, 'The receipt is too large or too complex to print');
    expectCode(await a.print({ sn: printerA.sn, content: 'x', copies: 10 }), 40010);
    expectCode(await a.print({ sn: printerA.sn, content: 'x', expireSeconds: 2 }), 40010);
    // Chinese messages too
    const zh = new OpenClient(server, a.appKey, a.secret, 'zh_CN');
    expectCode(await zh.print({ sn: 'NOPE0000', content: 'x' }), 40010, '设备 S/N 不正确');
    expectCode(await zh.print({ sn: printerA.sn, content: QR_WALL }), 40010, '小票内容过大或过于复杂，无法打印');

    // every refusal is a general request record with result 0
    const failed = await eventually(async () => {
      const r = (await apiRequestsOf(server, a.appKey)).filter(
        (x) => x.createdAt.getTime() >= since - 1000 && x.code !== 20000,
      );
      return r.length >= 18 ? r : undefined;
    });
    expect(failed.every((r) => r.result === 0 && r.code !== 20000 && r.accountId === accountA)).toBe(true);
    expect(failed.some((r) => r.code === 40031 && r.sn === speakerA.sn)).toBe(true);
    // kept as message keys, shown in the reader's language (the Chinese calls' records read the same)
    expect(failed.find((r) => r.code === 40031)!.message).toBe('error.notPrinter');
    expect(failed.filter((r) => r.message === 'error.snInvalid').length).toBeGreaterThanOrEqual(4);
    expect(failed.every((r) => /^[a-z]+\.[A-Za-z.]+$/.test(r.message ?? ''))).toBe(true);
  });

  it('holds a device to its rate limit', async () => {
    const limited = await seedDevice(server, accountA, printerModel);
    await server.deps.db
      .update(devices)
      .set({ printParams: { ...DEFAULT_PRINT_PARAMS, rateLimitSeconds: 600, rateLimitCount: 2 } })
      .where(eq(devices.id, limited.id));
    expectCode(await a.print({ sn: limited.sn, content: '1' }), 20000);
    expectCode(await a.print({ sn: limited.sn, content: '2' }), 20000);
    const third = await a.print({ sn: limited.sn, content: '3' });
    expectCode(third, 40029, 'Too many requests for this device, please try again later');
    expect(third.status).toBe(429);
    // when the first of the two leaves the 600 s window
    const wait = Number(third.headers['retry-after']);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
  });

  it('holds a device to its rate limit when the calls arrive together', async () => {
    const limited = await seedDevice(server, accountA, printerModel);
    await server.deps.db
      .update(devices)
      .set({ printParams: { ...DEFAULT_PRINT_PARAMS, rateLimitSeconds: 600, rateLimitCount: 3 } })
      .where(eq(devices.id, limited.id));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => a.print({ sn: limited.sn, content: `burst ${i}` })),
    );
    const codes = answers.map((r) => r.body.code).sort();
    expect(codes).toEqual([...Array(3).fill(20000), ...Array(7).fill(40029)]);
    const stored = await server.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.deviceId, limited.id));
    expect(stored).toHaveLength(3);
  });
});

describe('speak and trade', () => {
  it('speaks text, clips and a broadcast business', async () => {
    const text = `Order ${uniq()} is ready`;
    const r1 = await a.speak({ sn: speakerA.sn, text, volume: 60 });
    expectCode(r1, 20000);
    await jobReaches(server, r1.body.data.jobId, JobStatus.SUCCESS);
    expect(speakerSim.said).toContainEqual({ text, volume: 60 });

    const clips = composeTradeBroadcast({
      language: 'zh_CN',
      amount: '3',
      currency: 'CNY',
      paymentType: 'cash',
      prefix: 'received',
    });
    const r2 = await a.speak({ sn: speakerA.sn, clips });
    expectCode(r2, 20000);
    await jobReaches(server, r2.body.data.jobId, JobStatus.SUCCESS);
    expect(speakerSim.said).toContainEqual({ clips, language: 'zh_CN' });

    const biz = await seedBusiness(server, accountA, {
      type: BusinessType.NOTIFICATION,
      voiceContent: 'Table {{table}} please',
    });
    const r3 = await a.speak({ sn: speakerA.sn, businessId: biz.id, params: { table: 12 } });
    expectCode(r3, 20000);
    await jobReaches(server, r3.body.data.jobId, JobStatus.SUCCESS);
    expect(speakerSim.said).toContainEqual({ text: 'Table 12 please' });

    // filled text past the limit is cut by characters: never through the middle of an emoji
    const long = await seedBusiness(server, accountA, { type: BusinessType.NOTIFICATION, voiceContent: '{{a}}' });
    const r4 = await a.speak({ sn: speakerA.sn, businessId: long.id, params: { a: 'x'.repeat(499) + '😀😀' } });
    expectCode(r4, 20000);
    const [stored] = await server.deps.db.select().from(jobs).where(eq(jobs.id, r4.body.data.jobId));
    expect((stored!.payload as { text: string }).text).toBe('x'.repeat(499) + '😀');
  });

  it('refuses printers, missing clips and wrong businesses', async () => {
    expectCode(await a.speak({ sn: printerA.sn, text: 'hi' }), 40031, 'The device cannot broadcast voice');
    expectCode(await a.speak({ sn: speakerA.sn, clips: ['no_such_clip'] }), 40010, 'Voice file does not exist');
    const printBiz = await seedBusiness(server, accountA, {
      type: BusinessType.PRINT,
      templateId: (await seedTemplate(server, accountA, 'x')).id,
    });
    expectCode(await a.speak({ sn: speakerA.sn, businessId: printBiz.id }), 40010, 'Incorrect business ID');
    expectCode(await a.speak({ sn: speakerA.sn }), 40010, 'Enter text or choose voice clips');
    expectCode(await a.speak({ sn: printerB.sn, text: 'hi' }), 40010, 'Incorrect Device S/N');
    const loud = await a.speak({ sn: speakerA.sn, text: 'hi', volume: 101 });
    expectCode(loud, 40010);
    expect(loud.body.data.errors).toEqual([{ field: 'volume', message: 'Volume must be between 0 and 100' }]);
    // a transaction broadcast may ask for an online speaker too
    const offline = await seedDevice(server, accountA, speakerModel);
    const trade = { sn: offline.sn, amount: '1', currency: 'CNY', paymentType: 'cash', orderId: `off-${uniq()}` };
    expectCode(await a.trade({ ...trade, onlineOnly: true }), 40030, 'device not online');
  });

  it('announces a transaction with the clips of the language, and stays silent for switched-off payment types', async () => {
    const orderId = `pay-${uniq()}`;
    const res = await a.trade({ sn: speakerA.sn, amount: '25.30', currency: 'CNY', paymentType: 'alipay', orderId });
    expectCode(res, 20000);
    const done = await jobReaches(server, res.body.data.jobId, JobStatus.SUCCESS);
    expect(done).toMatchObject({ kind: 'trade', amount: '25.30', currency: 'CNY', paymentType: 'alipay' });
    const expected = composeTradeBroadcast({
      language: 'zh_CN',
      amount: '25.30',
      currency: 'CNY',
      paymentType: 'alipay',
      prefix: 'received',
    });
    expect(speakerSim.said.some((s) => JSON.stringify(s.clips) === JSON.stringify(expected))).toBe(true);

    await seedTradeSettings(server, accountA, { enabled: true, paymentTypes: ['wechat'], volume: 40 });
    // settings are cached for a few seconds
    await eventually(async () => {
      const r = await a.trade({ sn: speakerA.sn, amount: 1, currency: 'CNY', paymentType: 'cash', orderId: uniq() });
      return r.body.message === 'Transaction broadcast is switched off for this payment type';
    });
    const ok = await a.trade({ sn: speakerA.sn, amount: 8, currency: 'USD', paymentType: 'wechat', orderId: uniq() });
    expectCode(ok, 20000);
    expect(((await jobRow(server, ok.body.data.jobId)).payload as { volume?: number }).volume).toBe(40);
    expectCode(
      await a.trade({ sn: speakerA.sn, amount: '1.234', currency: 'CNY', paymentType: 'wechat', orderId: uniq() }),
      40010,
      'The amount must be greater than 0 with at most two decimals',
    );
    expectCode(
      await a.trade({ sn: speakerA.sn, amount: 0, currency: 'CNY', paymentType: 'wechat', orderId: uniq() }),
      40010,
    );
  });
});

describe('signature', () => {
  const body = () => ({ sn: printerA.sn, content: 'signed' });

  it('refuses a wrong signature, an unknown key, a tampered body and missing headers', async () => {
    expectCode(await a.call('/open/v1/print', body(), { secret: 'wrong' }), 40020, 'Signature verification failed');
    const stranger = new OpenClient(server, 'no-such-key', 'x');
    expectCode(await stranger.print(body()), 40020);
    // signed for one body, sent with another
    const ts = Date.now();
    const nonce = freshNonce();
    const sig = openApiSignature(a.secret, {
      appKey: a.appKey,
      timestamp: ts,
      nonce,
      method: 'POST',
      path: '/open/v1/device',
      body: JSON.stringify({ sn: 'OTHER000' }),
    });
    const tampered = { raw: JSON.stringify({ sn: printerA.sn }), nonce, timestamp: ts, signature: sig };
    expectCode(await a.call('/open/v1/device', null, tampered), 40020);
    // signed for another path
    expectCode(await a.call('/open/v1/record', null, { ...tampered, raw: JSON.stringify({ sn: 'OTHER000' }) }), 40020);
    const res = await server.app.inject({ method: 'POST', url: '/open/v1/print', payload: body() });
    expectCode({ status: res.statusCode, body: res.json() }, 40020);
    // a bad body of an unsigned call is not even looked at
    const bad = await server.app.inject({ method: 'POST', url: '/open/v1/print', payload: { sn: 1 } });
    expect(bad.json().code).toBe(40020);
  });

  it('tells only a signed caller what is wrong with its body, and records it under the app key', async () => {
    // an account of its own, so its general request records are these calls' only
    const own = (await seedAccount(server)).accountId;
    const key = await seedApiKey(server, own);
    const k = new OpenClient(server, key.appKey, key.secret);
    const broken = '{"sn":';
    // unsigned (or wrongly signed): the signature is all it learns
    expectCode(await k.call('/open/v1/print', null, { raw: broken, secret: 'wrong' }), 40020);
    expectCode(await k.call('/open/v1/print', null, { raw: '{"content":"a\\u0000"}', secret: 'wrong' }), 40020);
    // signed
    const notJson = await k.call('/open/v1/print', null, { raw: broken });
    expectCode(notJson, 40010, 'Incorrect format');
    expect(notJson.status).toBe(400);
    const nul = await k.call('/open/v1/print', null, { raw: `{"sn":"${printerA.sn}","content":"a\\u0000"}` });
    expectCode(nul, 40010, 'Incorrect format');
    expect(nul.body.data.errors).toEqual([{ field: 'content', message: 'Incorrect format' }]);
    // signed, but not sent as JSON: 415, whether the type is wrong or missing
    const raw = JSON.stringify(body());
    const plain = await k.call('/open/v1/print', null, { raw, contentType: 'text/plain' });
    expectCode(plain, 40010, 'Unsupported content type (send application/json)');
    expect(plain.status).toBe(415);
    const untyped = await k.call('/open/v1/print', null, { raw, contentType: null });
    expect(untyped.status).toBe(415);
    // over the body limit: refused before it is read, and still recorded under the key it named
    const huge = await k.call('/open/v1/print', null, { raw: JSON.stringify({ content: 'x'.repeat(70_000) }) });
    expect(huge.status).toBe(413);
    const rows = await eventually(async () => {
      const r = await apiRequestsOf(server, k.appKey);
      return r.length >= 7 ? r : undefined;
    });
    expect(rows.map((r) => r.code).sort()).toEqual([40010, 40010, 40010, 40010, 40010, 40020, 40020]);
    expect(rows.every((r) => r.result === 0)).toBe(true);
    expect(rows.every((r) => r.accountId === own || (r.code === 40010 && r.accountId === null))).toBe(true);
    expect(await server.deps.db.select().from(jobs).where(eq(jobs.accountId, own))).toEqual([]);
  });

  it('refuses a timestamp outside five minutes and a reused nonce', async () => {
    expectCode(
      await a.call('/open/v1/device', { sn: printerA.sn }, { timestamp: Date.now() - 6 * 60_000 }),
      40021,
      'The request timestamp differs from the server time by more than 5 minutes',
    );
    expectCode(await a.call('/open/v1/device', { sn: printerA.sn }, { timestamp: Date.now() + 6 * 60_000 }), 40021);
    const nonce = freshNonce();
    expectCode(await a.call('/open/v1/device', { sn: printerA.sn }, { nonce }), 20000);
    expectCode(
      await a.call('/open/v1/device', { sn: printerA.sn }, { nonce }),
      40022,
      'The nonce has already been used',
    );
    expectCode(await a.call('/open/v1/device', { sn: printerA.sn }, { nonce: 'short' }), 40020);
  });

  it('refuses a replayed job call whatever else it carries, and writes nothing for it', async () => {
    const orderId = `replay-${uniq()}`;
    const body = { sn: printerA.sn, content: 'once', orderId };
    const nonce = freshNonce();
    expectCode(await a.call('/open/v1/print', body, { nonce }), 20000);
    // the very same call again: the nonce answers, not the order id's idempotent retry
    expectCode(await a.call('/open/v1/print', body, { nonce }), 40022);
    // nor an unknown device, nor a body that fails validation
    expectCode(await a.call('/open/v1/print', { ...body, sn: 'NO-SUCH-SN' }, { nonce }), 40022);
    expectCode(await a.call('/open/v1/print', { sn: 7 }, { nonce }), 40022);
    expectCode(await a.call('/open/v1/speak', { sn: printerA.sn, text: 'hi' }, { nonce }), 40022);
    const rows = await server.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, accountA), eq(jobs.orderId, orderId)));
    expect(rows).toHaveLength(1);
    // a call refused for its content uses up its nonce too: replayed later, it is a replay
    const failed = freshNonce();
    const refused = await a.call('/open/v1/print', { sn: 'NO-SUCH-SN', content: 'x' }, { nonce: failed });
    expect(refused.body.code).not.toBe(20000);
    expect(refused.body.code).not.toBe(40022);
    expectCode(await a.call('/open/v1/print', { sn: printerA.sn, content: 'x' }, { nonce: failed }), 40022);
  });

  it('records signature failures under the app key they named', async () => {
    const nonce = freshNonce();
    await a.call('/open/v1/record', { jobId: 1 }, { secret: 'wrong', nonce });
    const rows = await eventually(async () => {
      const r = (await apiRequestsOf(server, a.appKey)).filter((x) => x.code === 40020 && x.path === '/open/v1/record');
      return r.length > 0 ? r : undefined;
    });
    expect(rows[0]).toMatchObject({ result: 0, accountId: accountA, method: 'POST' });
  });

  it('refuses a disabled account', async () => {
    const c = await seedAccount(server);
    const k = await seedApiKey(server, c.accountId);
    await server.deps.db.update(accounts).set({ status: AccountStatus.DISABLED }).where(eq(accounts.id, c.accountId));
    const client = new OpenClient(server, k.appKey, k.secret);
    expectCode(await client.device({ sn: printerA.sn }), 40014, 'This account is disabled');
  });
});

describe('record and device', () => {
  it("keeps accounts apart: B sees none of A's jobs or devices", async () => {
    const orderId = `iso-${uniq()}`;
    const res = await a.print({ sn: printerA.sn, content: 'A only', orderId });
    expectCode(res, 20000);
    expectCode(await b.record({ orderId }), 40004, 'The requested record does not exist');
    expectCode(await b.record({ jobId: res.body.data.jobId }), 40004);
    expectCode(await b.print({ sn: printerA.sn, content: 'x' }), 40010, 'Incorrect Device S/N');
    expectCode(await b.device({ sn: printerA.sn }), 40010, 'Incorrect Device S/N');
    expectCode(await b.record({}), 40010);
    const both = await a.record({ orderId, jobId: res.body.data.jobId });
    expectCode(both, 40010);
    expect(both.body.data.errors).toEqual([
      { field: 'jobId', message: 'Give either the order ID or the job ID, not both' },
    ]);
  });

  it("reports a device's state", async () => {
    printerSim.state.battery = { level: 77, state: 'sufficient' };
    await printerSim.sendTelemetry();
    const view = await eventually(async () => {
      const r = await a.device({ sn: printerA.sn });
      return r.body.data?.battery?.level === 77 ? r.body.data : undefined;
    });
    expect(view).toMatchObject({
      sn: printerA.sn,
      online: true,
      status: 2,
      paused: false,
      muted: false,
      printerState: 'normal',
      firmware: '1.00.00.01',
    });
    const rows = await server.deps.db.select().from(apiRequests).where(eq(apiRequests.path, '/open/v1/device'));
    expect(rows.some((r) => r.result === 1 && r.accountId === accountA)).toBe(true);
  });
});
