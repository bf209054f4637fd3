import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, PushTaskStatus, topics } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { adminClient, expectOk, startServer, type Client } from './harness';
import { seedAccount, seedRoleUser } from './fixtures';
import { connectAs, deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';
import { bmp } from './bmp-fixture';
import { upload, uploaded } from './files-fixture';
import { onlineInDb, onlineSimDevice, simDevice } from './open-api-fixture';
import { tempDataDir } from './ota-fixture';
import { expectInvalid, uniq } from './people';
import { makeZip } from './zip-fixture';

/**
 * Push tasks end to end: the API, the engine, real MQTT to simulated devices (down/config and
 * their acks), offline devices served when they connect, and a resource pack really downloaded
 * through Herald's signed file URL.
 */
type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let mqttUrl: string;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
const sims: VirtualDevice[] = [];
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  server = await startServer({ DATA_DIR: tempDataDir() });
  // devices download resource packs over HTTP: the signed URLs must point at a real listener
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  server.deps.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  modelId = (await seedModel(server, { type: 'printer' })).id;
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await Promise.all(closers.map((c) => c()));
  await server?.close();
});

type Result = { sn: string; state: string; ackCode: string | null; message: string | null; latencyMs: number | null };

const create = async (c: Client, body: Record<string, unknown>) =>
  expectOk(await c.post('/v1/push-tasks', { name: `Push ${uniq()}`, ttlHours: 1, ...body }));
const task = async (c: Client, id: number) => expectOk(await c.get(`/v1/push-tasks/${id}`));
const results = async (c: Client, id: number, q = '') =>
  expectOk(await c.get(`/v1/push-tasks/${id}/results?pageSize=100${q}`)).list as Result[];
const stateOf = async (c: Client, id: number, sn: string) => (await results(c, id)).find((r) => r.sn === sn)?.state;
const reaches = (c: Client, id: number, status: number) =>
  eventually(async () => ((await task(c, id)).status === status ? true : undefined), `task ${id} status ${status}`);

async function onlineSim(accountId: number, extra: Parameters<typeof simDevice>[3] = {}) {
  const { device: d, sim } = await onlineSimDevice(server, sims, { accountId, modelId }, extra);
  return { d, sim };
}

describe('config push', () => {
  it('reaches online devices at once and an offline one when it connects; print parameters follow', async () => {
    const online = [await onlineSim(A.accountId), await onlineSim(A.accountId), await onlineSim(A.accountId)];
    const offline = await seedDevice(server, A.accountId, modelId);
    const t = await create(A.client, {
      type: 'config',
      config: { density: 'dark', volume: 35 },
      scope: 'devices',
      deviceIds: [...online.map((o) => o.d.id), offline.id],
    });
    expect(t).toMatchObject({ type: 'config', status: PushTaskStatus.PUSHING, total: 4, failed: [], notice: null });

    for (const o of online) await eventually(async () => (await stateOf(A.client, t.id, o.d.sn)) === 'succeeded');
    expect(await stateOf(A.client, t.id, offline.sn)).toBe('pending');
    expect((await task(A.client, t.id)).status).toBe(PushTaskStatus.PUSHING);
    for (const o of online) {
      expect(o.sim.state.printParams).toMatchObject({ density: 'dark', volume: 35 });
      expect((await deviceRow(server, o.d.id)).printParams).toMatchObject({ density: 'dark', volume: 35 });
    }
    const ok = (await results(A.client, t.id, '&state=succeeded'))[0]!;
    expect(ok).toMatchObject({ ackCode: 'ok' });
    expect(ok.latencyMs).toBeGreaterThanOrEqual(0);

    // the offline device connects later and gets it then
    const late = simDevice(sims, mqttUrl, offline);
    late.start();
    await reaches(A.client, t.id, PushTaskStatus.SUCCESS);
    expect(late.state.printParams).toMatchObject({ density: 'dark', volume: 35 });
    expect((await deviceRow(server, offline.id)).printParams).toMatchObject({ density: 'dark' });
    const done = await task(A.client, t.id);
    expect(done.counts).toMatchObject({ succeeded: 4, pending: 0, sent: 0 });
    expect(done.endedAt).not.toBeNull();
  });
});

