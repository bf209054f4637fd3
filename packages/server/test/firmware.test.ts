import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, otaTasks } from '../src/db/schema';
import { ORPHAN_FILE_AGE_MS, sweepOrphanFiles } from '../src/housekeeping/sweep-files';
import { findFirmwareForAccount } from '../src/modules/firmware/repo';
import { seedAccount, seedRoleUser } from './fixtures';
import { upload, uploaded } from './files-fixture';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createModel } from './fleet';
import { auditLines, expectInvalid } from './people';
import { makeZip } from './zip-fixture';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
let otherModelId: number;

const fwZip = (v: string) =>
  makeZip([
    { path: 'app.bin', data: `image ${v}` },
    { path: 'version.txt', data: v },
  ]);
const fwFile = async (client: Client, v = '1.00.00.00') =>
  (await uploaded(server, client, { purpose: 'firmware', name: `fw-${v}.zip` }, fwZip(v))).id;
const body = (fileId: number, extra: Record<string, unknown> = {}) => ({
  appName: 'printer-app',
  name: 'Printer firmware',
  versionName: '1.00.00.00',
  modelId,
  fileId,
  ...extra,
});
const ids = (page: Record<string, any>) => page.list.map((p: { id: number }) => p.id); // eslint-disable-line @typescript-eslint/no-explicit-any

/** An upgrade task of account A on a firmware package, stored as the task engine would. */
async function taskOn(firmwareId: number, toVersion: string) {
  const now = new Date();
  await server.deps.db.insert(otaTasks).values({
    accountId: A.accountId,
    name: `upgrade to ${toVersion}`,
    type: 0,
    firmwareId,
    toVersion,
    scope: 'all',
    effectiveAt: now,
    expireAt: new Date(now.getTime() + 86400_000),
    retries: 0,
    timeoutMinutes: 30,
  });
}

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  modelId = (await createModel(op)).id;
  otherModelId = (await createModel(op)).id;
});
afterAll(async () => server?.close());

