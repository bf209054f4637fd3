import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTasks } from '../src/db/schema';
import { findResourceForAccount } from '../src/modules/resource-packages/repo';
import { voicePack } from '../src/modules/trade-speak/voice-pack';
import { seedAccount, seedRoleUser } from './fixtures';
import { uploaded } from './files-fixture';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { auditLines, expectInvalid } from './people';
import { makeZip, type ZipEntry } from './zip-fixture';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;

/** Every clip the English broadcast needs, as `<name>.mp3` (or under `en_US/` when `folder`). */
const englishClips = (folder = false): ZipEntry[] =>
  voicePack('en_US').map((c) => ({
    path: `${folder ? 'en_US/' : ''}${c.clip.slice('en_US/'.length)}.mp3`,
    data: `mp3 of ${c.text}`,
    method: 'store' as const,
  }));
const packFile = async (client: Client, entries: ZipEntry[], name = 'voice.zip') =>
  uploaded(server, client, { purpose: 'resource', name }, makeZip(entries));
const body = (fileId: number, extra: Record<string, unknown> = {}) => ({
  name: 'English voice',
  kind: 'language',
  language: 'en_US',
  version: '1.00.00.00',
  fileId,
  ...extra,
});
const ids = (page: Record<string, any>) => page.list.map((p: { id: number }) => p.id); // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});
afterAll(async () => server?.close());

