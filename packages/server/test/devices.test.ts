import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { VirtualDevice } from '@herald/device-sim';
import { createDevice, createModel, newSn } from './fleet';
import { eventually } from './devices-fixture';
import { auditLines, expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  // devices upload their logs over HTTP: the one-time URLs must point at a real listener
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  server.deps.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  model = await createModel(op);
});
afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

/** A simulated device on the server's embedded broker, connected with the secret the add call returned. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function connect(d: Record<string, any>): Promise<VirtualDevice> {
  const sim = new VirtualDevice({ sn: d.sn, secret: d.secret, mqttUrl: server.deps.gateway.endpoints().mqtt! });
  sims.push(sim);
  sim.start();
  await sim.waitOnline();
  await eventually(async () => expectOk(await A.client.get(`/v1/devices?sn=${d.sn}`)).list[0]?.online, 'online');
  return sim;
}

/** Poll a command until the device has answered it. */
async function answered(deviceId: number, commandId: string) {
  return eventually(async () => {
    const c = expectOk(await A.client.get(`/v1/devices/${deviceId}/commands/${commandId}`));
    return c.status !== 'sent' && c;
  }, `answer to ${commandId}`);
}

describe('add and list', () => {
  it('adds a device into the default group with the spec print defaults and shows its secret once', async () => {
    const d = await createDevice(A.client, model.id, { name: 'Till 1', contactPhone: '13800001111' });
    expect(d).toMatchObject({
      status: 2,
      online: false,
      activated: false,
      groupName: 'Default group',
      modelCode: model.code,
    });
    expect(d.secret).toMatch(/^[\w-]{20,}$/);
    const detail = expectOk(await A.client.get(`/v1/devices/${d.id}`));
    expect(detail.secret).toBeUndefined();
    expect(detail.printParams).toMatchObject({ speed: 70, volume: 75, density: 'light', paperWidth: 58 });
    expect(detail.connections).toEqual([]);
    expect((await auditLines(server, 'device', 'add', d.sn)).length).toBe(1);
  });

  it('checks the S/N: format and uniqueness among live devices', async () => {
    await expectInvalid(
      (c) => c.post('/v1/devices', { sn: 'bad sn!', modelId: model.id }),
      A.client,
      'Incorrect Device S/N',
      '设备 S/N 不正确',
      'sn',
    );
    const d = await createDevice(A.client, model.id);
    expectError(
      await B.client.post('/v1/devices', { sn: d.sn, modelId: model.id }),
      40009,
      'Device S/N already exists',
    );
    expectOk(await A.client.post('/v1/devices/delete', { ids: [d.id] }));
    expectOk(await B.client.post('/v1/devices', { sn: d.sn, modelId: model.id }));
    // restoring A's device is refused now that B holds the S/N
    expectError(await A.client.post('/v1/devices/restore', { ids: [d.id] }), 40009, 'Device S/N already exists');
  });

  it('refuses new devices of a disabled model; existing ones stay', async () => {
    const m = await createModel(op);
    const d = await createDevice(A.client, m.id);
    expectOk(await op.post(`/v1/models/${m.id}/status`, { status: 0 }));
    await expectInvalid(
      (c) => c.post('/v1/devices', { sn: newSn(), modelId: m.id }),
      A.client,
      'This model is disabled; no new devices of it can be added',
      '该型号已停用，不能新增该型号的设备',
      'modelId',
    );
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).status).toBe(2);
  });

  it("refuses another account's group or application", async () => {
    const g = expectOk(await B.client.post('/v1/groups', { name: 'B only' }));
    expectError(
      await A.client.post('/v1/devices', { sn: newSn(), modelId: model.id, groupId: g.id }),
      40010,
      'The selected group does not exist',
    );
    const app = expectOk(await B.client.post('/v1/applications', { name: 'B app', type: 3, accessType: 2 }));
    expectError(
      await A.client.post('/v1/devices', { sn: newSn(), modelId: model.id, appId: app.id }),
      40010,
      'The selected application does not exist',
    );
  });

  it('filters, sorts and scopes the list; operators see all and name the account to add', async () => {
    const a = await createDevice(A.client, model.id, { name: 'Filter me' });
    const b = await createDevice(B.client, model.id);
    const mine = expectOk(await A.client.get('/v1/devices?pageSize=200'));
    expect(mine.list.every((x: { accountId: number }) => x.accountId === A.accountId)).toBe(true);
    expect(expectOk(await A.client.get(`/v1/devices?sn=${a.sn}`)).list.map((x: { id: number }) => x.id)).toEqual([
      a.id,
    ]);
    expect(expectOk(await A.client.get('/v1/devices?name=filter')).total).toBe(1);
    expect(expectOk(await A.client.get('/v1/devices?online=true')).total).toBe(0);
    const all = expectOk(await op.get(`/v1/devices?accountId=${B.accountId}&sortField=sn&sortOrder=ascend`));
    expect(all.list.map((x: { id: number }) => x.id)).toContain(b.id);
    expectError(
      await op.post('/v1/devices', { sn: newSn(), modelId: model.id }),
      40010,
      'Please select an application or account first',
    );
    expect(
      expectOk(await op.post('/v1/devices', { sn: newSn(), modelId: model.id, accountId: B.accountId })).accountId,
    ).toBe(B.accountId);
    await expectInvalid((c) => c.get('/v1/devices?online=maybe'), A.client, 'Incorrect format', '格式不正确', 'online');
  });
});

