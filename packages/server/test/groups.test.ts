import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { auditLines, expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  modelId = (await createModel(op)).id;
});
afterAll(async () => server?.close());

describe('device groups', () => {
  it('every account starts with its default group, also one made through the accounts API', async () => {
    const list = expectOk(await A.client.get('/v1/groups'));
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ isDefault: true, name: 'Default group' });
    const acc = expectOk(
      await op.post('/v1/accounts', {
        name: `Acc ${Date.now()}`,
        country: 'CN',
        timeZone: 'Asia/Shanghai',
        industry: '01',
        subjectType: 'business',
        subjectName: 'X',
        adminEmail: `g${Date.now()}@example.com`,
      }),
    );
    const groups = await server.deps.db.select().from(deviceGroups).where(eq(deviceGroups.accountId, acc.id));
    expect(groups.map((g) => g.isDefault)).toEqual([true]);
  });

  it('creates, edits, lists and deletes a group; its devices move to the default group', async () => {
    const g = expectOk(await A.client.post('/v1/groups', { name: 'Front desk', description: 'Lobby' }));
    expect(g).toMatchObject({ isDefault: false, deviceCount: 0, accountId: A.accountId });
    const d = await createDevice(A.client, modelId, { groupId: g.id });
    expect(d.groupId).toBe(g.id);
    expect(expectOk(await A.client.put(`/v1/groups/${g.id}`, { name: 'Reception' })).name).toBe('Reception');
    expect(expectOk(await A.client.get(`/v1/groups/${g.id}`)).deviceCount).toBe(1);
    const options = expectOk(await A.client.get('/v1/common/groupListQuery'));
    expect(options.map((o: { id: number }) => o.id)).toContain(g.id);
    expect(expectOk(await A.client.delete(`/v1/groups/${g.id}`))).toEqual({ movedDevices: 1 });
    const moved = expectOk(await A.client.get(`/v1/devices/${d.id}`));
    const def = options.find((o: { isDefault: boolean }) => o.isDefault);
    expect(moved.groupId).toBe(def.id);
    expect((await auditLines(server, 'group', 'delete', 'Reception')).length).toBe(1);
  });

  it('sorts by id, name or creation time when asked; the default group first otherwise', async () => {
    const C = await seedAccount(server);
    // capitals after D: the same order under C and under a language's collation
    for (const name of ['F-second', 'E-first', 'G-third']) expectOk(await C.client.post('/v1/groups', { name }));
    const names = async (q = '') =>
      expectOk(await C.client.get(`/v1/groups${q}`)).list.map((g: { name: string }) => g.name);
    expect(await names()).toEqual(['Default group', 'F-second', 'E-first', 'G-third']);
    expect(await names('?sortField=id&sortOrder=descend')).toEqual(['G-third', 'E-first', 'F-second', 'Default group']);
    expect(await names('?sortField=createdAt&sortOrder=ascend')).toEqual([
      'Default group',
      'F-second',
      'E-first',
      'G-third',
    ]);
    expect(await names('?sortField=name&sortOrder=ascend')).toEqual([
      'Default group',
      'E-first',
      'F-second',
      'G-third',
    ]);
    expect(await names('?sortField=id&sortOrder=descend&pageSize=2&page=2')).toEqual(['F-second', 'Default group']);
    await expectInvalid(
      (c) => c.get('/v1/groups?sortField=deviceCount'),
      C.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });

  it('refuses to delete the default group, in both languages', async () => {
    const def = expectOk(await A.client.get('/v1/groups')).list.find((g: { isDefault: boolean }) => g.isDefault);
    await expectInvalid(
      (c) => c.delete(`/v1/groups/${def.id}`),
      A.client,
      'The default group cannot be deleted',
      '默认分组不能删除',
    );
  });

  it('validates names: required, unique per account', async () => {
    await expectInvalid((c) => c.post('/v1/groups', { name: '' }), A.client, 'Please input', '请输入', 'name');
    expectOk(await A.client.post('/v1/groups', { name: 'Kitchen' }));
    expectError(await A.client.post('/v1/groups', { name: 'kitchen' }), 40009, 'Group name already exists');
    expectOk(await B.client.post('/v1/groups', { name: 'Kitchen' }));
  });

  it("keeps accounts apart, needs a token and the permission, and is the account side's", async () => {
    const g = expectOk(await A.client.post('/v1/groups', { name: 'Private' }));
    expectError(await B.client.get(`/v1/groups/${g.id}`), 40004);
    expectError(await B.client.put(`/v1/groups/${g.id}`, { name: 'Mine' }), 40004);
    expectError(await B.client.delete(`/v1/groups/${g.id}`), 40004);
    expect(expectOk(await B.client.get('/v1/groups')).list.map((x: { id: number }) => x.id)).not.toContain(g.id);
    expectError(await new Client(server).get('/v1/groups'), 40002);
    expectError(await op.get('/v1/groups'), 40003);
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.group', 'herald.device.group.query'],
    });
    expectOk(await staff.client.get('/v1/groups'));
    expectError(await staff.client.post('/v1/groups', { name: 'Nope' }), 40003);
    expectError(await staff.client.delete(`/v1/groups/${g.id}`), 40003);
    // operators pick an account for the lookup
    expectError(await op.get('/v1/common/groupListQuery'), 40010, 'Please select an application or account first');
    expect(expectOk(await op.get(`/v1/common/groupListQuery?accountId=${A.accountId}`)).length).toBeGreaterThan(1);
    expectError(await B.client.get(`/v1/common/groupListQuery?accountId=${A.accountId}`), 40003);
  });
});
