import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { auditLines, expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});
afterAll(async () => server?.close());

describe('applications', () => {
  it('creates with generated credentials shown once; shows them again only with the password', async () => {
    const app = expectOk(
      await A.client.post('/v1/applications', {
        name: 'POS',
        type: 3,
        accessType: 1,
        autoRegister: true,
        notifyUrl: 'https://x.example/n',
      }),
    );
    expect(app).toMatchObject({ type: 3, accessType: 1, autoRegister: true, pushMode: 1, deviceCount: 0 });
    expect(app.appSecret.length).toBeGreaterThan(20);
    const detail = expectOk(await A.client.get(`/v1/applications/${app.id}`));
    expect(detail.appSecret).toBeUndefined();
    expectError(
      await A.client.post(`/v1/applications/${app.id}/secret`, { password: 'nope' }),
      40010,
      'Password mismatch',
    );
    const s = expectOk(await A.client.post(`/v1/applications/${app.id}/secret`, { password: 'Shop@12345' }));
    expect(s).toEqual({ appKey: app.appKey, appSecret: app.appSecret, signKey: app.signKey });
    expect((await auditLines(server, 'app', 'viewSecret', 'POS')).length).toBe(1);
    expect(expectOk(await A.client.put(`/v1/applications/${app.id}`, { pushMode: 2 })).pushMode).toBe(2);
    expect(expectOk(await A.client.get('/v1/common/appListQuery')).map((x: { id: number }) => x.id)).toContain(app.id);
  });

  it('sorts the list by id, name or creation time as the console asks; newest first otherwise', async () => {
    const C = await seedAccount(server);
    const ids: number[] = [];
    for (const name of ['Till b', 'Till a', 'Till c'])
      ids.push(expectOk(await C.client.post('/v1/applications', { name, type: 3, accessType: 1 })).id);
    const names = async (q = '') =>
      expectOk(await C.client.get(`/v1/applications${q}`)).list.map((a: { name: string }) => a.name);
    expect(await names()).toEqual(['Till c', 'Till a', 'Till b']);
    expect(await names('?sortField=createdAt&sortOrder=ascend')).toEqual(['Till b', 'Till a', 'Till c']);
    expect(await names('?sortField=name&sortOrder=ascend')).toEqual(['Till a', 'Till b', 'Till c']);
    expect(await names('?sortField=id&sortOrder=descend&pageSize=1&page=3')).toEqual(['Till b']);
    await expectInvalid(
      (c) => c.get('/v1/applications?sortField=deviceCount'),
      C.client,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });

  it('validates type, URLs and name uniqueness', async () => {
    await expectInvalid(
      (c) => c.post('/v1/applications', { name: 'X', type: 5, accessType: 1 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'type',
    );
    await expectInvalid(
      (c) => c.post('/v1/applications', { name: 'X', type: 1, accessType: 1, callbackUrl: 'ftp://x' }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'callbackUrl',
    );
    await expectInvalid(
      (c) => c.post('/v1/applications', { type: 1, accessType: 1 }),
      A.client,
      'Please input',
      '请输入',
      'name',
    );
    expectOk(await A.client.post('/v1/applications', { name: 'Twin', type: 1, accessType: 2 }));
    expectError(
      await A.client.post('/v1/applications', { name: 'twin', type: 1, accessType: 2 }),
      40009,
      'Application name already exists',
    );
  });

  it('refuses to delete an application devices use', async () => {
    const app = expectOk(await A.client.post('/v1/applications', { name: 'Used', type: 4, accessType: 2 }));
    const model = await createModel(op);
    const d = await createDevice(A.client, model.id, { appId: app.id });
    expectError(await A.client.delete(`/v1/applications/${app.id}`), 40009, 'The application is still used by devices');
    expectOk(await A.client.post('/v1/devices/delete', { ids: [d.id] }));
    expectOk(await A.client.delete(`/v1/applications/${app.id}`));
  });

  it('operators list all but cannot change; accounts are kept apart; permissions apply', async () => {
    const app = expectOk(await A.client.post('/v1/applications', { name: 'Mine', type: 2, accessType: 1 }));
    expect(
      expectOk(await op.get(`/v1/applications?accountId=${A.accountId}`)).list.map((x: { id: number }) => x.id),
    ).toContain(app.id);
    expectError(await op.post('/v1/applications', { name: 'Op', type: 1, accessType: 1 }), 40003);
    expectError(await B.client.get(`/v1/applications/${app.id}`), 40004);
    expectError(await B.client.post(`/v1/applications/${app.id}/secret`, { password: 'Shop@12345' }), 40004);
    expectError(await new Client(server).get('/v1/applications'), 40002);
    const viewer = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.app', 'herald.app.query'],
    });
    expectOk(await viewer.client.get('/v1/applications'));
    expectError(await viewer.client.delete(`/v1/applications/${app.id}`), 40003);
  });
});
