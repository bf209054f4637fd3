import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { files } from '../src/db/schema';
import { fileDownloadInfo } from '../src/modules/files/service';
import { signedDownloadUrl } from '../src/modules/files/urls';
import { openStorage } from '../src/storage';
import { S3Storage } from '../src/storage/s3';
import { presignUrl } from '../src/storage/sigv4';
import { upload, uploaded } from './files-fixture';
import { adminClient, type Client, expectError, startServer } from './harness';
import { startS3Stub } from './s3-stub';
import { makeZip } from './zip-fixture';

/**
 * The S3 store against a loopback stand-in that checks Signature V4 as S3 does (s3-stub.ts): the
 * storage class itself, presigned URLs, and a whole server configured through STORAGE_S3_*.
 */
const creds = { bucket: 'herald-files', accessKey: 'HERALDTESTKEY', secretKey: 'herald/test+secret=key' };
let stub: Awaited<ReturnType<typeof startS3Stub>>;
let store: S3Storage;

beforeAll(async () => {
  stub = await startS3Stub(creds);
  store = new S3Storage({ endpoint: stub.endpoint, region: 'us-east-1', pathStyle: true, ...creds });
});
afterAll(async () => stub?.close());

const readAll = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
};

describe('S3 storage', () => {
  it('puts, gets, streams a range and deletes, every request signed', async () => {
    const data = Buffer.from('0123456789'.repeat(100));
    await store.put('firmware/abc-1', data);
    expect(stub.objects.get('firmware/abc-1')?.body).toEqual(data);
    expect(await store.get('firmware/abc-1')).toEqual(data);
    expect((await readAll(await store.stream('firmware/abc-1', { start: 5, end: 14 }))).toString()).toBe('5678901234');
    expect((await readAll(await store.stream('firmware/abc-1', { start: 995 }))).toString()).toBe('56789');
    expect(await readAll(await store.stream('firmware/abc-1'))).toEqual(data);
    await store.delete('firmware/abc-1');
    expect(stub.objects.has('firmware/abc-1')).toBe(false);
    await expect(store.get('firmware/abc-1')).rejects.toMatchObject({ code: 'ENOENT' });
    await store.delete('firmware/abc-1'); // deleting what is gone is fine
  });

  it('is refused with the wrong secret', async () => {
    const wrong = new S3Storage({
      endpoint: stub.endpoint,
      region: 'us-east-1',
      pathStyle: true,
      ...creds,
      secretKey: 'nope',
    });
    await expect(wrong.put('firmware/x', Buffer.from('x'))).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    const region = new S3Storage({ endpoint: stub.endpoint, region: 'eu-west-1', pathStyle: true, ...creds });
    await expect(region.get('firmware/x')).rejects.toThrow(/SignatureDoesNotMatch/);
  });

  it('presigns GET URLs a device can fetch until they lapse', async () => {
    await store.put('firmware/pre-1', Buffer.from('presigned bytes'));
    const url = await store.presignedGetUrl('firmware/pre-1', 60_000);
    expect(url).toContain(`${stub.endpoint}/herald-files/firmware/pre-1?`);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('presigned bytes');
    const ranged = await fetch(url, { headers: { range: 'bytes=0-8' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('presigned');
    // tampered (another key) and lapsed URLs are refused by the store
    expect((await fetch(url.replace('pre-1', 'pre-2'))).status).toBe(403);
    const c = { accessKey: creds.accessKey, secretKey: creds.secretKey, region: 'us-east-1' };
    const old = presignUrl(
      c,
      new URL(`${stub.endpoint}/herald-files/firmware/pre-1`),
      60,
      new Date(Date.now() - 3600_000),
    );
    const lapsed = await fetch(old);
    expect(lapsed.status).toBe(403);
    expect(await lapsed.text()).toContain('AccessDenied');
  });

  it('is configured by STORAGE_S3_*, path style unless turned off', () => {
    const env = {
      STORAGE_S3_ENDPOINT: 'https://s3.example.com',
      STORAGE_S3_BUCKET: 'b',
      STORAGE_S3_ACCESS_KEY: 'k',
      STORAGE_S3_SECRET_KEY: 's',
    };
    const cfg = loadConfig(env as NodeJS.ProcessEnv);
    expect(cfg.storage.s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'b',
      region: 'us-east-1',
      accessKey: 'k',
      secretKey: 's',
      pathStyle: true,
    });
    expect(openStorage(cfg).kind).toBe('s3');
    const vhost = loadConfig({
      ...env,
      STORAGE_S3_PATH_STYLE: 'false',
      STORAGE_S3_REGION: 'eu-west-1',
    } as NodeJS.ProcessEnv);
    expect(vhost.storage.s3).toMatchObject({ pathStyle: false, region: 'eu-west-1' });
    expect(
      loadConfig({ STORAGE_S3_ENDPOINT: 'https://s3.example.com' } as NodeJS.ProcessEnv).storage.s3,
    ).toBeUndefined();
    expect(openStorage(loadConfig({} as NodeJS.ProcessEnv)).kind).toBe('local');
  });

  it('addresses virtual-hosted buckets when path style is off', async () => {
    const v = new S3Storage({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      pathStyle: false,
      ...creds,
    });
    const url = new URL(await v.presignedGetUrl('firmware/k', 60_000));
    expect(url.host).toBe('herald-files.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/firmware/k');
  });
});

describe('a server on S3 storage', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let op: Client;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-s3-'));
    server = await startServer({
      DATA_DIR: dataDir,
      STORAGE_S3_ENDPOINT: stub.endpoint,
      STORAGE_S3_BUCKET: creds.bucket,
      STORAGE_S3_ACCESS_KEY: creds.accessKey,
      STORAGE_S3_SECRET_KEY: creds.secretKey,
    });
    op = await adminClient(server);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps uploads in the bucket and sends devices to presigned URLs', async () => {
    const zip = makeZip([{ path: 'app.bin', data: 'firmware on s3' }]);
    const f = await uploaded(server, op, { purpose: 'firmware', name: 'fw.zip' }, zip);
    const key = [...stub.objects.keys()].find((k) => stub.objects.get(k)!.body.equals(zip));
    expect(key).toMatch(/^firmware\/[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const info = await fileDownloadInfo(server.deps, f.id);
    expect(info.url.startsWith(`${stub.endpoint}/${creds.bucket}/${key}?`)).toBe(true);
    expect(info).toMatchObject({ size: zip.length, md5: f.md5, sha256: f.sha256 });
    const direct = await fetch(info.url);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(zip);

    // Herald's own signed URL still works, streaming from the bucket (ranges too)
    const viaHerald = await server.app.inject({
      method: 'GET',
      url: signedDownloadUrl(server.deps, f.id).replace('http://localhost:8080', ''),
      headers: { range: 'bytes=0-3' },
    });
    expect(viaHerald.statusCode).toBe(206);
    expect(viaHerald.rawPayload).toEqual(zip.subarray(0, 4));
  });

  it('answers "Upload Failed" and keeps no row when the bucket fails', async () => {
    const before = (await server.deps.db.select({ n: count() }).from(files))[0]!.n;
    stub.state.fail = true;
    try {
      const res = await upload(server, op, { purpose: 'firmware', name: 'fw.bin' }, Buffer.from('bytes'));
      expectError(res, 40010, 'Upload Failed');
    } finally {
      stub.state.fail = false;
    }
    expect((await server.deps.db.select({ n: count() }).from(files))[0]!.n).toBe(before);
  });
});
