import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { uploaded } from './files-fixture';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { auditLines, expectInvalid } from './people';
import { makeApk } from './zip-fixture';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let anon: Client;
const apks = new Map<string, Buffer>();

async function addVersion(versionName: string, extra: Record<string, unknown> = {}) {
  const apk = makeApk([{ path: 'version.txt', data: versionName }]);
  apks.set(versionName, apk);
  const file = await uploaded(server, op, { purpose: 'smartConfig', name: `SmartConfig-${versionName}.apk` }, apk);
  return expectOk(await op.post('/v1/smart-config', { versionName, fileId: file.id, ...extra })) as { id: number };
}
const download = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  anon = new Client(server);
});
afterAll(async () => server?.close());

describe('SmartConfig versions', () => {
  const v: Record<string, { id: number }> = {};

  it('answers 404 in the envelope while nothing is listed', async () => {
    const res = await anon.get('/public/smart-config/latest');
    expect(res.status).toBe(404);
    expectError(res, 40004);
    expect((await download('/public/smart-config/download')).statusCode).toBe(404);
  });

  it('adds versions, each newer than all before', async () => {
    v.a = await addVersion('1.00.00.01', { notes: 'first' });
    expect(v.a).toMatchObject({
      status: 'listed',
      updateType: 'optional',
      downloads: 0,
      notes: 'first',
      fileName: 'SmartConfig-1.00.00.01.apk',
    });
    v.b = await addVersion('1.00.00.02', { updateType: 'forced' });
    v.c = await addVersion('1.00.00.10');
    const file = await uploaded(server, op, { purpose: 'smartConfig', name: 'old.apk' }, makeApk());
    await expectInvalid(
      (c) => c.post('/v1/smart-config', { versionName: '1.00.00.09', fileId: file.id }),
      op,
      'The version must be newer than every existing version',
      '版本号必须高于所有已有版本',
      'versionName',
    );
    const dup = await op.post('/v1/smart-config', { versionName: '1.00.00.02', fileId: file.id });
    expectError(dup, 40009, 'This version already exists');
    expectError(
      await op.withLang('zh_CN').post('/v1/smart-config', { versionName: '1.0.0.2', fileId: file.id }),
      40009,
      '该版本已存在',
    );
    const fw = await uploaded(server, op, { purpose: 'firmware', name: 'fw.bin' }, Buffer.from('x'));
    expectError(
      await op.post('/v1/smart-config', { versionName: '9.00.00.00', fileId: fw.id }),
      40010,
      'The uploaded file does not exist',
    );
    const list = expectOk(await op.get('/v1/smart-config'));
    expect(list.list.map((x: { versionName: string }) => x.versionName)).toEqual([
      '1.00.00.10',
      '1.00.00.02',
      '1.00.00.01',
    ]);
    expect((await auditLines(server, 'smartConfig', 'add', '1.00.00.10')).length).toBe(1);
  });

  it('tells an app whether to update, forced when it would skip a forced release', async () => {
    const at = async (current?: string) =>
      expectOk(await anon.get(`/public/smart-config/latest${current ? `?current=${current}` : ''}`));
    expect(await at()).toMatchObject({
      versionName: '1.00.00.10',
      updateType: 'optional',
      updateAvailable: true,
      downloadUrl: expect.stringContaining(`/public/smart-config/${v.c!.id}/download`),
    });
    expect(await at('1.00.00.01')).toMatchObject({
      versionName: '1.00.00.10',
      updateType: 'forced',
      updateAvailable: true,
    });
    expect(await at('1.00.00.02')).toMatchObject({ updateType: 'optional', updateAvailable: true });
    expect(await at('1.00.00.10')).toMatchObject({ updateType: 'optional', updateAvailable: false });
    expectError(await anon.get('/public/smart-config/latest?current=banana'), 40010);
  });

  it('edits update type and notes', async () => {
    const e = expectOk(await op.put(`/v1/smart-config/${v.c!.id}`, { updateType: 'forced', notes: 'security fix' }));
    expect(e).toMatchObject({ updateType: 'forced', notes: 'security fix' });
    expect(expectOk(await anon.get('/public/smart-config/latest?current=1.00.00.02')).updateType).toBe('forced');
    expectOk(await op.put(`/v1/smart-config/${v.c!.id}`, { updateType: 'optional' }));
  });

  it('delists with a reason and relists only while no newer version is listed', async () => {
    await expectInvalid(
      (c) => c.post(`/v1/smart-config/${v.c!.id}/delist`, { reason: '' }),
      op,
      'Please input',
      '请输入',
      'reason',
    );
    const d = expectOk(await op.post(`/v1/smart-config/${v.c!.id}/delist`, { reason: 'crashes on Android 9' }));
    expect(d).toMatchObject({
      status: 'delisted',
      delistReason: 'crashes on Android 9',
      delistedAt: expect.any(String),
    });
    expect(expectOk(await anon.get('/public/smart-config/latest')).versionName).toBe('1.00.00.02');
    expectOk(await op.post(`/v1/smart-config/${v.a!.id}/delist`, { reason: 'old' }));
    // 1.00.00.02 is still listed: 1.00.00.01 may not come back over it
    await expectInvalid(
      (c) => c.post(`/v1/smart-config/${v.a!.id}/list`),
      op,
      'Version numbers not consecutive, re-release not permitted',
      '版本号不连续，不允许重新发布',
    );
    // the newest may always come back
    expect(expectOk(await op.post(`/v1/smart-config/${v.c!.id}/list`))).toMatchObject({
      status: 'listed',
      delistReason: null,
    });
    expectOk(await op.post(`/v1/smart-config/${v.b!.id}/delist`, { reason: 'x' }));
    expectOk(await op.post(`/v1/smart-config/${v.c!.id}/delist`, { reason: 'x' }));
    expectOk(await op.post(`/v1/smart-config/${v.a!.id}/list`));
    expect(expectOk(await op.get('/v1/smart-config?status=listed')).list.map((x: { id: number }) => x.id)).toEqual([
      v.a!.id,
    ]);
    expect((await auditLines(server, 'smartConfig', 'delist', 'crashes')).length).toBe(1);
    // back to 1.00.00.10 listed for the download test
    expectOk(await op.post(`/v1/smart-config/${v.b!.id}/list`));
    expectOk(await op.post(`/v1/smart-config/${v.c!.id}/list`));
  });

  it('serves the newest listed apk as an attachment and counts downloads', async () => {
    const res = await download('/public/smart-config/download');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(apks.get('1.00.00.10'));
    expect(res.headers['content-disposition']).toContain('filename="SmartConfig-1.00.00.10.apk"');
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    await download(`/public/smart-config/${v.c!.id}/download`);
    // resuming a download is not another download
    const part = await download('/public/smart-config/download', { range: 'bytes=10-' });
    expect(part.statusCode).toBe(206);
    // nor is asking about it
    const head = await server.app.inject({ method: 'HEAD', url: '/public/smart-config/download' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(apks.get('1.00.00.10')!.length));
    expect(expectOk(await op.get(`/v1/smart-config/${v.c!.id}`)).downloads).toBe(2);
    // concurrent downloads all count
    await Promise.all(Array.from({ length: 5 }, () => download(`/public/smart-config/${v.b!.id}/download`)));
    expect(expectOk(await op.get(`/v1/smart-config/${v.b!.id}`)).downloads).toBe(5);
    // a delisted version is not served
    expectOk(await op.post(`/v1/smart-config/${v.c!.id}/delist`, { reason: 'x' }));
    expect((await download(`/public/smart-config/${v.c!.id}/download`)).statusCode).toBe(404);
    expect((await download('/public/smart-config/download')).rawPayload).toEqual(apks.get('1.00.00.02'));
  });

  it('sorts by id, downloads or creation time when asked; not by version name', async () => {
    const ids = async (q: string) =>
      expectOk(await op.get(`/v1/smart-config${q}`)).list.map((x: { id: number }) => x.id);
    // downloads so far: a 0, c 2, b 5
    expect(await ids('?sortField=downloads&sortOrder=descend')).toEqual([v.b!.id, v.c!.id, v.a!.id]);
    expect(await ids('?sortField=downloads&sortOrder=ascend')).toEqual([v.a!.id, v.c!.id, v.b!.id]);
    expect(await ids('?sortField=id&sortOrder=ascend')).toEqual([v.a!.id, v.b!.id, v.c!.id]);
    expect(await ids('?sortField=createdAt&sortOrder=ascend&pageSize=1&page=2')).toEqual([v.b!.id]);
    await expectInvalid(
      (c) => c.get('/v1/smart-config?sortField=versionName'),
      op,
      'Incorrect format',
      '格式不正确',
      'sortField',
    );
  });

  it("is the operators' alone", async () => {
    const A = await seedAccount(server);
    expectError(await A.client.get('/v1/smart-config'), 40003);
    const viewer = await seedRoleUser(server, { side: 'op', permissions: ['herald.res.scapp.query'] });
    expectOk(await viewer.client.get('/v1/smart-config'));
    expectError(await viewer.client.post(`/v1/smart-config/${v.a!.id}/delist`, { reason: 'x' }), 40003);
    expectError(await viewer.client.put(`/v1/smart-config/${v.a!.id}`, { notes: 'x' }), 40003);
  });
});
