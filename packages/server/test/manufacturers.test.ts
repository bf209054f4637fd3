import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { expectInvalid, uniq } from './people';
import { seedDevice, seedModel } from './devices-fixture';
import { devices } from '../src/db/schema';
import { eq } from 'drizzle-orm';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-cert-'));

/** A self-signed certificate with this subject, made by openssl. */
function cert(subject: string, days = 365): string {
  const name = uniq();
  const key = path.join(dir, `${name}.key`);
  const out = path.join(dir, `${name}.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      out,
      '-days',
      String(days),
      '-subj',
      subject,
    ],
    { stdio: 'ignore' },
  );
  return fs.readFileSync(out, 'utf8');
}

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server, 'Admin@67890');
  A = await seedAccount(server);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('manufacturers', () => {
  it('CRUD with licence capacity; licence range checked in both languages', async () => {
    const m = expectOk(await op.post('/v1/manufacturers', { name: 'Acme Devices', code: `acme${uniq()}` }));
    expect(m).toMatchObject({ capacity: 0, remaining: 0, deviceCount: 0 });
    expectError(
      await op.post('/v1/manufacturers', { name: 'Other', code: m.code.toUpperCase() }),
      40009,
      'Manufacturer code already exists',
    );
    const from = new Date(Date.now() - 86400000).toISOString();
    const to = new Date(Date.now() + 10 * 86400000).toISOString();
    await expectInvalid(
      (c) =>
        c.post(`/v1/manufacturers/${m.id}/licences`, { number: 'L1', validFrom: to, validTo: from, maxDevices: 5 }),
      op,
      'The starting value cannot be greater than the ending value',
      '起始值不能大于结束值',
      'validTo',
    );
    const lic = expectOk(
      await op.post(`/v1/manufacturers/${m.id}/licences`, {
        number: `L${uniq()}`,
        validFrom: from,
        validTo: to,
        maxDevices: 5,
      }),
    );
    expect(lic).toMatchObject({ maxDevices: 5, remaining: 5, connected: 0, expiresInDays: 10 });
    expect(expectOk(await op.get(`/v1/manufacturers/${m.id}`))).toMatchObject({ capacity: 5, remaining: 5 });
    // a second valid licence adds up; one not yet valid counts for nothing
    expectOk(
      await op.post(`/v1/manufacturers/${m.id}/licences`, {
        number: `L${uniq()}`,
        validFrom: from,
        validTo: to,
        maxDevices: 1000,
      }),
    );
    const later = new Date(Date.now() + 5 * 86400000).toISOString();
    expectOk(
      await op.post(`/v1/manufacturers/${m.id}/licences`, {
        number: `L${uniq()}`,
        validFrom: later,
        validTo: to,
        maxDevices: 7,
      }),
    );
    expect(expectOk(await op.get(`/v1/manufacturers/${m.id}`))).toMatchObject({
      capacity: 1005,
      remaining: 1005,
      licenceCount: 3,
    });
    const exp = expectOk(await op.get('/v1/manufacturers/expiring?days=30'));
    expect(exp.licences.map((l: { id: number }) => l.id)).toContain(lic.id);
    expect(expectOk(await op.put(`/v1/manufacturers/${m.id}`, { contact: 'Ann' })).contact).toBe('Ann');
    const gone = expectOk(await op.post('/v1/manufacturers', { name: 'Gone', code: `g${uniq()}` }));
    expectOk(await op.delete(`/v1/manufacturers/${gone.id}`));
    expectError(await op.get(`/v1/manufacturers/${gone.id}`), 40004);
  });

  it('counts activated devices against the licence that expires first, so the shares add up', async () => {
    const m = expectOk(await op.post('/v1/manufacturers', { name: 'Split Ltd', code: `split${uniq()}` }));
    const day = 86400000;
    const licence = async (maxDevices: number, fromDays: number, toDays: number) =>
      expectOk(
        await op.post(`/v1/manufacturers/${m.id}/licences`, {
          number: `S${uniq()}`,
          validFrom: new Date(Date.now() + fromDays * day).toISOString(),
          validTo: new Date(Date.now() + toDays * day).toISOString(),
          maxDevices,
        }),
      ).id as number;
    const soon = await licence(3, -1, 10);
    const later = await licence(10, -1, 100);
    const future = await licence(4, 5, 200);
    const model = await seedModel(server);
    for (let i = 0; i < 5; i++) {
      const d = await seedDevice(server, A.accountId, model.id, { manufacturerId: m.id });
      await server.deps.db.update(devices).set({ activated: true }).where(eq(devices.id, d.id));
    }
    const { list } = expectOk(await op.get(`/v1/licences?manufacturerId=${m.id}`));
    const byId = Object.fromEntries(list.map((l: { id: number }) => [l.id, l]));
    expect(byId[soon]).toMatchObject({ maxDevices: 3, activated: 3, remaining: 0 });
    expect(byId[later]).toMatchObject({ maxDevices: 10, activated: 2, remaining: 8 });
    expect(byId[future]).toMatchObject({ maxDevices: 4, activated: 0, remaining: 4 });
    expect(expectOk(await op.get(`/v1/manufacturers/${m.id}`))).toMatchObject({ capacity: 13, remaining: 8 });
    // by validity, as the console's columns ask
    const order = async (q: string) =>
      expectOk(await op.get(`/v1/licences?manufacturerId=${m.id}&${q}`)).list.map((l: { id: number }) => l.id);
    expect(await order('sortField=validTo&sortOrder=ascend')).toEqual([soon, later, future]);
    expect(await order('sortField=validFrom&sortOrder=descend')).toEqual([future, later, soon]);
    expectError(await op.get('/v1/licences?sortField=remaining'), 40010, 'Incorrect format');
  });

  it("shows an account its own connected devices, not other accounts'; the licence's use is the manufacturer's", async () => {
    const B = await seedAccount(server);
    const m = expectOk(await op.post('/v1/manufacturers', { name: 'Shared Ltd', code: `shared${uniq()}` }));
    const id = expectOk(
      await op.post(`/v1/manufacturers/${m.id}/licences`, {
        number: `L${uniq()}`,
        validFrom: new Date(Date.now() - 86400000).toISOString(),
        validTo: new Date(Date.now() + 40 * 86400000).toISOString(),
        maxDevices: 10,
      }),
    ).id as number;
    const model = await seedModel(server);
    for (const [accountId, n] of [
      [A.accountId, 1],
      [B.accountId, 3],
    ]) {
      for (let i = 0; i < n!; i++) {
        const d = await seedDevice(server, accountId!, model.id, { manufacturerId: m.id });
        await server.deps.db.update(devices).set({ activated: true, online: true }).where(eq(devices.id, d.id));
      }
    }
    const seen = async (c: Client) => [
      expectOk(await c.get(`/v1/licences?manufacturerId=${m.id}`)).list[0],
      expectOk(await c.get('/v1/manufacturers/expiring?days=60')).licences.find((l: { id: number }) => l.id === id),
    ];
    for (const l of await seen(A.client)) expect(l).toMatchObject({ id, activated: 4, remaining: 6, connected: 1 });
    for (const l of await seen(B.client)) expect(l).toMatchObject({ id, activated: 4, remaining: 6, connected: 3 });
    for (const l of await seen(op)) expect(l).toMatchObject({ id, activated: 4, remaining: 6, connected: 4 });
  });

  it('sorts manufacturers by their columns, the counts included, as asked', async () => {
    const tag = `srt${uniq()}`;
    const model = await seedModel(server);
    const made: Record<string, number> = {};
    // name, code, activated devices
    for (const [name, code, activated] of [
      ['Beta', 'c', 2],
      ['Alpha', 'b', 0],
      ['Gamma', 'a', 1],
    ] as const) {
      const m = expectOk(await op.post('/v1/manufacturers', { name: `${name} ${tag}`, code: `${tag}${code}` }));
      made[name] = m.id;
      for (let i = 0; i < activated; i++) {
        const d = await seedDevice(server, A.accountId, model.id, { manufacturerId: m.id });
        await server.deps.db.update(devices).set({ activated: true }).where(eq(devices.id, d.id));
      }
    }
    const order = async (q: string) =>
      expectOk(await op.get(`/v1/manufacturers?code=${tag}&${q}`)).list.map((m: { name: string }) =>
        m.name.replace(` ${tag}`, ''),
      );
    expect(await order('')).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(await order('sortField=name&sortOrder=ascend')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await order('sortField=code&sortOrder=ascend')).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(await order('sortField=activatedCount&sortOrder=descend')).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await order('sortField=activatedCount&sortOrder=ascend&pageSize=1&page=2')).toEqual(['Gamma']);
    expect(await order('sortField=id&sortOrder=ascend')).toEqual(['Beta', 'Alpha', 'Gamma']);
    expectError(await op.get('/v1/manufacturers?sortField=remaining'), 40010, 'Incorrect format');
  });

  it('sorts certificates by validity as asked', async () => {
    const m = expectOk(await op.post('/v1/manufacturers', { name: 'Order Ltd', code: `ord${uniq()}` }));
    const ids: number[] = [];
    for (const days of [100, 10, 50])
      ids.push(
        expectOk(await op.post(`/v1/manufacturers/${m.id}/certificates`, { pem: cert(`/CN=${m.code}`, days) })).id,
      );
    const order = async (q: string) =>
      expectOk(await op.get(`/v1/certificates?manufacturerId=${m.id}&${q}`)).list.map((c: { id: number }) => c.id);
    expect(await order('sortField=validTo&sortOrder=ascend')).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order('sortField=validTo&sortOrder=descend')).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order('')).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('imports a matching certificate, refuses a mismatched one, revokes only with the password', async () => {
    const code = `fab${uniq()}`;
    const m = expectOk(await op.post('/v1/manufacturers', { name: 'Fab Works', code }));
    await expectInvalid(
      (c) => c.post(`/v1/manufacturers/${m.id}/certificates`, { pem: cert('/O=Somebody Else/CN=other') }),
      op,
      'Licence or certificate does not match the manufacturer',
      '许可证或证书与厂商不匹配',
      'pem',
    );
    await expectInvalid(
      (c) => c.post(`/v1/manufacturers/${m.id}/certificates`, { pem: 'not a cert' }),
      op,
      'File format error',
      '文件格式错误',
    );
    const pem = cert(`/O=Fab Works/CN=${code}`, 20);
    const c = expectOk(await op.post(`/v1/manufacturers/${m.id}/certificates`, { pem }));
    expect(c).toMatchObject({ manufacturerId: m.id, revokedAt: null, expiresInDays: 20 });
    expectError(
      await op.post(`/v1/manufacturers/${m.id}/certificates`, { pem }),
      40009,
      'This certificate has already been imported',
    );
    const dl = await server.app.inject({
      method: 'GET',
      url: `/v1/certificates/${c.id}/download`,
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(dl.body).toContain('BEGIN CERTIFICATE');
    expectError(await op.post(`/v1/certificates/${c.id}/revoke`, { password: 'wrong' }), 40010, 'Password mismatch');
    expect(expectOk(await op.get(`/v1/certificates?manufacturerId=${m.id}`)).list[0].revokedAt).toBeNull();
    const revoked = expectOk(await op.post(`/v1/certificates/${c.id}/revoke`, { password: 'Admin@67890' }));
    expect(revoked.revokedAt).not.toBeNull();
    expectError(
      await op.post(`/v1/certificates/${c.id}/revoke`, { password: 'Admin@67890' }),
      40009,
      'This certificate has already been revoked',
    );
  });

  it('account users see certificates of their devices’ manufacturers only, read-only', async () => {
    const mine = expectOk(await op.post('/v1/manufacturers', { name: 'Mine', code: `mine${uniq()}` }));
    const other = expectOk(await op.post('/v1/manufacturers', { name: 'Other', code: `oth${uniq()}` }));
    const c1 = expectOk(await op.post(`/v1/manufacturers/${mine.id}/certificates`, { pem: cert(`/CN=${mine.code}`) }));
    const c2 = expectOk(
      await op.post(`/v1/manufacturers/${other.id}/certificates`, { pem: cert(`/CN=${other.code}`) }),
    );
    const model = await createModel(op);
    await createDevice(A.client, model.id, { manufacturerId: mine.id });
    const list = expectOk(await A.client.get('/v1/certificates'));
    expect(list.list.map((c: { id: number }) => c.id)).toEqual([c1.id]);
    expectError(await A.client.get(`/v1/certificates/${c2.id}/download`), 40004);
    expectError(await A.client.post(`/v1/certificates/${c1.id}/revoke`, { password: 'Shop@12345' }), 40003);
    expectError(await A.client.get('/v1/manufacturers'), 40003);
    expectError(await new Client(server).get('/v1/certificates'), 40002);
    const options = expectOk(await A.client.get('/v1/common/manufacturerListQuery'));
    expect(options.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
  });
});
