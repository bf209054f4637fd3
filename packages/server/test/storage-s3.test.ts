import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualDevice } from '@herald/device-sim';
import { loadConfig } from '../src/config';
import { files } from '../src/db/schema';
import { ORPHAN_FILE_AGE_MS, sweepOrphanFiles } from '../src/housekeeping/sweep-files';
import { fileDownloadInfo } from '../src/modules/files/service';
import { signedDownloadUrl } from '../src/modules/files/urls';
import { openStorage } from '../src/storage';
import { S3Storage } from '../src/storage/s3';
import { presignUrl } from '../src/storage/sigv4';
import { upload, uploaded } from './files-fixture';
import { seedAccount } from './fixtures';
import { adminClient, type Client, expectError, expectOk, startServer } from './harness';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { setVersions } from './ota-fixture';
import { startS3rver } from './s3-server';
import { startS3Stub } from './s3-stub';
import { makeZip } from './zip-fixture';

/**
 * The S3 store against a real S3-compatible server started here (s3rver, s3-server.ts): the
 * storage class, presigned URLs as devices fetch them, and a whole server configured through
 * STORAGE_S3_* — uploads through the API, downloads, the sweep's deletions and an upgrade of a
 * virtual device whose firmware comes from the bucket. s3rver does not recompute Signature V4,
 * so signatures, and a store that fails, are checked against s3-stub.ts.
 */
const BUCKET = 'herald-files';
let s3: Awaited<ReturnType<typeof startS3rver>>;
let store: S3Storage;

beforeAll(async () => {
  s3 = await startS3rver(BUCKET);
  store = new S3Storage({ ...s3, region: 'us-east-1', pathStyle: true });
});
afterAll(async () => s3?.close());

const readAll = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
};
const hex = (algo: 'md5' | 'sha256', b: Buffer) => createHash(algo).update(b).digest('hex');