describe('late joiners', () => {
  it('devices moved into the group while the task is open get the push, offline ones when they connect', async () => {
    const g = expectOk(await A.client.post('/v1/groups', { name: `Push group ${uniq()}` }));
    const first = await onlineSim(A.accountId);
    // an offline member keeps the task open (it ends when nothing is left to send)
    const asleep = await seedDevice(server, A.accountId, modelId);
    expectOk(await A.client.post('/v1/devices/switch-group', { ids: [first.d.id, asleep.id], groupId: g.id }));
    const t = await create(A.client, {
      type: 'message',
      message: 'Store closes at 9',
      scope: 'group',
      groupIds: [g.id],
    });
    expect(t.total).toBe(2);
    await eventually(async () => (await stateOf(A.client, t.id, first.d.sn)) === 'succeeded');

    // an online device and an offline one join the group after the task was created
    const online = await onlineSim(A.accountId);
    const offline = await seedDevice(server, A.accountId, modelId);
    const outside = await onlineSim(A.accountId);
    expectOk(await A.client.post('/v1/devices/switch-group', { ids: [online.d.id, offline.id], groupId: g.id }));
    await eventually(async () => (await stateOf(A.client, t.id, online.d.sn)) === 'succeeded', 'online joiner');
    expect(online.sim.messages.map((m) => m.text)).toContain('Store closes at 9');
    expect(await stateOf(A.client, t.id, offline.sn)).toBe('pending');
    for (const d of [offline, asleep]) simDevice(sims, mqttUrl, d).start();
    await reaches(A.client, t.id, PushTaskStatus.SUCCESS);
    const done = await task(A.client, t.id);
    expect(done).toMatchObject({ total: 4, counts: { succeeded: 4 } });
    // a device outside the group never joins
    expect(await stateOf(A.client, t.id, outside.d.sn)).toBeUndefined();
  });
});

describe('message push', () => {
  it('shows the message; unknown S/Ns are reported, the rest still get it', async () => {
    const speaker = await onlineSim(A.accountId, { kind: 'speaker' });
    const printer = await onlineSim(A.accountId);
    const res = await A.client.post('/v1/push-tasks', {
      name: `Notice ${uniq()}`,
      type: 'message',
      message: 'Closed on Monday',
      scope: 'sn',
      sns: [speaker.d.sn, printer.d.sn, 'NOSUCHDEVICE01'],
    });
    expect(res.body.message).toBe('Some devices failed task creation');
    expect(res.body.data).toMatchObject({ failed: ['NOSUCHDEVICE01'], notice: 'Some devices failed task creation' });
    await reaches(A.client, res.body.data.id, PushTaskStatus.SUCCESS);
    expect(speaker.sim.messages.map((m) => m.text)).toEqual(['Closed on Monday']);
    expect(speaker.sim.said).toContainEqual({ text: 'Closed on Monday' });
    expect(printer.sim.messages.map((m) => m.text)).toEqual(['Closed on Monday']);
  });

  it("a device answering 'unsupported' fails with that code, and so does the task", async () => {
    const d = await seedDevice(server, A.accountId, modelId);
    const session = Date.now();
    const { client } = await connectAs(mqttUrl, d.sn, d.secret!, { ts: session });
    closers.push(() => client!.endAsync());
    client!.on('message', (_topic, raw) => {
      const m = JSON.parse(raw.toString());
      const ack = { v: PROTOCOL_VERSION, id: m.id, ts: m.ts, code: 'unsupported', message: 'no display' };
      void client!.publishAsync(topics.up(d.sn, 'ack'), JSON.stringify(ack), { qos: 1 });
    });
    await client!.subscribeAsync(topics.deviceSubscription(d.sn), { qos: 1 });
    const hello = { v: PROTOCOL_VERSION, ts: Date.now(), online: true, session, firmware: '1.00.00.01' };
    await client!.publishAsync(topics.up(d.sn, 'presence'), JSON.stringify(hello), { qos: 1 });
    await onlineInDb(server, d.id);

    const t = await create(A.client, { type: 'message', message: 'Hello', scope: 'devices', deviceIds: [d.id] });
    await reaches(A.client, t.id, PushTaskStatus.FAILED);
    expect((await results(A.client, t.id))[0]).toMatchObject({
      state: 'failed',
      ackCode: 'unsupported',
      message: 'no display',
    });
  });
});