describe('state and commands', () => {
  it("refuses commands to an offline device with 'device not online'", async () => {
    const d = await createDevice(A.client, model.id);
    await expectInvalidConflict(`/v1/devices/${d.id}/restart`);
    await expectInvalidConflict(`/v1/devices/${d.id}/logs`);
    const rows = await server.deps.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, d.id));
    expect(rows).toEqual([]);
  });

  it('restarts an online device: the device acknowledges, and the answer can be polled', async () => {
    const d = await createDevice(A.client, model.id);
    const sim = await connect(d);
    const { commandId } = expectOk(await A.client.post(`/v1/devices/${d.id}/restart`));
    expectError(await B.client.get(`/v1/devices/${d.id}/commands/${commandId}`), 40004);
    const c = await answered(d.id, commandId);
    expect(c).toMatchObject({ status: 'acked', command: 'restart', ackCode: 'ok' });
    expect(c.latencyMs).toBeGreaterThanOrEqual(0);
    expect(sim.received.find((r) => r.id === commandId)).toMatchObject({ cmd: 'restart', outcome: 'executed' });
    // it comes back after the restart: a second connection in its online history
    await eventually(async () => sim.connects >= 2, 'reconnect');
    await eventually(async () => {
      const detail = expectOk(await A.client.get(`/v1/devices/${d.id}`));
      return detail.online && detail.connections.length >= 2;
    }, 'back online');
    // asks for the log: the device uploads it to the one-time URL, and it can be downloaded
    const up = expectOk(await A.client.post(`/v1/devices/${d.id}/logs`));
    expect((await answered(d.id, up.commandId)).status).toBe('acked');
    const log = await eventually(async () => {
      const logs = expectOk(await A.client.get(`/v1/devices/${d.id}/logs`));
      return logs.find((l: { id: number; status: string }) => l.id === up.logId && l.status !== 'pending');
    }, 'log uploaded');
    expect(log.size).toBeGreaterThan(0);
    const file = await server.app.inject({
      method: 'GET',
      url: `/v1/devices/${d.id}/logs/${up.logId}`,
      headers: { authorization: `Bearer ${A.client.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(d.sn);
  });

  it('pauses, mutes (at most 24 h), switches group, disables, deletes and restores in batches', async () => {
    const d1 = await createDevice(A.client, model.id);
    const d2 = await createDevice(A.client, model.id);
    const sim1 = await connect(d1);
    const ids = [d1.id, d2.id];
    const paused = expectOk(await A.client.post('/v1/devices/pause', { ids }));
    expect(paused.count).toBe(2);
    expect(paused.commands.map((c: { deviceId: number }) => c.deviceId)).toEqual([d1.id]); // only the online one
    expect((await answered(d1.id, paused.commands[0].commandId)).status).toBe('acked');
    expect(sim1.state.paused).toBe(true);
    expect(expectOk(await A.client.get('/v1/devices?paused=true')).total).toBeGreaterThanOrEqual(2);
    expectOk(await A.client.post('/v1/devices/mute', { ids }));
    const muted = expectOk(await A.client.get(`/v1/devices/${d2.id}`));
    expect(muted.muted).toBe(true);
    expect(Date.parse(muted.mutedUntil) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(expectOk(await A.client.get('/v1/devices/muted')).list.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining(ids),
    );
    await expectInvalid(
      (c) => c.post('/v1/devices/mute', { ids, minutes: 1441 }),
      A.client,
      'Incorrect format',
      '格式不正确',
    );
    expectOk(await A.client.post('/v1/devices/unmute', { ids }));
    expect(expectOk(await A.client.get(`/v1/devices/${d2.id}`)).muted).toBe(false);
    const g = expectOk(await A.client.post('/v1/groups', { name: `G${Date.now()}` }));
    expectOk(await A.client.post('/v1/devices/switch-group', { ids, groupId: g.id }));
    expect(expectOk(await A.client.get(`/v1/devices?groupId=${g.id}`)).total).toBe(2);
    expectOk(await A.client.post('/v1/devices/status', { ids: [d1.id], status: 1 }));
    // a disabled device is dropped at once and refused when it tries again
    await eventually(async () => !expectOk(await A.client.get(`/v1/devices/${d1.id}`)).online, 'kicked offline');
    await eventually(async () => sim1.lastRefusal === 5, 'reconnect refused');
    expectOk(await A.client.post('/v1/devices/delete', { ids: [d2.id] }));
    expect(expectOk(await A.client.get('/v1/devices/deleted')).list.map((x: { id: number }) => x.id)).toContain(d2.id);
    expectError(await A.client.post('/v1/devices/pause', { ids: [d2.id] }), 40004);
    expectOk(await A.client.post('/v1/devices/restore', { ids: [d2.id] }));
    expect(expectOk(await A.client.get(`/v1/devices/${d2.id}`)).status).toBe(2);
    await expectInvalid(
      (c) => c.post('/v1/devices/pause', { ids: [] }),
      A.client,
      'Please select at least one record',
      '请至少选择一条记录',
    );
  });

  it('sorts the deleted list by deletion time and the silence list by mute end', async () => {
    const C = await seedAccount(server);
    const [x, y, z] = [
      await createDevice(C.client, model.id),
      await createDevice(C.client, model.id),
      await createDevice(C.client, model.id),
    ];
    const at = (iso: string) => new Date(iso);
    for (const [d, when] of [
      [x, '2026-01-03T00:00:00Z'],
      [y, '2026-01-01T00:00:00Z'],
      [z, '2026-01-02T00:00:00Z'],
    ] as const) {
      await server.deps.db
        .update(devices)
        .set({ status: -1, deletedAt: at(when) })
        .where(eq(devices.id, d.id));
    }
    const ids = async (url: string) => expectOk(await C.client.get(url)).list.map((d: { id: number }) => d.id);
    expect(await ids('/v1/devices/deleted?sortField=deletedAt&sortOrder=ascend')).toEqual([y.id, z.id, x.id]);
    expect(await ids('/v1/devices/deleted?sortField=deletedAt&sortOrder=descend')).toEqual([x.id, z.id, y.id]);
    expectOk(await C.client.post('/v1/devices/restore', { ids: [x.id, y.id, z.id] }));
    const soon = Date.now() + 3600_000;
    for (const [d, later] of [
      [x, 2],
      [y, 3],
      [z, 1],
    ] as const) {
      await server.deps.db
        .update(devices)
        .set({ mutedUntil: new Date(soon + later * 60_000) })
        .where(eq(devices.id, d.id));
    }
    expect(await ids('/v1/devices/muted?sortField=mutedUntil&sortOrder=ascend')).toEqual([z.id, x.id, y.id]);
    expect(await ids('/v1/devices/muted?sortField=mutedUntil&sortOrder=descend')).toEqual([y.id, x.id, z.id]);
  });

  it('stores print information and the QR switch; sends them when online', async () => {
    const d = await createDevice(A.client, model.id);
    const params = {
      language: 'en',
      speed: 90,
      density: 'dark',
      voiceType: 'beep',
      volume: 50,
      communicationType: 'ethernet',
      logo: true,
      autoCut: false,
      paperWidth: 80,
      rateLimitSeconds: 10,
      rateLimitCount: 3,
    };
    expect(expectOk(await A.client.put(`/v1/devices/${d.id}/print-params`, params)).commandId).toBeNull();
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).printParams).toEqual(params);
    await expectInvalid(
      (c) => c.put(`/v1/devices/${d.id}/print-params`, { ...params, speed: 80 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'speed',
    );
    for (const [password, en, zh] of [
      ['abc', 'The password must be 4 to 16 letters or digits', '密码须为 4 到 16 位字母或数字'],
      ['a'.repeat(17), 'The password must be 4 to 16 letters or digits', '密码须为 4 到 16 位字母或数字'],
      ['ab c!', 'Only letters or digits', '只能包含字母或数字'],
    ]) {
      await expectInvalid(
        (c) => c.post(`/v1/devices/${d.id}/qr`, { enabled: true, password }),
        A.client,
        en!,
        zh!,
        'password',
      );
    }
    const sim = await connect(d);
    const qr = expectOk(await A.client.post(`/v1/devices/${d.id}/qr`, { enabled: true, password: 'abc123' }));
    expect(qr.device).toMatchObject({ qrEnabled: true, hasQrPassword: true });
    expect((await answered(d.id, qr.commandId)).status).toBe('acked');
    expect(sim.state.qr).toEqual({ enabled: true, password: 'abc123' });
    const pp = expectOk(await A.client.put(`/v1/devices/${d.id}/print-params`, { ...params, volume: 25 }));
    expect((await answered(d.id, pp.commandId)).status).toBe('acked');
    expect(sim.state.printParams.volume).toBe(25);
    const code = expectOk(await A.client.get(`/v1/common/getDeviceQrcodeUrl?sn=${d.sn}`));
    expect(code).toEqual({
      sn: d.sn,
      url: `${server.deps.config.publicUrl}/d/${d.sn}`,
      qrEnabled: true,
      hasPassword: true,
    });
    expectError(await B.client.get(`/v1/common/getDeviceQrcodeUrl?sn=${d.sn}`), 40004);
  });
});

describe('batch add from xlsx', () => {
  async function xlsx(rows: string[][], header = ['S/N', 'Name', 'Model code', 'Group name', 'Secret']) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  }
  async function waitDone(client: Client, id: string) {
    for (let i = 0; i < 100; i++) {
      const job = expectOk(await client.get(`/v1/devices/imports/${id}`));
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it('serves the template', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/v1/devices/import-template',
      headers: { authorization: `Bearer ${A.client.token}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).text).toBe('S/N');
  });

  it('creates the good rows and reports the bad ones by row number, in the reader’s language', async () => {
    const taken = await createDevice(A.client, model.id);
    const disabled = await createModel(op);
    expectOk(await op.post(`/v1/models/${disabled.id}/status`, { status: 0 }));
    const good1 = newSn();
    const good2 = newSn();
    const provisioned = newSn();
    const content = await xlsx([
      [good1, 'One', model.code, ''],
      ['bad sn', 'Two', model.code, ''],
      [taken.sn, 'Three', model.code, ''],
      [good2, 'Four', model.code.toLowerCase(), 'Default group'],
      [good1, 'Dup', model.code, ''],
      [newSn(), 'Six', 'NOPE', ''],
      [newSn(), 'Seven', disabled.code, ''],
      [newSn(), 'Eight', model.code, 'No such group'],
      [newSn(), 'Nine', model.code, '', 'too short'],
      [provisioned, 'Ten', model.code, '', 'factory_secret-0123456789'],
    ]);
    const job = expectOk(await A.client.post('/v1/devices/imports', { fileName: 'devices.xlsx', content }));
    expect(job).toMatchObject({ total: 10 });
    const done = await waitDone(A.client, job.id);
    expect(done).toMatchObject({ status: 'done', total: 10, processed: 10, created: 3 });
    expect(done.failed.map((f: { row: number; message: string }) => [f.row, f.message])).toEqual([
      [3, 'Incorrect Device S/N'],
      [4, 'Device S/N already exists'],
      [6, 'Device S/N appears more than once in the file'],
      [7, 'The selected model does not exist'],
      [8, 'This model is disabled; no new devices of it can be added'],
      [9, 'The selected group does not exist'],
      [10, 'The secret must be 16 to 64 letters, digits, - or _'],
    ]);
    // the factory's secret is the device's secret: it connects with it
    const [row] = await server.deps.db.select().from(devices).where(eq(devices.sn, provisioned));
    expect(row!.secret).toBe('factory_secret-0123456789');
    const zh = expectOk(await A.client.withLang('zh_CN').get(`/v1/devices/imports/${job.id}`));
    expect(zh.failed[0].message).toBe('设备 S/N 不正确');
    expect(expectOk(await A.client.get(`/v1/devices?sn=${good2}`)).total).toBe(1);
    expectError(await B.client.get(`/v1/devices/imports/${job.id}`), 40004);
  });

  it("refuses what is not an xlsx: 'File format error'", async () => {
    await expectInvalid(
      (c) => c.post('/v1/devices/imports', { content: Buffer.from('S/N,Name\n1,2').toString('base64') }),
      A.client,
      'File format error',
      '文件格式错误',
      'content',
    );
    const wrongHeader = await xlsx([['x', 'y', 'z']], ['a', 'b', 'c']);
    expectError(await A.client.post('/v1/devices/imports', { content: wrongHeader }), 40010, 'File format error');
  });
});