describe('firmware packages', () => {
  let platformId: number;
  let ownId: number;

  it('adds a platform package (operator) every account sees, read-only to them', async () => {
    const fileId = await fwFile(op);
    const p = expectOk(await op.post('/v1/firmware', body(fileId, { remark: 'first' })));
    expect(p).toMatchObject({
      accountId: null,
      accountName: null,
      versionName: '1.00.00.00',
      modelId,
      signAlgorithm: 'sha256',
      packageType: 'whole',
      baseVersion: null,
      fileId,
      fileName: 'fw-1.00.00.00.zip',
      taskCount: 0,
      files: [
        { path: 'app.bin', size: 16 },
        { path: 'version.txt', size: 10 },
      ],
    });
    expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
    platformId = p.id;
    expect(ids(expectOk(await A.client.get('/v1/firmware')))).toContain(platformId);
    expect(ids(expectOk(await B.client.get('/v1/firmware')))).toContain(platformId);
    expectOk(await B.client.get(`/v1/firmware/${platformId}`));
    expectError(await A.client.delete(`/v1/firmware/${platformId}`), 40003);
    expect((await auditLines(server, 'firmware', 'add', 'Printer firmware')).length).toBeGreaterThan(0);
  });

  it("keeps an account's own package to that account", async () => {
    const fileId = await fwFile(A.client, '2.00.00.00');
    const p = expectOk(await A.client.post('/v1/firmware', body(fileId, { versionName: '2.00.00.00' })));
    expect(p.accountId).toBe(A.accountId);
    ownId = p.id;
    expect(ids(expectOk(await A.client.get('/v1/firmware')))).toEqual(expect.arrayContaining([ownId, platformId]));
    expect(ids(expectOk(await B.client.get('/v1/firmware')))).not.toContain(ownId);
    expectError(await B.client.get(`/v1/firmware/${ownId}`), 40004);
    expectError(await B.client.delete(`/v1/firmware/${ownId}`), 40004);
    expect(ids(expectOk(await op.get(`/v1/firmware?accountId=${A.accountId}`)))).toEqual([ownId]);
    expectError(await B.client.get(`/v1/firmware?accountId=${A.accountId}`), 40003);
    // the upgrade engine's view
    expect(await findFirmwareForAccount(server.deps.db, ownId, B.accountId)).toBeUndefined();
    const forA = await findFirmwareForAccount(server.deps.db, ownId, A.accountId);
    expect(forA).toMatchObject({
      id: ownId,
      file: { id: fileId, md5: expect.any(String), sha256: expect.any(String) },
    });
    expect((await findFirmwareForAccount(server.deps.db, platformId, B.accountId))?.accountId).toBeNull();
  });

  it("refuses another account's file or a file of another purpose", async () => {
    const aFile = await fwFile(A.client, '3.00.00.00');
    await expectInvalid(
      (c) => c.post('/v1/firmware', body(aFile, { versionName: '3.00.00.00' })),
      B.client,
      'The uploaded file does not exist',
      '上传的文件不存在',
      'fileId',
    );
    const res = expectOk(await upload(server, B.client, { purpose: 'resource', name: 'r.zip' }, fwZip('x')));
    expectError(await B.client.post('/v1/firmware', body(res.id)), 40010, 'The uploaded file does not exist');
    expectError(await B.client.post('/v1/firmware', body(999999)), 40010, 'The uploaded file does not exist');
  });

  it('needs an existing model, a base version for split packages, and a new version', async () => {
    const fileId = await fwFile(op, '4.00.00.00');
    await expectInvalid(
      (c) => c.post('/v1/firmware', body(fileId, { modelId: 999999 })),
      op,
      'The selected model does not exist',
      '所选型号不存在',
      'modelId',
    );
    await expectInvalid(
      (c) => c.post('/v1/firmware', body(fileId, { versionName: '4.00.00.00', packageType: 'split' })),
      op,
      'A split package needs its base version',
      '差分包需要填写基础版本',
      'baseVersion',
    );
    const split = expectOk(
      await op.post(
        '/v1/firmware',
        body(fileId, { versionName: '4.00.00.00', packageType: 'split', baseVersion: '3.00.00.00' }),
      ),
    );
    expect(split).toMatchObject({ packageType: 'split', baseVersion: '3.00.00.00' });
    const dup = await op.post(
      '/v1/firmware',
      body(fileId, { versionName: '4.00.00.00', packageType: 'split', baseVersion: '3.00.00.00' }),
    );
    expect(dup.status).toBe(409);
    expectError(dup, 40009, 'This version already exists');
    expectError(await op.withLang('zh_CN').post('/v1/firmware', body(fileId)), 40009, '该版本已存在');
    // the same version as the platform's is the account's own business; another model is another package
    expectOk(await A.client.post('/v1/firmware', body(await fwFile(A.client))));
    expectOk(await op.post('/v1/firmware', body(fileId, { modelId: otherModelId })));
    const bad = await op.post('/v1/firmware', body(fileId, { versionName: '1.0' }));
    expectError(bad, 40010, 'Incorrect format');
  });

  it('filters, sorts and pages the list', async () => {
    const byModel = expectOk(await op.get(`/v1/firmware?modelId=${otherModelId}`));
    expect(byModel.total).toBe(1);
    const sorted = expectOk(
      await A.client.get(`/v1/firmware?modelId=${modelId}&sortField=versionName&sortOrder=ascend`),
    );
    const versions = sorted.list.map((p: { versionName: string }) => p.versionName);
    expect(versions).toEqual([...versions].sort());
    const page = expectOk(await A.client.get(`/v1/firmware?modelId=${modelId}&page=2&pageSize=1`));
    expect(page.list).toHaveLength(1);
    expect(page.total).toBe(sorted.total);
    expect(expectOk(await A.client.get('/v1/firmware?name=nomatch')).total).toBe(0);
  });

  it('offers options for task forms: platform and own packages', async () => {
    const mine = expectOk(await A.client.get(`/v1/common/firmwareListQuery?modelId=${modelId}`));
    const values = mine.map((o: { value: number }) => o.value);
    expect(values).toEqual(expect.arrayContaining([platformId, ownId]));
    expect(mine[0]).toMatchObject({ label: expect.any(String), version: expect.any(String), modelId, language: null });
    const forB = expectOk(await op.get(`/v1/common/firmwareListQuery?accountId=${B.accountId}`));
    expect(forB.map((o: { value: number }) => o.value)).not.toContain(ownId);
  });

  it('checks permissions', async () => {
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.res.firmware.query'],
    });
    expectOk(await reader.client.get('/v1/firmware'));
    expectError(await reader.client.post('/v1/firmware', body(1)), 40003);
    expectError(await reader.client.delete(`/v1/firmware/${ownId}`), 40003);
    const none = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.group.query'],
    });
    expectError(await none.client.get('/v1/firmware'), 40003);
  });

  it("counts, for an account, only its own tasks on a platform package (not other accounts')", async () => {
    const p = expectOk(
      await op.post('/v1/firmware', body(await fwFile(op, '5.10.00.00'), { versionName: '5.10.00.00' })),
    );
    await taskOn(p.id, '5.10.00.00');
    const countIn = async (c: Client) => ({
      detail: expectOk(await c.get(`/v1/firmware/${p.id}`)).taskCount,
      list: expectOk(await c.get('/v1/firmware?pageSize=200')).list.find((x: { id: number }) => x.id === p.id)
        .taskCount,
    });
    expect(await countIn(A.client)).toEqual({ detail: 1, list: 1 });
    expect(await countIn(B.client)).toEqual({ detail: 0, list: 0 });
    expect(await countIn(op)).toEqual({ detail: 1, list: 1 });
    // still in use for the platform's sake
    expectError(await op.delete(`/v1/firmware/${p.id}`), 40009, 'The package is still used by tasks');
    await server.deps.db.delete(otaTasks).where(eq(otaTasks.firmwareId, p.id));
  });

  it("lets an account see an operator's upload only while a platform package carries it, and never build on it", async () => {
    const fileId = await fwFile(op, '8.00.00.00');
    const own = body(fileId, { versionName: '8.00.00.00' });
    const refused = async () => {
      expectError(await A.client.get(`/v1/files/${fileId}`), 40004);
      expectError(await A.client.post('/v1/firmware', own), 40010, 'The uploaded file does not exist');
    };
    await refused();
    const p = expectOk(await op.post('/v1/firmware', own));
    expect(expectOk(await A.client.get(`/v1/files/${fileId}`)).id).toBe(fileId);
    expectError(await A.client.post('/v1/firmware', own), 40010, 'The uploaded file does not exist');
    expectOk(await op.delete(`/v1/firmware/${p.id}`));
    await refused();
    // an account's own upload still serves it
    expectOk(
      await A.client.post('/v1/firmware', body(await fwFile(A.client, '8.00.00.01'), { versionName: '8.00.00.01' })),
    );
  });

  it('deletes a package only while no task uses it', async () => {
    const fileId = await fwFile(A.client, '5.00.00.00');
    const p = expectOk(await A.client.post('/v1/firmware', body(fileId, { versionName: '5.00.00.00' })));
    await taskOn(p.id, '5.00.00.00');
    expect(expectOk(await A.client.get(`/v1/firmware/${p.id}`)).taskCount).toBe(1);
    const res = await A.client.delete(`/v1/firmware/${p.id}`);
    expectError(res, 40009, 'The package is still used by tasks');
    await server.deps.db.delete(otaTasks).where(and(eq(otaTasks.firmwareId, p.id)));
    expectOk(await A.client.delete(`/v1/firmware/${p.id}`));
    expectError(await A.client.get(`/v1/firmware/${p.id}`), 40004);
    expect(ids(expectOk(await A.client.get('/v1/firmware?pageSize=200')))).not.toContain(p.id);
    expect((await auditLines(server, 'firmware', 'delete', '5.00.00.00')).length).toBe(1);
    // the version is free again
    expectOk(await A.client.post('/v1/firmware', body(fileId, { versionName: '5.00.00.00' })));
  });
});

