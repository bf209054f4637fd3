import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { seedApplication } from './devices-fixture';
import { auditLines } from './people';

/**
 * /device/device-apply reads registrations through its own endpoints, so a role holding only
 * that menu ('herald.device.list') works without the physical device list's permission.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  model = await createModel(op);
});
afterAll(async () => {
  await server?.close();
});

const applyViewer = (accountId: number, extra: string[] = []) =>
  seedRoleUser(server, { side: 'ac', accountId, permissions: ['herald.device.list', ...extra] });

describe('device registrations', () => {
  it('lists and shows registrations to a role holding only the registrations menu', async () => {
    const app = await seedApplication(server, A.accountId);
    const d = await createDevice(A.client, model.id, { name: 'Counter', appId: app.id });
    const viewer = await applyViewer(A.accountId);

    const page = expectOk(await viewer.client.get(`/v1/device-registrations?sn=${d.sn}`));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: d.id,
      sn: d.sn,
      name: 'Counter',
      modelName: model.name,
      appId: app.id,
      appName: app.name,
      activated: false,
      activatedAt: null,
    });
    expect(page.list[0].createdAt).toEqual(expect.any(String));
    // a registration carries no live state, print settings or secret
    expect(page.list[0].telemetry).toBeUndefined();
    expect(page.list[0].secret).toBeUndefined();

    const byApp = expectOk(await viewer.client.get(`/v1/device-registrations?appId=${app.id}`));
    expect(byApp.list.map((r: { id: number }) => r.id)).toEqual([d.id]);

    expect(expectOk(await viewer.client.get(`/v1/device-registrations/${d.id}`))).toMatchObject({
      id: d.id,
      sn: d.sn,
      appName: app.name,
    });
  });

  it('does not open the physical device list, its detail or its edits', async () => {
    const d = await createDevice(A.client, model.id);
    const viewer = await applyViewer(A.accountId, ['herald.device.list.edit']);
    expectError(await viewer.client.get('/v1/devices'), 40003);
    expectError(await viewer.client.get(`/v1/devices/${d.id}`), 40003);
    expectError(await viewer.client.put(`/v1/devices/${d.id}`, { name: 'x' }), 40003);
  });

  it('edits name, contact phone and group with the edit action only, and audits it', async () => {
    const d = await createDevice(A.client, model.id);
    const group = expectOk(await A.client.post('/v1/groups', { name: `Bar ${d.sn}` }));
    const reader = await applyViewer(A.accountId);
    expectError(await reader.client.put(`/v1/device-registrations/${d.id}`, { name: 'Nope' }), 40003);

    const editor = await applyViewer(A.accountId, ['herald.device.list.edit']);
    const saved = expectOk(
      await editor.client.put(`/v1/device-registrations/${d.id}`, {
        name: 'Kitchen',
        contactPhone: '13800002222',
        groupId: group.id,
      }),
    );
    expect(saved).toMatchObject({ name: 'Kitchen', contactPhone: '13800002222', groupId: group.id });
    expect((await auditLines(server, 'device', 'edit', d.sn)).length).toBe(1);
    // bad input: a localized field error, nothing changed
    const bad = await editor.client.put(`/v1/device-registrations/${d.id}`, { contactPhone: 'abc' });
    expectError(bad, 40010);
    expect(expectOk(await editor.client.get(`/v1/device-registrations/${d.id}`)).contactPhone).toBe('13800002222');
  });

  it("keeps accounts apart: another account's registrations are neither listed nor found nor editable", async () => {
    const mine = await createDevice(A.client, model.id);
    const theirs = await createDevice(B.client, model.id);
    const viewer = await applyViewer(A.accountId, ['herald.device.list.edit']);

    const all = expectOk(await viewer.client.get('/v1/device-registrations?pageSize=100'));
    expect(all.list.every((r: { accountId: number }) => r.accountId === A.accountId)).toBe(true);
    expect(all.list.some((r: { id: number }) => r.id === mine.id)).toBe(true);
    // an account user's accountId filter is ignored: still their own account
    const forced = expectOk(
      await viewer.client.get(`/v1/device-registrations?accountId=${B.accountId}&sn=${theirs.sn}`),
    );
    expect(forced.total).toBe(0);

    expectError(await viewer.client.get(`/v1/device-registrations/${theirs.id}`), 40004);
    expectError(await viewer.client.put(`/v1/device-registrations/${theirs.id}`, { name: 'Mine now' }), 40004);
    expect(expectOk(await B.client.get(`/v1/devices/${theirs.id}`)).name).toBeNull();

    // operators see every account's, and may narrow to one
    const opPage = expectOk(await op.get(`/v1/device-registrations?accountId=${B.accountId}&sn=${theirs.sn}`));
    expect(opPage.list[0]).toMatchObject({ id: theirs.id, accountId: B.accountId, accountName: expect.any(String) });
  });

  it('leaves deleted devices out', async () => {
    const d = await createDevice(A.client, model.id);
    expectOk(await A.client.post('/v1/devices/delete', { ids: [d.id] }));
    expect(expectOk(await A.client.get(`/v1/device-registrations?sn=${d.sn}`)).total).toBe(0);
    expectError(await A.client.get(`/v1/device-registrations/${d.id}`), 40004);
  });
});
