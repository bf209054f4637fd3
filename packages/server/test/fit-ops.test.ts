import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, type Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel, newSn } from './fleet';
import { eventually } from './devices-fixture';
import { observePush } from '../src/modules/push-alarms/watch';
import { DEFAULT_ALARM_SETTINGS } from '@herald/contract';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let printer: Awaited<ReturnType<typeof createModel>>;
let speaker: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  printer = await createModel(op);
  speaker = await createModel(op, { type: 'speaker' });
});
afterAll(async () => {
  await server?.close();
});

describe('what the console asks before a delete', () => {
  it('a group answers the device count the delete then moves', async () => {
    const g = expectOk(await A.client.post('/v1/groups', { name: `G${newSn()}` }));
    await createDevice(A.client, printer.id, { groupId: g.id });
    await createDevice(A.client, printer.id, { groupId: g.id });
    expect(expectOk(await A.client.get(`/v1/groups/${g.id}`)).deviceCount).toBe(2);
    expect(expectOk(await A.client.delete(`/v1/groups/${g.id}`))).toEqual({ movedDevices: 2 });
  });
});

describe('a speaker has no paper', () => {
  const params = {
    language: 'en',
    speed: 90,
    density: 'dark',
    voiceType: 'beep',
    volume: 40,
    communicationType: 'ethernet',
    logo: true,
    autoCut: false,
    paperWidth: 80,
    rateLimitSeconds: 0,
    rateLimitCount: 0,
  };

  it('keeps the printer-only settings of a speaker as they were, and takes the rest', async () => {
    const d = await createDevice(A.client, speaker.id);
    const before = expectOk(await A.client.get(`/v1/devices/${d.id}`)).printParams;
    expectOk(await A.client.put(`/v1/devices/${d.id}/print-params`, params));
    const after = expectOk(await A.client.get(`/v1/devices/${d.id}`)).printParams;
    expect(after).toEqual({
      ...params,
      speed: before.speed,
      density: before.density,
      logo: before.logo,
      autoCut: before.autoCut,
      paperWidth: before.paperWidth,
    });
    expect(after.paperWidth).not.toBe(80);
  });

  it('a printer takes them all', async () => {
    const d = await createDevice(A.client, printer.id);
    expectOk(await A.client.put(`/v1/devices/${d.id}/print-params`, params));
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).printParams).toEqual(params);
  });
});