/** A resource pack through the real APIs: the zip uploaded, then the package created from it. */
async function resourcePack(c: Client, name: string) {
  const zip = makeZip([{ path: `${name}/a.bin`, data: Buffer.alloc(4096, 7) }]);
  const file = await uploaded(server, c, { purpose: 'resource', name: `${name}.zip` }, zip);
  return expectOk(
    await c.post('/v1/resource-packages', {
      name: `${name}${uniq()}`.slice(0, 32),
      kind: 'resource',
      version: '2.00.00.00',
      fileId: file.id,
    }),
  ) as { id: number; name: string };
}

describe('resource push', () => {
  it('the device downloads the uploaded pack through its signed URL, verifies it and installs it', async () => {
    const pkg = await resourcePack(A.client, 'fonts');
    const { sim } = await onlineSim(A.accountId);
    const t = await create(A.client, {
      type: 'resource',
      resourceId: pkg.id,
      scope: 'sn',
      sns: [sim.sn],
    });
    expect(t.resourceName).toBe(`${pkg.name} 2.00.00.00`);
    await reaches(A.client, t.id, PushTaskStatus.SUCCESS);
    expect(sim.state.resources[pkg.name]).toBe('2.00.00.00');

    // the same pack is another account's to see only if it is platform-wide
    const other = await B.client.post('/v1/push-tasks', {
      name: 'x',
      type: 'resource',
      resourceId: pkg.id,
      scope: 'all',
    });
    expect(other.body).toMatchObject({ code: 40010, message: 'The selected package does not exist' });
  });

  it('a download that fails is a failed result with the reason', async () => {
    // a platform package (the operator's) is visible to every account
    const pkg = await resourcePack(op, 'icons');
    const { sim } = await onlineSim(A.accountId);
    sim.injectFault('ota-bad-checksum');
    const t = await create(A.client, { type: 'resource', resourceId: pkg.id, scope: 'sn', sns: [sim.sn] });
    await reaches(A.client, t.id, PushTaskStatus.FAILED);
    const [r] = await results(A.client, t.id);
    expect(r).toMatchObject({ state: 'failed', ackCode: 'failed' });
    expect(r!.message).toMatch(/checksumMismatch/);
  });
});

