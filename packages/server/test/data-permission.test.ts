import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, permissionsForSide } from '@herald/contract';
import { seedDevice, seedModel } from './devices-fixture';
import { activateFromMail, seedAccount } from './fixtures';
import { Client, expectError, expectOk, startServer } from './harness';
import { insertJob } from './job-rows';
import { createRole, createUser, uniq } from './people';

/**
 * "Own data only" (a user's data permission 'self', spec §3): such a user of an account sees the
 * devices assigned to them, what they made, and their devices' records, in every list, detail,
 * lookup, export and dashboard figure; the account's administrator and users with 'all' see the
 * whole account. Devices are assigned by someone who sees the whole account.
 */

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
let A: Awaited<ReturnType<typeof seedAccount>>;
let self: { id: number; client: Client };
let whole: { id: number; client: Client };
type Device = Awaited<ReturnType<typeof seedDevice>>;
let mine: Device[];
let others: Device;
let myJob: number;
let othersJob: number;
let modelId: number;

const PASSWORD = 'User@12345';

/** A signed-in user of A holding every account permission, with the data permission given. */
async function person(dataPermission: 'all' | 'self') {
  const role = await createRole(A.client, permissionsForSide('ac'));
  const user = await createUser(A.client, { roleIds: [role.id], dataPermission });
  await activateFromMail(server, user.email, PASSWORD);
  return { id: user.id as number, client: await new Client(server).login(user.username, PASSWORD) };
}