describe('a batch add offers the secrets it made once', () => {
  async function xlsx(rows: string[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(['S/N', 'Name', 'Model code', 'Group name', 'Secret']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  }
  async function waitDone(client: Client, id: string) {
    for (let i = 0; i < 200; i++) {
      const job = expectOk(await client.get(`/v1/devices/imports/${id}`));
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it('to the importer, once; factory secrets are not among them', async () => {
    const made = [newSn(), newSn()];
    const provisioned = newSn();
    const content = await xlsx([
      [made[0]!, 'One', printer.code, ''],
      [provisioned, 'Two', printer.code, '', 'factory_secret-0123456789'],
      [made[1]!, 'Three', printer.code, ''],
      ['bad sn', 'Four', printer.code, ''],
    ]);
    const job = expectOk(await A.client.post('/v1/devices/imports', { fileName: 'd.xlsx', content }));
    const done = await waitDone(A.client, job.id);
    expect(done).toMatchObject({ status: 'done', created: 3, generatedSecrets: 2 });

    // another user of the account, even one who may batch add, does not get them
    const colleague = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.physical.list', 'herald.device.physical.list.batchAdd'],
    });
    expectError(await colleague.client.post(`/v1/devices/imports/${job.id}/secrets`, {}), 40004);

    const { list } = expectOk(await A.client.post(`/v1/devices/imports/${job.id}/secrets`, {}));
    const rows = await server.deps.db.select().from(devices).where(inArray(devices.sn, made));
    expect([...list].sort((a, b) => a.sn.localeCompare(b.sn))).toEqual(
      rows.map((r) => ({ sn: r.sn, secret: r.secret })).sort((a, b) => a.sn.localeCompare(b.sn)),
    );
    // never again readable: the job counts none and a second call is refused with its own message
    expect(expectOk(await A.client.get(`/v1/devices/imports/${job.id}`)).generatedSecrets).toBe(0);
    const again = await A.client.post(`/v1/devices/imports/${job.id}/secrets`, {});
    expectError(again, 40010);
    expect(again.body.message).toMatch(/shown only once/);
    const [dev] = await server.deps.db.select().from(devices).where(eq(devices.sn, provisioned));
    expect(dev!.secret).toBe('factory_secret-0123456789');
  });
});

describe("operators read every account's geofences", () => {
  it('lists, filters by account, opens and lists events with herald.op.geo.fence; changes nothing', async () => {
    const B = await seedAccount(server);
    const fences: Record<number, number> = {};
    for (const acct of [A, B]) {
      expectOk(await op.post(`/v1/accounts/${acct.accountId}/geo-service`, { enabled: true }));
      const d = await createDevice(acct.client, printer.id);
      const f = expectOk(
        await acct.client.post('/v1/geo-fences', {
          name: `Fence ${newSn()}`,
          lat: 22.5,
          lng: 114.1,
          radius: 200,
          deviceIds: [d.id],
        }),
      );
      fences[acct.accountId] = f.id;
    }
    const reader = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.geo.fence', 'herald.op.geo.fence.query'],
    });
    const all = expectOk(await reader.client.get('/v1/geo-fences?pageSize=100'));
    const ids = all.list.map((f: { id: number }) => f.id);
    expect(ids).toEqual(expect.arrayContaining([fences[A.accountId], fences[B.accountId]]));
    const ofB = expectOk(await reader.client.get(`/v1/geo-fences?accountId=${B.accountId}`));
    expect(ofB.list.map((f: { id: number; accountName: string }) => [f.id, f.accountName])).toEqual([
      [fences[B.accountId], expect.stringContaining('Shop')],
    ]);
    const detail = expectOk(await reader.client.get(`/v1/geo-fences/${fences[A.accountId]}`));
    expect(detail).toMatchObject({ accountId: A.accountId, deviceCount: 1 });
    expect(detail.devices).toHaveLength(1);
    expectOk(await reader.client.get(`/v1/geo-fences/events?accountId=${A.accountId}`));
    // read only: an operator neither adds, edits, switches nor deletes a fence
    const id = fences[A.accountId]!;
    expectError(await reader.client.put(`/v1/geo-fences/${id}`, { name: 'Moved' }), 40003);
    expectError(await reader.client.post(`/v1/geo-fences/${id}/status`, { enabled: false }), 40003);
    expectError(await reader.client.delete(`/v1/geo-fences/${id}`), 40003);
    // an operator without the permission does not read them; an account user never another's
    const other = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.op.account', 'herald.op.account.query'],
    });
    expectError(await other.client.get('/v1/geo-fences'), 40003);
    expectError(await A.client.get(`/v1/geo-fences/${fences[B.accountId]}`), 40004);
    expectError(await A.client.get(`/v1/geo-fences?accountId=${B.accountId}`), 40003);
  });
});

describe('the push-delay alarm service, beside the other value-added services', () => {
  it('is on for an account until an operator switches it off; off, a slow push raises nothing', async () => {
    const C = await seedAccount(server);
    const job = { accountId: C.accountId, deviceId: 2_000_000_000 };
    const slow = DEFAULT_ALARM_SETTINGS.thresholdMs + 1_000;
    // this server's copy of the account's monitoring is read in the background: judged from then on
    const judged = (want: boolean) =>
      eventually(
        async () => (observePush(server.deps, job, slow, Date.now()) !== undefined) === want || undefined,
        `judged ${want}`,
      );
    expect(expectOk(await op.get(`/v1/accounts/${C.accountId}`)).pushAlarmEnabled).toBe(true);
    await judged(true);
    expectError(await C.client.post(`/v1/accounts/${C.accountId}/push-alarm-service`, { enabled: false }), 40003);
    const off = expectOk(await op.post(`/v1/accounts/${C.accountId}/push-alarm-service`, { enabled: false }));
    expect(off.pushAlarmEnabled).toBe(false);
    await judged(false);
    expectOk(await op.post(`/v1/accounts/${C.accountId}/push-alarm-service`, { enabled: true }));
    await judged(true);
  });
});