describe('startup logo push', () => {
  it('a printer fetches the uploaded monochrome BMP and keeps it; one too wide for its head says so', async () => {
    const logo = bmp(384, 120);
    const file = await uploaded(server, A.client, { purpose: 'logo', name: 'shop-logo.bmp' }, logo);
    const narrow = await onlineSim(A.accountId);
    const wide = await onlineSim(A.accountId);
    wide.sim.state.printParams.paperWidth = 80;
    const t = await create(A.client, {
      type: 'logo',
      logoFileId: file.id,
      scope: 'sn',
      sns: [narrow.sim.sn, wide.sim.sn],
    });
    expect(t).toMatchObject({ type: 'logo', logoFileId: file.id, logo: { name: 'shop-logo.bmp', size: logo.length } });
    await reaches(A.client, t.id, PushTaskStatus.SUCCESS);
    for (const { sim } of [narrow, wide]) {
      expect(sim.state.startupLogo).toEqual({ sha256: file.sha256, width: 384, height: 120 });
    }
    // the printers say which logo they keep in their telemetry, and the device shows it
    await eventually(async () => {
      const d = expectOk(await A.client.get(`/v1/devices/${narrow.d.id}`));
      return d.telemetry?.printer?.logo?.sha256 === file.sha256 ? true : undefined;
    }, 'the logo in telemetry');
    // the console shows the task's logo
    const img = await server.app.inject({
      method: 'GET',
      url: `/v1/push-tasks/${t.id}/logo`,
      headers: { authorization: `Bearer ${A.client.token}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/bmp');
    expect(img.rawPayload.equals(logo)).toBe(true);

    // 576 dots fit an 80 mm head, not a 58 mm one: that printer refuses and keeps its old logo
    const big = await uploaded(server, A.client, { purpose: 'logo', name: 'wide.bmp' }, bmp(576, 80));
    const t2 = await create(A.client, {
      type: 'logo',
      logoFileId: big.id,
      scope: 'sn',
      sns: [narrow.sim.sn, wide.sim.sn],
    });
    await reaches(A.client, t2.id, PushTaskStatus.FAILED);
    const byDevice = Object.fromEntries((await results(A.client, t2.id)).map((r) => [r.sn, r]));
    expect(byDevice[wide.sim.sn]).toMatchObject({ state: 'succeeded', ackCode: 'ok' });
    expect(byDevice[narrow.sim.sn]).toMatchObject({
      state: 'failed',
      ackCode: 'failed',
      message: 'logo 576 dots wide, the print head has 384',
    });
    expect(narrow.sim.state.startupLogo?.width).toBe(384);
    expect(wide.sim.state.startupLogo).toEqual({ sha256: big.sha256, width: 576, height: 80 });
  });

  it("refuses a logo that is no monochrome BMP, too big or too large, in both languages, and another account's", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const cases: [Buffer, string, string, string][] = [
      [
        bmp(100, 50, 24),
        'logo.bmp',
        'The startup logo must be a monochrome (1-bit) BMP image',
        '开机 Logo 仅支持单色（1 位）BMP 图片',
      ],
      [
        png,
        'logo.bmp',
        'The startup logo must be a monochrome (1-bit) BMP image',
        '开机 Logo 仅支持单色（1 位）BMP 图片',
      ],
      [
        bmp(100, 50).subarray(0, 100),
        'cut.bmp',
        'The startup logo must be a monochrome (1-bit) BMP image',
        '开机 Logo 仅支持单色（1 位）BMP 图片',
      ],
      [bmp(100, 50), 'logo.png', 'File format error', '文件格式错误'],
      [
        bmp(600, 50),
        'logo.bmp',
        'The startup logo can be at most 576 dots wide and 576 dots high',
        '开机 Logo 的宽度和高度不能超过 576 点',
      ],
      [
        Buffer.alloc(65 * 1024),
        'huge.bmp',
        'The startup logo cannot be larger than 64KB',
        '开机 Logo 大小不能超过 64KB',
      ],
    ];
    // headers that do not hold together: pixels at 0 (inside the header), no room for the palette, no plane
    const poked = (at: number, value: number, bytes: 2 | 4) => {
      const b = bmp(100, 50);
      if (bytes === 4) b.writeUInt32LE(value, at);
      else b.writeUInt16LE(value, at);
      return b;
    };
    for (const bad of [poked(10, 0, 4), poked(10, 54, 4), poked(26, 0, 2), poked(14, 0xffffffff, 4)]) {
      cases.push([bad, 'poked.bmp', cases[0]![2], cases[0]![3]]);
    }
    for (const [data, name, en, zh] of cases) {
      const res = await upload(server, A.client, { purpose: 'logo', name }, data);
      expect(res.body, name).toMatchObject({ code: 40010, message: en });
      expect((await upload(server, A.client, { purpose: 'logo', name, lang: 'zh_CN' }, data)).body.message).toBe(zh);
    }
    // A's logo is not B's to push
    const file = await uploaded(server, A.client, { purpose: 'logo', name: 'a.bmp' }, bmp(64, 64));
    await onlineSim(B.accountId);
    const send = (body: Record<string, unknown>) => (c: Client) =>
      c.post('/v1/push-tasks', { name: 'n', type: 'logo', scope: 'all', ...body });
    await expectInvalid(
      send({ logoFileId: file.id }),
      B.client,
      'The startup logo does not exist',
      '开机 Logo 不存在',
      'logoFileId',
    );
    await expectInvalid(send({}), B.client, 'Please input', '请输入', 'logoFileId');
    // nor is a package upload a logo
    const zip = await uploaded(
      server,
      A.client,
      { purpose: 'resource', name: 'r.zip' },
      makeZip([{ path: 'a', data: Buffer.from('a') }]),
    );
    await expectInvalid(
      send({ logoFileId: zip.id }),
      A.client,
      'The startup logo does not exist',
      '开机 Logo 不存在',
      'logoFileId',
    );
    // the task's picture is only its account's
    const t = await create(A.client, { type: 'logo', logoFileId: file.id, scope: 'all' });
    expect((await B.client.get(`/v1/push-tasks/${t.id}/logo`)).body.code).toBe(40004);
    const plain = await create(A.client, { type: 'message', message: 'hi', scope: 'all' });
    expect((await A.client.get(`/v1/push-tasks/${plain.id}/logo`)).body.code).toBe(40004);
  });
});

describe('cancel', () => {
  it('cancels what was not sent; an ended task cannot be cancelled', async () => {
    const offline = await seedDevice(server, A.accountId, modelId);
    const t = await create(A.client, { type: 'message', message: 'Later', scope: 'devices', deviceIds: [offline.id] });
    const cancelled = expectOk(await A.client.post(`/v1/push-tasks/${t.id}/cancel`));
    expect(cancelled).toMatchObject({ status: PushTaskStatus.CANCELLED, counts: { cancelled: 1, pending: 0 } });
    const again = await A.client.post(`/v1/push-tasks/${t.id}/cancel`);
    expect(again.body).toMatchObject({ code: 40010, message: 'The task has already ended' });

    // a scheduled task never starts once cancelled
    const later = await create(A.client, {
      type: 'message',
      message: 'Tomorrow',
      scope: 'devices',
      deviceIds: [offline.id],
      effectiveTime: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(later.status).toBe(PushTaskStatus.PENDING);
    expectOk(await A.client.post(`/v1/push-tasks/${later.id}/cancel`));
    expect((await task(A.client, later.id)).status).toBe(PushTaskStatus.CANCELLED);
  });
});

describe('validation', () => {
  it('says what is wrong, in both languages, and creates nothing', async () => {
    const before = expectOk(await A.client.get('/v1/push-tasks?pageSize=1')).total;
    const send = (body: Record<string, unknown>) => (c: Client) =>
      c.post('/v1/push-tasks', { name: 'n', type: 'config', scope: 'all', config: { volume: 10 }, ...body });
    await expectInvalid(send({ config: {} }), A.client, 'Please input', '请输入', 'config');
    await expectInvalid(send({ type: 'message', config: undefined }), A.client, 'Please input', '请输入', 'message');
    await expectInvalid(
      send({ type: 'resource', config: undefined }),
      A.client,
      'Please input',
      '请输入',
      'resourceId',
    );
    await expectInvalid(
      send({ type: 'resource', resourceId: 999999 }),
      A.client,
      'The selected package does not exist',
      '所选安装包不存在',
      'resourceId',
    );
    // an operator must name the account
    await expectInvalid(
      send({}),
      op,
      'Please select an application or account first',
      '请先选择应用或账户',
      'accountId',
    );
    // an account without devices
    const empty = await seedAccount(server);
    await expectInvalid(send({}), empty.client, 'There are no devices in the selected scope', '所选范围内没有设备');
    expect(expectOk(await A.client.get('/v1/push-tasks?pageSize=1')).total).toBe(before);
  });
});

describe('access', () => {
  it('needs the push task permissions (40003)', async () => {
    const viewer = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.push.task', 'herald.push.task.query'],
    });
    expectOk(await viewer.client.get('/v1/push-tasks'));
    const add = await viewer.client.post('/v1/push-tasks', {
      name: 'n',
      type: 'message',
      message: 'm',
      scope: 'all',
    });
    expect(add.body.code).toBe(40003);
    const list = expectOk(await A.client.get('/v1/push-tasks?pageSize=1'));
    expect((await viewer.client.post(`/v1/push-tasks/${list.list[0].id}/cancel`)).body.code).toBe(40003);
  });

  it('keeps accounts apart; operators see every account and filter by one', async () => {
    const mine = expectOk(await A.client.get('/v1/push-tasks?pageSize=100'));
    expect(mine.total).toBeGreaterThan(0);
    const id = mine.list[0].id;
    expect((await B.client.get(`/v1/push-tasks/${id}`)).body.code).toBe(40004);
    expect((await B.client.get(`/v1/push-tasks/${id}/results`)).body.code).toBe(40004);
    expect((await B.client.post(`/v1/push-tasks/${id}/cancel`)).body.code).toBe(40004);
    expect(expectOk(await B.client.get('/v1/push-tasks')).total).toBe(0);
    expect(expectOk(await B.client.get(`/v1/push-tasks?accountId=${A.accountId}`)).total).toBe(0);

    const all = expectOk(await op.get(`/v1/push-tasks?accountId=${A.accountId}&pageSize=100`));
    expect(all.total).toBe(mine.total);
    expect(all.list[0].accountName).toBeTruthy();
    // an operator creates for the account it names
    const d = await seedDevice(server, B.accountId, modelId);
    const t = await create(op, { accountId: B.accountId, type: 'message', message: 'Hi', scope: 'sn', sns: [d.sn] });
    expect(t.accountId).toBe(B.accountId);
    expect(expectOk(await B.client.get('/v1/push-tasks')).total).toBe(1);
  });

  it('lists with filters, sorting and counts, and writes the operation log', async () => {
    const byType = expectOk(await A.client.get('/v1/push-tasks?type=config&pageSize=100'));
    expect(byType.list.every((t: { type: string }) => t.type === 'config')).toBe(true);
    const byStatus = expectOk(await A.client.get(`/v1/push-tasks?status=${PushTaskStatus.CANCELLED}`));
    expect(byStatus.list.every((t: { status: number }) => t.status === PushTaskStatus.CANCELLED)).toBe(true);
    expect(byStatus.total).toBeGreaterThanOrEqual(2);
    const asc = expectOk(await A.client.get('/v1/push-tasks?sortField=id&sortOrder=ascend&pageSize=100'));
    const ids = asc.list.map((t: { id: number }) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byExpiry = expectOk(await A.client.get('/v1/push-tasks?sortField=expireAt&sortOrder=descend&pageSize=100'));
    const expiries = byExpiry.list.map((t: { expireAt: string }) => Date.parse(t.expireAt));
    expect(expiries.length).toBeGreaterThan(1);
    expect(expiries).toEqual([...expiries].sort((a, b) => b - a));
    const named = expectOk(await A.client.get('/v1/push-tasks?name=Notice'));
    expect(named.list.every((t: { name: string }) => t.name.startsWith('Notice'))).toBe(true);
    const logs = expectOk(await A.client.get('/v1/oper-logs?module=pushTask&pageSize=100'));
    expect(logs.list.map((l: { type: string }) => l.type)).toEqual(expect.arrayContaining(['add', 'cancel']));
  });
});