describe('access', () => {
  it('needs a token and the permission; keeps accounts apart', async () => {
    const d = await createDevice(A.client, model.id);
    expectError(await new Client(server).get('/v1/devices'), 40002);
    for (const [m, url] of [
      ['GET', `/v1/devices/${d.id}`],
      ['PUT', `/v1/devices/${d.id}`],
      ['POST', `/v1/devices/${d.id}/restart`],
    ] as const) {
      expectError(await B.client.call(m, url, m === 'GET' ? undefined : {}), 40004);
    }
    expectError(await B.client.post('/v1/devices/delete', { ids: [d.id] }), 40004);
    const viewer = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.physical.list', 'herald.device.physical.list.query'],
    });
    expectOk(await viewer.client.get('/v1/devices'));
    expectError(await viewer.client.post('/v1/devices', { sn: newSn(), modelId: model.id }), 40003);
    expectError(await viewer.client.post('/v1/devices/pause', { ids: [d.id] }), 40003);
    expectError(await viewer.client.post(`/v1/devices/${d.id}/restart`), 40003);
    expectError(await viewer.client.get('/v1/devices/muted'), 40003);
  });

  it('serves the device QR code page: list items carry their QR content, the page permission lists and switches', async () => {
    const d = await createDevice(A.client, model.id);
    const row = expectOk(await A.client.get(`/v1/devices?sn=${d.sn}`)).list[0];
    expect(row).toMatchObject({ sn: d.sn, qrUrl: `${server.deps.config.publicUrl}/d/${d.sn}` });
    // the list's qrUrl is what the one-device lookup says
    expect(expectOk(await A.client.get(`/v1/common/getDeviceQrcodeUrl?sn=${d.sn}`)).url).toBe(row.qrUrl);
    // a role holding only the QR page may list the devices; switching needs its edit button
    const qrViewer = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.qrcode', 'herald.device.qrcode.query'],
    });
    expect(expectOk(await qrViewer.client.get(`/v1/devices?sn=${d.sn}`)).list).toHaveLength(1);
    expectError(await qrViewer.client.post(`/v1/devices/${d.id}/qr`, { enabled: false }), 40003);
    const qrEditor = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.qrcode', 'herald.device.qrcode.query', 'herald.device.qrcode.edit'],
    });
    const off = expectOk(await qrEditor.client.post(`/v1/devices/${d.id}/qr`, { enabled: false }));
    expect(off.device).toMatchObject({ qrEnabled: false });
    // still scoped to the caller's account
    expectError(await B.client.post(`/v1/devices/${d.id}/qr`, { enabled: true }), 40004);
  });
});

async function expectInvalidConflict(url: string) {
  const en = await A.client.post(url);
  expectError(en, 40009, 'device not online');
  expectError(await A.client.withLang('zh_CN').post(url), 40009, '设备不在线');
}