describe('device type names', () => {
  it("are in the reader's language wherever the server answers them", async () => {
    const types = expectOk(await op.withLang('zh_CN').get('/v1/device-types')) as {
      id: number;
      code: string;
      name: string;
    }[];
    const printerType = types.find((d) => d.code === 'cloud-printer')!;
    expect(printerType.name).toBe('云打印机');
    const en = expectOk(await op.withLang('en_US').get('/v1/device-types')) as { code: string; name: string }[];
    expect(en.find((d) => d.code === 'cloud-printer')!.name).toBe('Cloud printer');
    const m = await createModel(op, { deviceTypeId: printerType.id });
    expect(expectOk(await op.withLang('zh_CN').get(`/v1/models/${m.id}`)).deviceTypeName).toBe('云打印机');
    const list = expectOk(await op.withLang('zh_CN').get(`/v1/models?code=${m.code}`));
    expect(list.list[0].deviceTypeName).toBe('云打印机');
    expect(expectOk(await op.withLang('en_US').get(`/v1/models/${m.id}`)).deviceTypeName).toBe('Cloud printer');
  });
});

describe('own data only, in a geofence', () => {
  it("shows a narrowed user only their own devices in a fence's detail, and counts only those", async () => {
    expectOk(await op.post(`/v1/accounts/${A.accountId}/geo-service`, { enabled: true }));
    const self = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: [
        'herald.device.physical.list',
        'herald.device.physical.list.add',
        'herald.geo.fence',
        'herald.geo.fence.query',
      ],
    });
    await server.deps.db.update(users).set({ dataPermission: 'self' }).where(eq(users.id, self.userId));
    const mine = await createDevice(self.client, printer.id);
    const theirs = await createDevice(A.client, printer.id);
    const fence = expectOk(
      await A.client.post('/v1/geo-fences', {
        name: `Fence ${newSn()}`,
        lat: 22.5,
        lng: 114.1,
        radius: 200,
        deviceIds: [mine.id, theirs.id],
      }),
    );
    expect(expectOk(await A.client.get(`/v1/geo-fences/${fence.id}`)).devices).toHaveLength(2);
    const seen = expectOk(await self.client.get(`/v1/geo-fences/${fence.id}`));
    expect(seen.devices.map((d: { id: number }) => d.id)).toEqual([mine.id]);
    expect(seen.deviceCount).toBe(1);
    // the fence list counts the same way for them, and the whole fence for the administrator
    const row = (page: { list?: { id: number; deviceCount: number }[] }) => page.list?.find((f) => f.id === fence.id);
    expect(row(expectOk(await self.client.get('/v1/geo-fences?pageSize=100')))?.deviceCount).toBe(1);
    expect(row(expectOk(await A.client.get('/v1/geo-fences?pageSize=100')))?.deviceCount).toBe(2);
  });
});

describe('own data only, and names', () => {
  it("a narrowed user's template or business name never confirms another user's row; their own still clash", async () => {
    const self = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.template', 'herald.dev.template.add', 'herald.dev.business', 'herald.dev.business.add'],
    });
    await server.deps.db.update(users).set({ dataPermission: 'self' }).where(eq(users.id, self.userId));
    const name = `Secret menu ${newSn()}`;
    const body = { modelId: printer.id, body: 'Order {{no}}', params: [{ name: 'no', sample: '1' }] };
    expectOk(await A.client.post('/v1/templates', { name, ...body }));
    const mine = expectOk(await self.client.post('/v1/templates', { name, ...body }));
    expectError(await self.client.post('/v1/templates', { name, ...body }), 40009);
    expectOk(await A.client.post('/v1/businesses', { name, type: 1, voiceContent: 'Paid' }));
    expectOk(await self.client.post('/v1/businesses', { name, type: 0, templateId: mine.id }));
    expectError(await self.client.post('/v1/businesses', { name, type: 1, voiceContent: 'Paid' }), 40009);
  });
});