const ids = (page: { list?: { id: number }[] }) => (page.list ?? []).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startServer();
  A = await seedAccount(server);
  self = await person('self');
  whole = await person('all');
  const model = await seedModel(server);
  modelId = model.id;
  mine = [await seedDevice(server, A.accountId, model.id), await seedDevice(server, A.accountId, model.id)];
  others = await seedDevice(server, A.accountId, model.id);
  const assigned = expectOk(
    await A.client.post('/v1/devices/assign-owner', { ids: mine.map((d) => d.id), userId: self.id }),
  );
  expect(assigned.count).toBe(2);
  const base = (d: Device) => ({ accountId: A.accountId, deviceId: d.id, sn: d.sn });
  myJob = (await insertJob(server, base(mine[0]!), { status: JobStatus.SUCCESS })).id;
  othersJob = (await insertJob(server, base(others), { status: JobStatus.SUCCESS })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('devices', () => {
  it('lists only the devices assigned to an own-data user, and all of them to the others', async () => {
    const own = expectOk(await self.client.get('/v1/devices?pageSize=100'));
    expect(ids(own)).toEqual(mine.map((d) => d.id).sort((a, b) => a - b));
    expect(own.total).toBe(2);
    expect(own.list[0].ownerUserId).toBe(self.id);
    expect(own.list[0].ownerName).toBeTruthy();
    for (const c of [A.client, whole.client]) expect(expectOk(await c.get('/v1/devices?pageSize=100')).total).toBe(3);
    // the owner filter of the list
    const filtered = expectOk(await A.client.get(`/v1/devices?ownerUserId=${self.id}`));
    expect(ids(filtered)).toEqual(ids(own));
  });

  it("answers another user's device as not found, in details and batch actions", async () => {
    expectError(await self.client.get(`/v1/devices/${others.id}`), 40004);
    expectOk(await self.client.get(`/v1/devices/${mine[0]!.id}`));
    expectError(await self.client.post('/v1/devices/pause', { ids: [mine[0]!.id, others.id] }), 40004);
    expectError(await self.client.get(`/v1/common/getDeviceQrcodeUrl?sn=${others.sn}`), 40004);
    expectOk(await whole.client.get(`/v1/devices/${others.id}`));
  });

  it("exports only the user's devices", async () => {
    const res = await self.client.get('/v1/devices/export?format=csv');
    expect(res.status).toBe(200);
    const text = String(res.body.raw);
    for (const d of mine) expect(text).toContain(d.sn);
    expect(text).not.toContain(others.sn);
    expect(text).toContain('"Assigned to"');
  });

  it('lets only a user who sees the whole account assign devices', async () => {
    expectError(await self.client.post('/v1/devices/assign-owner', { ids: [mine[0]!.id], userId: whole.id }), 40003);
    // a user of another account is no one to assign to
    const B = await seedAccount(server);
    expectError(await A.client.post('/v1/devices/assign-owner', { ids: [others.id], userId: B.adminId }), 40010);
    expectOk(await whole.client.post('/v1/devices/assign-owner', { ids: [others.id], userId: null }));
  });
});

describe('records and the dashboard', () => {
  it('shows an own-data user the records of their devices only', async () => {
    const list = expectOk(await self.client.get('/v1/records/print?pageSize=100'));
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([myJob]);
    expectOk(await self.client.get(`/v1/records/print/${myJob}`));
    expectError(await self.client.get(`/v1/records/print/${othersJob}`), 40004);
    expectError(await self.client.get(`/v1/records/delivery/${othersJob}`), 40004);
    const all = expectOk(await whole.client.get('/v1/records/print?pageSize=100'));
    expect(all.list.map((r: { id: number }) => r.id).sort()).toEqual([myJob, othersJob].sort());
  });

  it("counts an own-data user's devices and jobs only on the dashboard", async () => {
    const t = expectOk(await self.client.get('/v1/dashboard/queryTotalStat?utcOffset=0'));
    expect(t.devices.total).toBe(2);
    expect(t.today.requested).toBe(1);
    const states = expectOk(await self.client.get('/v1/dashboard/queryDevicePhysicalStat?utcOffset=0'));
    expect(states.online + states.offline + states.disabled + states.notEnabled).toBe(2);
    const models = expectOk(await self.client.get('/v1/dashboard/queryModelStat?utcOffset=0'));
    expect(models.models.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(2);
    expect(expectOk(await whole.client.get('/v1/dashboard/queryTotalStat?utcOffset=0')).devices.total).toBe(3);
  });
});

describe('what a user makes', () => {
  it('shows templates and businesses to their maker only (and to those who see the whole account)', async () => {
    const theirs = expectOk(
      await A.client.post('/v1/templates', { name: `T ${uniq()}`, modelId, body: 'Hello', params: [] }),
    );
    const own = expectOk(
      await self.client.post('/v1/templates', { name: `T ${uniq()}`, modelId, body: 'Hi', params: [] }),
    );
    expect(ids(expectOk(await self.client.get('/v1/templates?pageSize=100')))).toEqual([own.id]);
    expectError(await self.client.get(`/v1/templates/${theirs.id}`), 40004);
    const options = expectOk(await self.client.get('/v1/common/templateListQuery'));
    expect(options.map((o: { value: number }) => o.value)).toEqual([own.id]);
    // a business cannot use a template its maker cannot see
    expectError(
      await self.client.post('/v1/businesses', { name: `B ${uniq()}`, type: 0, templateId: theirs.id }),
      40010,
    );
    const b = expectOk(await self.client.post('/v1/businesses', { name: `B ${uniq()}`, type: 0, templateId: own.id }));
    const ab = expectOk(await A.client.post('/v1/businesses', { name: `B ${uniq()}`, type: 0, templateId: theirs.id }));
    expect(ids(expectOk(await self.client.get('/v1/businesses?pageSize=100')))).toEqual([b.id]);
    expectError(await self.client.get(`/v1/businesses/${ab.id}`), 40004);
    expect(expectOk(await whole.client.get('/v1/templates?pageSize=100')).total).toBe(2);
  });

  it("keeps an own-data user's push task to their devices, and the others' tasks out of sight", async () => {
    const push = (c: Client) =>
      c.post('/v1/push-tasks', { name: `Push ${uniq()}`, ttlHours: 1, type: 'message', message: 'Hi', scope: 'all' });
    const own = expectOk(await push(self.client));
    const results = expectOk(await self.client.get(`/v1/push-tasks/${own.id}/results?pageSize=100`));
    expect(results.list.map((r: { deviceId: number }) => r.deviceId).sort()).toEqual(mine.map((d) => d.id).sort());
    const theirs = expectOk(await push(A.client));
    expectError(await self.client.get(`/v1/push-tasks/${theirs.id}`), 40004);
    expect(ids(expectOk(await self.client.get('/v1/push-tasks?pageSize=100')))).toEqual([own.id]);
  });
});

describe('the operation log', () => {
  it("lists and exports only an own-data user's own entries; the others see the whole account's", async () => {
    // an entry of each: the administrator's and the own-data user's template
    const adminName = `LogAdmin ${uniq()}`;
    const ownName = `LogSelf ${uniq()}`;
    expectOk(await A.client.post('/v1/templates', { name: adminName, modelId, body: 'Hello', params: [] }));
    expectOk(await self.client.post('/v1/templates', { name: ownName, modelId, body: 'Hi', params: [] }));
    const mine = expectOk(await self.client.get('/v1/oper-logs?pageSize=100'));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((r: { userId: number }) => r.userId === self.id)).toBe(true);
    const texts = (page: typeof mine) => (page.list as { description: string }[]).map((r) => r.description).join('\n');
    expect(texts(mine)).toContain(ownName);
    expect(texts(mine)).not.toContain(adminName);
    const all = expectOk(await whole.client.get('/v1/oper-logs?pageSize=100'));
    expect(texts(all)).toContain(adminName);
    expect(texts(all)).toContain(ownName);
    const csv = await self.client.get('/v1/file/recordDownloadOperLog');
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw)).toContain(ownName);
    expect(String(csv.body.raw)).not.toContain(adminName);
  });

  it("shows, counts and replaces only an own-data user's members of an OTA cohort; others' devices are not found to them", async () => {
    const memberIds = (c: unknown) =>
      (c as { members: { id: number }[] }).members.map((m) => m.id).sort((a, b) => a - b);
    const all = [...mine.map((d) => d.id), others.id].sort((a, b) => a - b);
    const cohort = expectOk(
      await A.client.post('/v1/ota-cohorts', { name: `mixed ${uniq()}`, source: 'manual', deviceIds: all }),
    );
    expect(cohort.size).toBe(3);

    const seen = expectOk(await self.client.get(`/v1/ota-cohorts/${cohort.id}`));
    expect(memberIds(seen)).toEqual(ids({ list: mine }));
    expect(seen.size).toBe(2);
    const listed = expectOk(await self.client.get('/v1/ota-cohorts?pageSize=100'));
    expect(listed.list.find((c: { id: number }) => c.id === cohort.id).size).toBe(2);
    expect(expectOk(await whole.client.get(`/v1/ota-cohorts/${cohort.id}`)).size).toBe(3);

    // what they name of another user's is not theirs to take in
    const picked = expectOk(
      await self.client.post('/v1/ota-cohorts', {
        name: `mine ${uniq()}`,
        source: 'manual',
        deviceIds: [mine[0]!.id, others.id],
      }),
    );
    expect(memberIds(picked)).toEqual([mine[0]!.id]);
    const sheet = Buffer.from(`SN\n${mine[1]!.sn}\n${others.sn}\n`).toString('base64');
    const fromSheet = expectOk(
      await self.client.post('/v1/ota-cohorts', {
        name: `sheet ${uniq()}`,
        source: 'file',
        file: { fileName: 'sns.csv', content: sheet },
      }),
    );
    expect(memberIds(fromSheet)).toEqual([mine[1]!.id]);
    expect(fromSheet.notFound).toEqual([others.sn]);

    // replacing the members replaces theirs only: the cohort keeps the device they cannot see
    const replaced = expectOk(
      await self.client.put(`/v1/ota-cohorts/${cohort.id}`, { source: 'manual', deviceIds: [mine[0]!.id] }),
    );
    expect(memberIds(replaced)).toEqual([mine[0]!.id]);
    const after = expectOk(await A.client.get(`/v1/ota-cohorts/${cohort.id}`));
    expect(memberIds(after)).toEqual([mine[0]!.id, others.id].sort((a, b) => a - b));
  });
});
