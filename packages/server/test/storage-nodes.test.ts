import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { signedDownloadUrl } from '../src/modules/files/urls';
import { LocalStorageTaken } from '../src/storage/local-claim';
import { uploaded } from './files-fixture';
import { adminClient, Client, startAnotherNode, startServer, type TestServer } from './harness';
import { startS3rver } from './s3-server';

/**
 * Nodes sharing one PostgreSQL database must share their uploaded files: a second node keeping
 * files on its own disk refuses to start (storage/local-claim.ts), instead of answering 404 for
 * every download of a file uploaded through the first. Two nodes need a shared database, so these
 * run in the PostgreSQL pass (TEST_DATABASE_URL); the embedded database is one process anyway.
 */
const pg = !!process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nodes-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A file uploaded through `a` by its operator, fetched by a device through `b`'s signed URL. */
async function uploadHereDownloadThere(a: Server, op: Client, b: Server) {
  const bytes = Buffer.from(`firmware ${Math.random()}`);
  const onA = new Client(a);
  onA.token = op.token; // the signing keys are the database's: a token is good on every node
  const f = await uploaded(a, onA, { purpose: 'firmware', name: 'fw.bin' }, bytes);
  const res = await b.app.inject({
    method: 'GET',
    url: signedDownloadUrl(b.deps, f.id).replace(/^https?:\/\/[^/]+/, ''),
  });
  return { status: res.statusCode, same: res.rawPayload.equals(bytes) };
}

describe('nodes on one database with files on local disk', () => {
  let first: TestServer | undefined;
  afterAll(async () => first?.close());

  it.runIf(pg)('a second node on its own disk refuses to start and says what to set', async () => {
    first = await startServer({ DATA_DIR: tempDir() });
    const refused = startAnotherNode(first.deps.config.databaseUrl!, { DATA_DIR: tempDir() });
    await expect(refused).rejects.toBeInstanceOf(LocalStorageTaken);
    await expect(refused).rejects.toThrow(/STORAGE_S3_ENDPOINT[\s\S]*STORAGE_LOCAL_SHARED=true/);
  });

  it.runIf(pg)(
    'starts with STORAGE_LOCAL_SHARED=true on the same mount, and serves what the other stored',
    async () => {
      const shared = first!.deps.config.dataDir;
      const second = await startAnotherNode(first!.deps.config.databaseUrl!, {
        DATA_DIR: shared,
        STORAGE_LOCAL_SHARED: 'true',
      });
      try {
        expect(await uploadHereDownloadThere(first!, await adminClient(first!), second)).toEqual({
          status: 200,
          same: true,
        });
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(pg)('lets another node in once the first has stopped', async () => {
    const url = first!.deps.config.databaseUrl!;
    // the database outlives the first node here: a restart on the same database
    first = await first!.restart(async () => {
      const other = await startAnotherNode(url, { DATA_DIR: tempDir() });
      await other.close();
    });
    // and the restarted node holds the lock again
    await expect(startAnotherNode(url, { DATA_DIR: tempDir() })).rejects.toBeInstanceOf(LocalStorageTaken);
  });
});

describe('nodes on one database and one S3 store', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let first: TestServer | undefined;
  beforeAll(async () => {
    s3 = await startS3rver('herald-nodes');
  });
  afterAll(async () => {
    await first?.close();
    await s3?.close();
  });

  it.runIf(pg)('both start, and a file uploaded through one is downloaded through the other', async () => {
    const env = (dataDir: string) => ({
      DATA_DIR: dataDir,
      STORAGE_S3_ENDPOINT: s3.endpoint,
      STORAGE_S3_BUCKET: s3.bucket,
      STORAGE_S3_ACCESS_KEY: s3.accessKey,
      STORAGE_S3_SECRET_KEY: s3.secretKey,
    });
    first = await startServer(env(tempDir()));
    const second = await startAnotherNode(first.deps.config.databaseUrl!, env(tempDir()));
    try {
      const op = await adminClient(first);
      expect(await uploadHereDownloadThere(first, op, second)).toEqual({ status: 200, same: true });
      expect(await uploadHereDownloadThere(second, op, first)).toEqual({ status: 200, same: true });
    } finally {
      await second.close();
    }
  });
});