describe('S3 storage on an S3-compatible server', () => {
  it('puts, gets, streams a range and deletes', async () => {
    const data = Buffer.from('0123456789'.repeat(100));
    await store.put('firmware/abc-1', data, 'application/vnd.android.package-archive');
    expect(await store.get('firmware/abc-1')).toEqual(data);
    expect((await readAll(await store.stream('firmware/abc-1', { start: 5, end: 14 }))).toString()).toBe('5678901234');
    expect((await readAll(await store.stream('firmware/abc-1', { start: 995 }))).toString()).toBe('56789');
    expect(await readAll(await store.stream('firmware/abc-1'))).toEqual(data);
    // what the store itself serves: the bytes and the type they were put with
    const direct = await fetch(await store.presignedGetUrl('firmware/abc-1', 60_000));
    expect(direct.headers.get('content-type')).toBe('application/vnd.android.package-archive');
    expect(direct.headers.get('etag')).toBe(`"${hex('md5', data)}"`);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(data);

    await store.delete('firmware/abc-1');
    await expect(store.get('firmware/abc-1')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.stream('firmware/abc-1')).rejects.toMatchObject({ code: 'ENOENT' });
    await store.delete('firmware/abc-1'); // deleting what is gone is fine
  });

  it('is refused with an unknown access key or a missing bucket', async () => {
    const stranger = new S3Storage({ ...s3, accessKey: 'NOBODY', region: 'us-east-1', pathStyle: true });
    await expect(stranger.put('firmware/x', Buffer.from('x'))).rejects.toThrow(/403[\s\S]*InvalidAccessKeyId/);
    const noBucket = new S3Storage({ ...s3, bucket: 'no-such-bucket', region: 'us-east-1', pathStyle: true });
    await expect(noBucket.put('firmware/x', Buffer.from('x'))).rejects.toThrow(/404[\s\S]*NoSuchBucket/);
  });

  it('presigns GET URLs a device can fetch, whole or by range, until they lapse', async () => {
    const bytes = Buffer.from('presigned bytes');
    await store.put('firmware/pre-1', bytes);
    const url = await store.presignedGetUrl('firmware/pre-1', 60_000);
    expect(url).toContain(`${s3.endpoint}/${BUCKET}/firmware/pre-1?`);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-length')).toBe(String(bytes.length));
    expect(await ok.text()).toBe('presigned bytes');
    const ranged = await fetch(url, { headers: { range: 'bytes=0-8' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-8/${bytes.length}`);
    expect(await ranged.text()).toBe('presigned');
    const lapsed = await fetch(
      presignUrl(
        { ...s3, region: 'us-east-1' },
        new URL(`${s3.endpoint}/${BUCKET}/firmware/pre-1`),
        60,
        new Date(Date.now() - 3600_000),
      ),
    );
    expect(lapsed.status).toBe(403);
    expect(await lapsed.text()).toContain('AccessDenied');
    const gone = await fetch(await store.presignedGetUrl('firmware/pre-none', 60_000));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('NoSuchKey');
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
      ...s3,
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      pathStyle: false,
    });
    const url = new URL(await v.presignedGetUrl('firmware/k', 60_000));
    expect(url.host).toBe(`${BUCKET}.s3.eu-west-1.amazonaws.com`);
    expect(url.pathname).toBe('/firmware/k');
  });
});

describe('Signature V4 as S3 checks it (s3-stub.ts recomputes every signature)', () => {
  const creds = { bucket: BUCKET, accessKey: 'HERALDTESTKEY', secretKey: 'herald/test+secret=key' };
  let stub: Awaited<ReturnType<typeof startS3Stub>>;
  beforeAll(async () => {
    stub = await startS3Stub(creds);
  });
  afterAll(async () => stub?.close());
  const on = (extra: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({ endpoint: stub.endpoint, region: 'us-east-1', pathStyle: true, ...creds, ...extra });

  it('signs headers and presigned URLs the store accepts', async () => {
    await on().put('firmware/sig-1', Buffer.from('0123456789'));
    expect(await on().get('firmware/sig-1')).toEqual(Buffer.from('0123456789'));
    expect((await readAll(await on().stream('firmware/sig-1', { start: 2, end: 4 }))).toString()).toBe('234');
    const url = await on().presignedGetUrl('firmware/sig-1', 60_000);
    expect(await (await fetch(url)).text()).toBe('0123456789');
    // tampered (another key) is refused by the store
    expect((await fetch(url.replace('sig-1', 'sig-2'))).status).toBe(403);
  });

  it('is refused with the wrong secret or region', async () => {
    await expect(on({ secretKey: 'nope' }).put('firmware/x', Buffer.from('x'))).rejects.toThrow(
      /403.*SignatureDoesNotMatch/,
    );
    await expect(on({ region: 'eu-west-1' }).get('firmware/x')).rejects.toThrow(/SignatureDoesNotMatch/);
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
      STORAGE_S3_ENDPOINT: s3.endpoint,
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ACCESS_KEY: s3.accessKey,
      STORAGE_S3_SECRET_KEY: s3.secretKey,
      OTA_TICK_MS: '100',
    });
    op = await adminClient(server);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const keyOf = async (id: number) =>
    (await server.deps.db.select().from(files).where(eq(files.id, id)))[0]?.storageKey;

  it('keeps uploads in the bucket and sends devices to presigned URLs with the size and hashes they check', async () => {
    const zip = makeZip([{ path: 'app.bin', data: 'firmware on s3 '.repeat(500) }]);
    const f = await uploaded(server, op, { purpose: 'firmware', name: 'fw.zip' }, zip);
    const key = (await keyOf(f.id))!;
    expect(key).toMatch(/^firmware\/[0-9a-f-]{36}$/);
    expect(await store.get(key)).toEqual(zip);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const info = await fileDownloadInfo(server.deps, f.id);
    expect(info.url.startsWith(`${s3.endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(info).toMatchObject({ size: zip.length, md5: hex('md5', zip), sha256: hex('sha256', zip) });
    // a device's check: the length it was told, the bytes' md5 and sha256; a resumed download by range
    const direct = await fetch(info.url);
    expect(direct.status).toBe(200);
    expect(Number(direct.headers.get('content-length'))).toBe(info.size);
    const body = Buffer.from(await direct.arrayBuffer());
    expect([hex('md5', body), hex('sha256', body)]).toEqual([info.md5, info.sha256]);
    const rest = await fetch(info.url, { headers: { range: `bytes=100-` } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 100-${zip.length - 1}/${zip.length}`);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(zip.subarray(100));

    // Herald's own signed URL still works, streaming from the bucket (ranges too)
    const viaHerald = await server.app.inject({
      method: 'GET',
      url: signedDownloadUrl(server.deps, f.id).replace('http://localhost:8080', ''),
      headers: { range: 'bytes=0-3' },
    });
    expect(viaHerald.statusCode).toBe(206);
    expect(viaHerald.rawPayload).toEqual(zip.subarray(0, 4));
  });

  it('removes an abandoned upload from the bucket with its row', async () => {
    const f = await uploaded(server, op, { purpose: 'firmware', name: 'gone.bin' }, Buffer.from('abandoned'));
    const key = (await keyOf(f.id))!;
    const url = (await fileDownloadInfo(server.deps, f.id)).url;
    expect((await fetch(url)).status).toBe(200);
    await server.deps.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - ORPHAN_FILE_AGE_MS - 60_000) })
      .where(eq(files.id, f.id));
    expect(await sweepOrphanFiles(server.deps.db, server.deps.storage)).toBe(1);
    expect(await keyOf(f.id)).toBeUndefined();
    expect((await fetch(url)).status).toBe(404);
    await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('upgrades a device whose firmware it downloads from the bucket', { timeout: 60_000 }, async () => {
    const A = await seedAccount(server);
    const model = await seedModel(server);
    const row = await seedDevice(server, A.accountId, model.id);
    await setVersions(server, row.id, '1.00.00.01');
    const image = makeZip([{ path: 'app.bin', data: 'new firmware image '.repeat(2000) }]);
    const f = await uploaded(server, A.client, { purpose: 'firmware', name: 'fw-2.zip' }, image);
    const pkg = expectOk(
      await A.client.post('/v1/firmware', {
        appName: 'printer-app',
        name: 'Printer firmware',
        versionName: '1.00.00.02',
        modelId: model.id,
        fileId: f.id,
      }),
    );
    const sim = new VirtualDevice({
      sn: row.sn,
      secret: row.secret!,
      mqttUrl: server.deps.gateway.endpoints().mqtt!,
      firmware: '1.00.00.01',
      otaRebootMs: 100,
    });
    const offers: unknown[] = [];
    sim.on('received', (r: { payload: unknown }) => offers.push(r.payload));
    try {
      await sim.start();
      const t = expectOk(
        await A.client.post('/v1/ota-tasks', {
          name: 'Upgrade from the bucket',
          type: 0,
          packageId: pkg.id,
          scope: 'devices',
          deviceIds: [row.id],
          timeoutMinutes: 30,
        }),
      );
      const done = await eventually(async () => {
        const v = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}`));
        return v.schedule === 'ended' && v;
      }, 'task ended');
      expect(done.counts).toMatchObject({ succeeded: 1, failed: 0 });
      expect(sim.state.firmware).toBe('1.00.00.02');
      // the offer sent the device to the bucket, not to Herald
      const urls = JSON.stringify(offers).match(/https?:\/\/[^"]+/g) ?? [];
      expect(urls.some((u) => u.startsWith(`${s3.endpoint}/${BUCKET}/firmware/`))).toBe(true);
    } finally {
      await sim.stop();
    }
  });

  it('answers "Upload Failed" and keeps no row when the bucket fails', async () => {
    const stub = await startS3Stub({ bucket: BUCKET, accessKey: s3.accessKey, secretKey: s3.secretKey });
    const real = server.deps.storage;
    server.deps.storage = new S3Storage({ ...s3, endpoint: stub.endpoint, region: 'us-east-1', pathStyle: true });
    const before = (await server.deps.db.select({ n: count() }).from(files))[0]!.n;
    stub.state.fail = true;
    try {
      const res = await upload(server, op, { purpose: 'firmware', name: 'fw.bin' }, Buffer.from('bytes'));
      expectError(res, 40010, 'Upload Failed');
    } finally {
      server.deps.storage = real;
      await stub.close();
    }
    expect((await server.deps.db.select({ n: count() }).from(files))[0]!.n).toBe(before);
  });
});
