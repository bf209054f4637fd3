import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema';
import { fileDownloadInfo } from '../src/modules/files/service';
import { signedDownloadUrl } from '../src/modules/files/urls';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { upload, uploaded } from './files-fixture';
import { auditLines } from './people';
import { makeApk, makeGzip, makeZip } from './zip-fixture';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let dataDir: string;

const MB = 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const fw = () =>
  makeZip([
    { path: 'app.bin', data: Buffer.from('firmware image 1.0.0') },
    { path: 'meta/', data: '' },
    { path: 'meta/version.txt', data: '1.0.0' },
  ]);
const rowCount = async () => (await server.deps.db.select({ n: count() }).from(files))[0]!.n;
/** what the local store holds under DATA_DIR/files (every purpose folder) */
const storedObjects = () => {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
};

async function expectUploadError(
  client: Client,
  q: { purpose: string; name: string; md5?: string; size?: number },
  data: Buffer,
  en: string,
  zh?: string,
) {
  const before = await rowCount();
  const objects = storedObjects().length;
  const res = await upload(server, client, q, data);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectError(res, 40010, en);
  if (zh) expectError(await upload(server, client, { ...q, lang: 'zh_CN' } as typeof q, data), 40010, zh);
  // nothing kept: no row, no bytes
  expect(await rowCount()).toBe(before);
  expect(storedObjects().length).toBe(objects);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-files-'));
  server = await startServer({ DATA_DIR: dataDir });
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('file uploads', () => {
  it('keeps a firmware zip with its checksums and listing, and logs it', async () => {
    const zip = fw();
    const f = expectOk(
      await upload(server, op, { purpose: 'firmware', name: 'fw-1.0.0.zip', md5: md5(zip), size: zip.length }, zip),
    );
    expect(f).toMatchObject({
      purpose: 'firmware',
      name: 'fw-1.0.0.zip',
      format: 'zip',
      size: zip.length,
      md5: md5(zip),
      sha256: createHash('sha256').update(zip).digest('hex'),
      entries: [
        { path: 'app.bin', size: 20 },
        { path: 'meta/version.txt', size: 5 },
      ],
    });
    const [row] = await server.deps.db.select().from(files).where(eq(files.id, f.id));
    expect(row).toMatchObject({ accountId: null, storageKey: expect.stringMatching(/^firmware\/[0-9a-f-]{36}$/) });
    expect(fs.readFileSync(path.join(dataDir, 'files', row!.storageKey))).toEqual(zip);
    expect(expectOk(await op.get(`/v1/files/${f.id}`))).toEqual(f);
    expect((await auditLines(server, 'file', 'upload', 'fw-1.0.0.zip')).length).toBe(1);
  });

  it('lists a gzip as its one file (header name, ISIZE) and takes .bin and .pz as they are', async () => {
    const gz = expectOk(
      await upload(server, op, { purpose: 'firmware', name: 'fw.gz' }, makeGzip('image.bin', 'x'.repeat(1000))),
    );
    expect(gz).toMatchObject({ format: 'gz', entries: [{ path: 'image.bin', size: 1000 }] });
    const plain = Buffer.from(makeGzip('a', 'abc')); // no usable name in the header: the upload's, less .gz
    plain[3] = plain[3]! & ~0x08;
    const cut = Buffer.concat([plain.subarray(0, 10), plain.subarray(12)]);
    expect(expectOk(await upload(server, op, { purpose: 'firmware', name: 'kernel.img.gz' }, cut)).entries).toEqual([
      { path: 'kernel.img', size: 3 },
    ]);
    expect(
      expectOk(await upload(server, op, { purpose: 'firmware', name: 'raw.bin' }, Buffer.from([0, 1, 2]))).format,
    ).toBe('bin');
    expect(expectOk(await upload(server, op, { purpose: 'resource', name: 'voice.pz' }, fw())).format).toBe('zip');
    const apk = expectOk(await upload(server, op, { purpose: 'smartConfig', name: 'sc.apk' }, makeApk()));
    expect(apk.format).toBe('apk');
  });

  it('refuses a wrong extension or bytes that are not what the name says', async () => {
    await expectUploadError(op, { purpose: 'firmware', name: 'fw.exe' }, fw(), 'File format error', '文件格式错误');
    await expectUploadError(op, { purpose: 'resource', name: 'voice.bin' }, fw(), 'File format error');
    await expectUploadError(op, { purpose: 'firmware', name: 'fw.zip' }, makeGzip('a', 'b'), 'File format error');
    await expectUploadError(op, { purpose: 'firmware', name: 'fw.gz' }, fw(), 'File format error');
    await expectUploadError(op, { purpose: 'resource', name: 'voice.pz' }, makeGzip('a', 'b'), 'File format error');
    await expectUploadError(op, { purpose: 'smartConfig', name: 'sc.apk' }, fw(), 'File format error'); // no manifest
    await expectUploadError(op, { purpose: 'smartConfig', name: 'sc.zip' }, makeApk(), 'File format error');
    await expectUploadError(op, { purpose: 'firmware', name: 'empty.bin' }, Buffer.alloc(0), 'File format error');
  });

  it('refuses an upload whose md5 or size differ from what the uploader said', async () => {
    const zip = fw();
    const msg = 'The parameter file is inconsistent with the actual file content';
    await expectUploadError(
      op,
      { purpose: 'firmware', name: 'fw.zip', md5: md5(Buffer.from('x')) },
      zip,
      msg,
      '参数文件与实际文件内容不一致',
    );
    await expectUploadError(op, { purpose: 'firmware', name: 'fw.zip', size: zip.length + 1 }, zip, msg);
  });

  it('refuses zip slip, absolute paths and backslashes', async () => {
    const msg = 'The archive holds unsafe paths or unpacks too large';
    for (const bad of ['../evil.sh', 'a/../../evil.sh', '/etc/passwd', 'dir\\evil.sh', 'C:/evil.sh']) {
      const zip = makeZip([
        { path: 'ok.bin', data: 'x' },
        { path: bad, data: 'owned' },
      ]);
      await expectUploadError(op, { purpose: 'firmware', name: 'fw.zip' }, zip, msg);
    }
    await expectUploadError(
      op,
      { purpose: 'resource', name: 'voice.zip' },
      makeZip([{ path: '../x.mp3', data: 'x' }]),
      msg,
      '压缩包含有不安全的路径或解压后过大',
    );
  });

  it('refuses zip bombs: a high ratio, a huge declared size, too many entries', async () => {
    const msg = 'The archive holds unsafe paths or unpacks too large';
    // 4 MB of zeros deflates to about 4 KB: a ratio near 1000
    await expectUploadError(
      op,
      { purpose: 'firmware', name: 'bomb.zip' },
      makeZip([{ path: 'z.bin', data: Buffer.alloc(4 * MB) }]),
      msg,
    );
    await expectUploadError(
      op,
      { purpose: 'firmware', name: 'bomb.zip' },
      makeZip([{ path: 'z.bin', data: 'tiny', method: 'store', declaredSize: 0xfffffff0 }]),
      msg,
    );
    const many = makeZip(
      Array.from({ length: 10_001 }, (_, i) => ({ path: `f${i}`, data: '', method: 'store' as const })),
    );
    await expectUploadError(op, { purpose: 'firmware', name: 'many.zip' }, many, msg);
    // overlapping entries: two directory records pointing at one compressed stream
    const twin = makeZip([
      { path: 'a.bin', data: Buffer.alloc(1000, 1) },
      { path: 'b.bin', data: Buffer.alloc(1000, 1) },
    ]);
    const cdOffset = twin.readUInt32LE(twin.length - 6);
    twin.writeUInt32LE(0, cdOffset + 46 + 'a.bin'.length + 42); // b's local header offset := a's
    await expectUploadError(op, { purpose: 'firmware', name: 'twin.zip' }, twin, msg);
    // a gzip of zeros
    await expectUploadError(op, { purpose: 'firmware', name: 'bomb.gz' }, makeGzip('z.bin', Buffer.alloc(4 * MB)), msg);
    // a modest ratio on a big entry is fine (text compresses 5-10x)
    const text = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i} ${(i * 7919) % 104729}\n`).join(''));
    expectOk(
      await upload(server, op, { purpose: 'firmware', name: 'logs.zip' }, makeZip([{ path: 'log.txt', data: text }])),
    );
  });

  it('answers a corrupt zip with "parsing failed"', async () => {
    const zip = fw();
    await expectUploadError(
      op,
      { purpose: 'firmware', name: 'cut.zip' },
      zip.subarray(0, zip.length - 30),
      'Parsing failed, please try again',
      '解析失败，请重试',
    );
    const lying = Buffer.from(zip);
    lying.writeUInt32LE(zip.length + 100, zip.length - 6); // central directory offset past the end
    await expectUploadError(op, { purpose: 'firmware', name: 'lying.zip' }, lying, 'Parsing failed, please try again');
  });

  it('answers an oversized body with the size message and keeps nothing', async () => {
    const big = Buffer.alloc(10 * MB + 1, 7);
    await expectUploadError(
      op,
      { purpose: 'firmware', name: 'big.bin' },
      big,
      'The package cannot be larger than 10MB',
      '安装包大小不能超过 10MB',
    );
    await expectUploadError(
      op,
      { purpose: 'resource', name: 'big.zip' },
      big,
      'The package cannot be larger than 10MB',
    );
    await expectUploadError(
      op,
      { purpose: 'smartConfig', name: 'big.apk' },
      Buffer.alloc(50 * MB + 1),
      'The SmartConfig package cannot be larger than 50MB',
    );
    // a body without Content-Length (chunked) is cut off at the limit all the same
    const before = await rowCount();
    const chunk = Buffer.alloc(MB, 3);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v1/files?purpose=firmware&name=streamed.bin',
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < 11; i++) yield chunk;
        })(),
      ),
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${op.token}` },
    });
    expectError({ status: res.statusCode, body: res.json() }, 40010, 'The package cannot be larger than 10MB');
    expect(await rowCount()).toBe(before);
    // exactly the limit is allowed
    expectOk(await upload(server, op, { purpose: 'firmware', name: 'edge.bin' }, Buffer.alloc(10 * MB, 1)));
  });

  it('refuses a form upload (multipart) with 415 instead of storing its envelope as the file', async () => {
    const before = await rowCount();
    const boundary = 'herald-form-boundary';
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n\x01\x02\x03\r\n--${boundary}--\r\n`,
    );
    for (const lang of ['en_US', 'zh_CN']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/v1/files?purpose=firmware&name=fw.bin',
        payload: form,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${op.token}`,
          lang,
        },
      });
      expect(res.statusCode).toBe(415);
      expectError(
        { status: res.statusCode, body: res.json() },
        40010,
        lang === 'en_US'
          ? 'Send the file itself as the request body, not a form (multipart/form-data)'
          : '请直接以文件内容作为请求体上传，不要使用表单（multipart/form-data）',
      );
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers an oversized upload over real HTTP with the envelope, not a reset or a 413 page', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await rowCount();
    // declared too large: answered before the body is read
    const res = await fetch(`${address}/v1/files?purpose=firmware&name=big.bin&lang=zh_CN`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${op.token}` },
      body: new Uint8Array(10 * MB + 1),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 40010, message: '安装包大小不能超过 10MB' });
    expect(await rowCount()).toBe(before);
    // a good upload over the same wire
    const zip = fw();
    const good = await fetch(`${address}/v1/files?purpose=firmware&name=fw.zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${op.token}` },
      body: new Uint8Array(zip),
    });
    expect(((await good.json()) as { data: unknown }).data).toMatchObject({ size: zip.length, md5: md5(zip) });
  });

  it('checks permissions by purpose before reading the body', async () => {
    const queryOnly = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.res.firmware.query', 'herald.res.respack.add'],
    });
    expectError(await upload(server, queryOnly.client, { purpose: 'firmware', name: 'fw.zip' }, fw()), 40003);
    expectOk(await upload(server, queryOnly.client, { purpose: 'resource', name: 'r.zip' }, fw()));
    // SmartConfig is the operator's
    expectError(await upload(server, A.client, { purpose: 'smartConfig', name: 'sc.apk' }, makeApk()), 40003);
    expectError(await upload(server, new Client(server), { purpose: 'firmware', name: 'fw.zip' }, fw()), 40002);
    // the query is validated like any other
    const bad = await upload(server, op, { purpose: 'video', name: 'x.zip' }, fw());
    expectError(bad, 40010);
    expect(bad.body.data.errors[0].field).toBe('purpose');
  });

  it('scopes files to their account; an operator’s upload is not an account’s to see', async () => {
    const mine = await uploaded(server, A.client, { purpose: 'firmware', name: 'a.zip' }, fw());
    const platform = await uploaded(server, op, { purpose: 'firmware', name: 'p.zip' }, fw());
    const [row] = await server.deps.db.select().from(files).where(eq(files.id, mine.id));
    expect(row!.accountId).toBe(A.accountId);
    expectOk(await A.client.get(`/v1/files/${mine.id}`));
    expectError(await B.client.get(`/v1/files/${mine.id}`), 40004);
    // until a platform package carries it (firmware.test.ts)
    expectError(await B.client.get(`/v1/files/${platform.id}`), 40004);
    expectOk(await op.get(`/v1/files/${mine.id}`));
  });

  it('answers "Upload Failed" and writes no row when the store fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-files-broken-'));
    fs.writeFileSync(path.join(dir, 'files'), 'not a directory'); // the store cannot create its folders
    const broken = await startServer({ DATA_DIR: dir });
    try {
      const admin = await adminClient(broken);
      const res = await upload(broken, admin, { purpose: 'firmware', name: 'fw.zip' }, fw());
      expectError(res, 40010, 'Upload Failed');
      expect((await broken.deps.db.select({ n: count() }).from(files))[0]!.n).toBe(0);
    } finally {
      await broken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('device downloads', () => {
  const data = Buffer.from('0123456789abcdefghij');
  let fileId: number;
  beforeAll(async () => {
    fileId = (await uploaded(server, op, { purpose: 'firmware', name: 'dl.bin' }, data)).id;
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: url.replace('http://localhost:8080', ''), headers });

  it('serves the bytes with a good signature, with length and ETag', async () => {
    const info = await fileDownloadInfo(server.deps, fileId);
    expect(info).toMatchObject({ size: data.length, md5: md5(data) });
    const res = await get(info.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(data);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers.etag).toBe(`"${md5(data)}"`);
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('serves one range with 206 and Content-Range, and refuses one past the end', async () => {
    const url = signedDownloadUrl(server.deps, fileId);
    const res = await get(url, { range: 'bytes=10-14' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.toString()).toBe('abcde');
    expect(res.headers['content-range']).toBe(`bytes 10-14/${data.length}`);
    expect(res.headers['content-length']).toBe('5');
    const tail = await get(url, { range: 'bytes=15-' });
    expect(tail.rawPayload.toString()).toBe('fghij');
    const suffix = await get(url, { range: 'bytes=-3' });
    expect(suffix.rawPayload.toString()).toBe('hij');
    const past = await get(url, { range: 'bytes=100-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
  });

  it('refuses an expired, tampered or borrowed signature with 403', async () => {
    const expired = signedDownloadUrl(server.deps, fileId, -1000);
    const r1 = await get(expired);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().code).toBe(40003);
    const good = new URL(signedDownloadUrl(server.deps, fileId));
    const sig = good.searchParams.get('sig')!;
    good.searchParams.set('sig', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    expect((await get(good.toString())).statusCode).toBe(403);
    const later = new URL(signedDownloadUrl(server.deps, fileId));
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3600_000));
    expect((await get(later.toString())).statusCode).toBe(403);
    // a signature for one file does not open another
    const other = (await uploaded(server, A.client, { purpose: 'firmware', name: 'secret.bin' }, Buffer.from('A only')))
      .id;
    const borrowed = signedDownloadUrl(server.deps, fileId).replace(`/files/${fileId}?`, `/files/${other}?`);
    expect((await get(borrowed)).statusCode).toBe(403);
    expect((await get(`/device/v1/files/${fileId}`)).statusCode).toBe(403);
  });
});
