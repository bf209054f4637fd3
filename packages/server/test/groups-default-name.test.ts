import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroups } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';

/**
 * The default group is stored once (is_default, placeholder name) and shown in the request's
 * language wherever its name appears: groups, the group lookup, devices, registrations.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let modelId: number;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  modelId = (await createModel(op)).id;
});
afterAll(async () => server?.close());

const defaultOf = async (c: Client) =>
  expectOk(await c.get('/v1/groups')).list.find((g: { isDefault: boolean }) => g.isDefault);

describe('the default group in both languages', () => {
  it('is named in the language of the request, and stored once, untranslated', async () => {
    const A = await seedAccount(server);
    const zh = A.client.withLang('zh_CN');
    const en = await defaultOf(A.client);
    const cn = await defaultOf(zh);
    expect(en).toMatchObject({ isDefault: true, name: 'Default group' });
    expect(cn).toMatchObject({ id: en.id, isDefault: true, name: '默认分组' });
    expect(expectOk(await zh.get(`/v1/groups/${en.id}`)).name).toBe('默认分组');

    const [row] = await server.deps.db.select().from(deviceGroups).where(eq(deviceGroups.id, en.id));
    expect(row).toMatchObject({ isDefault: true, name: 'Default group' });

    const options = expectOk(await zh.get('/v1/common/groupListQuery'));
    expect(options.find((o: { isDefault: boolean }) => o.isDefault).name).toBe('默认分组');
    expect(
      expectOk(await op.withLang('zh_CN').get(`/v1/common/groupListQuery?accountId=${A.accountId}`)).find(
        (o: { isDefault: boolean }) => o.isDefault,
      ).name,
    ).toBe('默认分组');
  });

  it('names the group of a device in the language of the request', async () => {
    const A = await seedAccount(server);
    const d = await createDevice(A.client.withLang('zh_CN'), modelId);
    expect(d.groupName).toBe('默认分组');
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).groupName).toBe('Default group');
    expect(expectOk(await A.client.withLang('zh_CN').get(`/v1/devices?sn=${d.sn}`)).list[0].groupName).toBe('默认分组');
    expect(expectOk(await A.client.withLang('zh_CN').get(`/v1/device-registrations/${d.id}`)).groupName).toBe(
      '默认分组',
    );
  });

  it('keeps following the language when saved back with its shown name; a new name is kept as typed', async () => {
    const A = await seedAccount(server);
    const zh = A.client.withLang('zh_CN');
    const def = await defaultOf(zh);
    // the console sends the shown (translated) name back with a new description
    expect(expectOk(await zh.put(`/v1/groups/${def.id}`, { name: '默认分组', description: 'till' }))).toMatchObject({
      name: '默认分组',
      description: 'till',
    });
    expect((await defaultOf(A.client)).name).toBe('Default group');

    expectOk(await A.client.put(`/v1/groups/${def.id}`, { name: 'Front desk' }));
    expect((await defaultOf(zh)).name).toBe('Front desk');
    expect((await defaultOf(A.client)).name).toBe('Front desk');
  });

  it("keeps the default group's name, in any language, for the default group", async () => {
    const A = await seedAccount(server);
    for (const name of ['Default group', '默认分组', 'default GROUP']) {
      expectError(await A.client.post('/v1/groups', { name }), 40009, 'Group name already exists');
    }
    const zh = A.client.withLang('zh_CN');
    const res = await zh.post('/v1/groups', { name: '默认分组' });
    expect(res.body.code).toBe(40009);
    const other = expectOk(await A.client.post('/v1/groups', { name: 'Bar' }));
    expect((await A.client.put(`/v1/groups/${other.id}`, { name: '默认分组' })).body.code).toBe(40009);
    expect(expectOk(await A.client.get(`/v1/groups/${other.id}`)).name).toBe('Bar');
  });
});