describe('uploads no package uses', () => {
  it('are removed with their bytes after a day; files of packages (even deleted ones) stay', async () => {
    const orphan = await fwFile(A.client, '7.00.00.01');
    const fresh = await fwFile(A.client, '7.00.00.02');
    const used = await fwFile(A.client, '7.00.00.03');
    const deletedPkgFile = await fwFile(A.client, '7.00.00.04');
    expectOk(await A.client.post('/v1/firmware', body(used, { versionName: '7.00.00.03' })));
    const gone = expectOk(await A.client.post('/v1/firmware', body(deletedPkgFile, { versionName: '7.00.00.04' })));
    expectOk(await A.client.delete(`/v1/firmware/${gone.id}`));
    const { db, storage } = server.deps;
    const keyOf = async (id: number) => (await db.select().from(files).where(eq(files.id, id)))[0]?.storageKey;
    const orphanKey = (await keyOf(orphan))!;
    const aged = new Date(Date.now() - ORPHAN_FILE_AGE_MS - 60_000);
    for (const id of [orphan, used, deletedPkgFile])
      await db.update(files).set({ createdAt: aged }).where(eq(files.id, id));

    expect(await sweepOrphanFiles(db, storage)).toBe(1);
    expect(await keyOf(orphan)).toBeUndefined();
    await expect(storage.get(orphanKey)).rejects.toThrow();
    for (const id of [fresh, used, deletedPkgFile]) expect(await keyOf(id)).toBeDefined();
    const usedKey = (await keyOf(used))!;
    expect((await storage.get(usedKey)).length).toBeGreaterThan(0);
    // nothing left to do
    expect(await sweepOrphanFiles(db, storage)).toBe(0);
  });
});