describe('resource packages', () => {
  let platformId: number;
  let ownId: number;

  it('adds a complete language pack and lists its clips', async () => {
    const entries = [...englishClips(), { path: 'readme.txt', data: 'about' }, { path: 'zh_CN/num.1.mp3', data: 'x' }];
    const file = await packFile(op, entries);
    const p = expectOk(await op.post('/v1/resource-packages', body(file.id)));
    const expected = voicePack('en_US').map((c) => c.clip);
    expect(p).toMatchObject({
      accountId: null,
      kind: 'language',
      language: 'en_US',
      fileCount: entries.length,
      digest: file.sha256,
      md5: file.md5,
      size: file.size,
      missingClips: [],
      taskCount: 0,
      fileId: file.id,
    });
    expect([...p.clips].sort()).toEqual([...expected].sort());
    expect(p.files).toHaveLength(entries.length);
    platformId = p.id;
    expect(ids(expectOk(await B.client.get('/v1/resource-packages')))).toContain(platformId);
    expect((await auditLines(server, 'resourcePackage', 'add', 'English voice')).length).toBe(1);
  });

  it('takes clips inside a folder named for the language too', async () => {
    const file = await packFile(A.client, englishClips(true));
    const p = expectOk(await A.client.post('/v1/resource-packages', body(file.id, { version: '1.00.00.01' })));
    expect(p.accountId).toBe(A.accountId);
    expect(p.clips).toHaveLength(voicePack('en_US').length);
    ownId = p.id;
  });

  it('refuses a language pack lacking broadcast clips, or without a language', async () => {
    const file = await packFile(op, englishClips().slice(3));
    await expectInvalid(
      (c) => c.post('/v1/resource-packages', body(file.id, { version: '2.00.00.00' })),
      op,
      'The language pack lacks voice clips the transaction broadcast needs',
      '语言包缺少交易播报所需的语音文件',
      'fileId',
    );
    // the refusal names the missing clips
    const refused = await op.post('/v1/resource-packages', body(file.id, { version: '2.00.00.00' }));
    const lacking = voicePack('en_US')
      .slice(0, 3)
      .map((c) => c.clip);
    expect([...refused.body.data.missingClips].sort()).toEqual([...lacking].sort());
    // clips of another language do not count
    const wrong = await packFile(
      op,
      englishClips().map((e) => ({ ...e, path: `th/${e.path}` })),
    );
    expectError(
      await op.post('/v1/resource-packages', body(wrong.id, { version: '2.00.00.00' })),
      40010,
      'The language pack lacks voice clips the transaction broadcast needs',
    );
    await expectInvalid(
      (c) => c.post('/v1/resource-packages', body(file.id, { language: undefined })),
      op,
      'Language is required for a language package task',
      '语言包任务需要选择语言',
      'language',
    );
  });

  it('adds an opaque resource pack with its file count and digest', async () => {
    const zip = makeZip([
      { path: 'img/logo.bmp', data: 'bmp' },
      { path: 'font.bin', data: 'font' },
    ]);
    const file = await uploaded(server, op, { purpose: 'resource', name: 'assets.pz' }, zip);
    const p = expectOk(
      await op.post('/v1/resource-packages', {
        name: 'Assets',
        kind: 'resource',
        version: '1.00.00.00',
        fileId: file.id,
      }),
    );
    expect(p).toMatchObject({
      kind: 'resource',
      language: null,
      fileCount: 2,
      digest: createHash('sha256').update(zip).digest('hex'),
      clips: [],
      missingClips: [],
    });
  });

  it('refuses a duplicate version and a file of another owner or purpose', async () => {
    const file = await packFile(op, englishClips());
    const dup = await op.post('/v1/resource-packages', body(file.id));
    expect(dup.status).toBe(409);
    expectError(dup, 40009, 'This version already exists');
    const aFile = await packFile(A.client, englishClips());
    expectError(
      await B.client.post('/v1/resource-packages', body(aFile.id)),
      40010,
      'The uploaded file does not exist',
    );
    const fw = await uploaded(server, B.client, { purpose: 'firmware', name: 'fw.zip' }, makeZip(englishClips()));
    expectError(await B.client.post('/v1/resource-packages', body(fw.id)), 40010, 'The uploaded file does not exist');
  });

  it('scopes packages: own and platform; options by language', async () => {
    expectError(await B.client.get(`/v1/resource-packages/${ownId}`), 40004);
    expect(ids(expectOk(await B.client.get('/v1/resource-packages')))).not.toContain(ownId);
    expect(ids(expectOk(await A.client.get('/v1/resource-packages?language=en_US')))).toEqual(
      expect.arrayContaining([ownId, platformId]),
    );
    expect(
      expectOk(await A.client.get('/v1/resource-packages?kind=resource')).list.every(
        (p: { kind: string }) => p.kind === 'resource',
      ),
    ).toBe(true);
    const opts = expectOk(await A.client.get('/v1/common/resourceListQuery?language=en_US'));
    expect(opts.map((o: { value: number }) => o.value)).toEqual(expect.arrayContaining([ownId, platformId]));
    expect(opts[0]).toMatchObject({ language: 'en_US', modelId: null });
    expect(expectOk(await A.client.get('/v1/common/resourceListQuery?language=th'))).toEqual([]);
    expect(await findResourceForAccount(server.deps.db, ownId, B.accountId)).toBeUndefined();
    expect(await findResourceForAccount(server.deps.db, platformId, B.accountId)).toMatchObject({
      id: platformId,
      file: { sha256: expect.any(String) },
    });
    expectError(await A.client.delete(`/v1/resource-packages/${platformId}`), 40003);
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.res.respack.query'],
    });
    expectError(await reader.client.post('/v1/resource-packages', body(1)), 40003);
  });

  it("counts, for an account, only its own tasks on a platform package (not other accounts')", async () => {
    const now = new Date();
    const [t] = await server.deps.db
      .insert(pushTasks)
      .values({
        accountId: A.accountId,
        name: 'A pushes',
        type: 'resource',
        resourceId: platformId,
        scope: 'all',
        effectiveAt: now,
        expireAt: now,
        ttlHours: 24,
      })
      .returning();
    const countIn = async (c: Client) => ({
      detail: expectOk(await c.get(`/v1/resource-packages/${platformId}`)).taskCount,
      list: expectOk(await c.get('/v1/resource-packages?pageSize=200')).list.find(
        (x: { id: number }) => x.id === platformId,
      ).taskCount,
    });
    expect(await countIn(A.client)).toEqual({ detail: 1, list: 1 });
    expect(await countIn(B.client)).toEqual({ detail: 0, list: 0 });
    expect(await countIn(op)).toEqual({ detail: 1, list: 1 });
    expectError(await op.delete(`/v1/resource-packages/${platformId}`), 40009, 'The package is still used by tasks');
    await server.deps.db.delete(pushTasks).where(eq(pushTasks.id, t!.id));
  });

  it('deletes a package only while no push or upgrade task uses it', async () => {
    const now = new Date();
    const [t] = await server.deps.db
      .insert(pushTasks)
      .values({
        accountId: A.accountId,
        name: 'push it',
        type: 'resource',
        resourceId: ownId,
        scope: 'all',
        effectiveAt: now,
        expireAt: now,
        ttlHours: 24,
      })
      .returning();
    expectError(await A.client.delete(`/v1/resource-packages/${ownId}`), 40009, 'The package is still used by tasks');
    expect(expectOk(await A.client.get(`/v1/resource-packages/${ownId}`)).taskCount).toBe(1);
    await server.deps.db.delete(pushTasks).where(eq(pushTasks.id, t!.id));
    expectOk(await A.client.delete(`/v1/resource-packages/${ownId}`));
    expectError(await A.client.get(`/v1/resource-packages/${ownId}`), 40004);
  });
});
