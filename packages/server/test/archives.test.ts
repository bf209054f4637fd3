import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { upload } from './files-fixture';
import {
  apkSigningBlock,
  gzipOf,
  localRecord,
  makeApk,
  makeGzip,
  makeZip,
  zeroBomb,
  type ZipEntry,
} from './zip-fixture';

/**
 * Hostile archives through the upload route (`POST /v1/files`, which firmware, resource packages and
 * SmartConfig apps all take their files from): archives whose local headers tell a streaming
 * unzipper (or a device) something other than the central directory, and bombs whose declared
 * sizes lie. The server's /metrics shows how much it inflated, so a test can see a bomb cost only
 * its budget.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;

const MiB = 1024 * 1024;
const UNSAFE = 'The archive holds unsafe paths or unpacks too large';
const PARSE_FAILED = 'Parsing failed, please try again';
const rowCount = async () => (await server.deps.db.select({ n: count() }).from(files))[0]!.n;

/** herald_upload_inflated_bytes_total, as a scrape reads it */
async function inflatedSoFar(): Promise<number> {
  const res = await server.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const m = /^herald_upload_inflated_bytes_total (\d+)$/m.exec(res.body);
  return m ? Number(m[1]) : 0;
}

async function refused(q: { purpose: string; name: string }, data: Buffer, message: string) {
  const before = await rowCount();
  const res = await upload(server, op, q, data);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectError(res, 40010, message);
  expect(await rowCount()).toBe(before);
}

/** the same hostile entries as a firmware zip, a voice pack and a SmartConfig apk */
async function refusedAsEveryPackage(entries: ZipEntry[], message: string) {
  await refused({ purpose: 'firmware', name: 'fw.zip' }, makeZip(entries), message);
  await refused({ purpose: 'resource', name: 'voice.pz' }, makeZip(entries), message);
  await refused({ purpose: 'smartConfig', name: 'sc.apk' }, makeApk(entries), message);
}

beforeAll(async () => {
  server = await startServer({ METRICS: 'on' });
  op = await adminClient(server);
});
afterAll(async () => {
  await server?.close();
});

describe('what a streaming unzipper reads: the local headers', () => {
  it('refuses an entry whose local header names another path than its directory record', async () => {
    await refusedAsEveryPackage(
      [{ path: 'sounds/ok.mp3', data: 'x', local: { path: '../../../etc/evil.sh' } }],
      UNSAFE,
    );
    // same length, so only the bytes differ
    await refusedAsEveryPackage([{ path: 'ok/evil.sh', data: 'x', local: { path: '../evil.sh' } }], UNSAFE);
    // a harmless difference is still a difference: the device would unpack a file Herald never listed
    await refusedAsEveryPackage([{ path: 'a.bin', data: 'x', local: { path: 'b.bin' } }], UNSAFE);
  });

  it('refuses an entry whose local header gives other sizes or another method', async () => {
    const data = 'firmware image '.repeat(100);
    await refusedAsEveryPackage([{ path: 'app.bin', data, local: { size: 100 } }], UNSAFE);
    await refusedAsEveryPackage([{ path: 'app.bin', data, local: { compressedSize: 10 } }], UNSAFE);
    await refusedAsEveryPackage([{ path: 'app.bin', data, local: { method: 'store' } }], UNSAFE);
    // sizes after the data: the descriptor must agree too
    await refusedAsEveryPackage([{ path: 'app.bin', data, descriptor: true, local: { size: 100 } }], UNSAFE);
  });

  it('refuses an entry hidden between the entries the directory lists', async () => {
    const evil = localRecord({ path: '../../etc/cron.d/evil', data: '* * * * * root sh -c owned' });
    await refusedAsEveryPackage(
      [
        { path: 'a.bin', data: 'x' },
        { path: 'b.bin', data: 'y', hiddenBefore: evil },
      ],
      UNSAFE,
    );
    // before the first entry, or after the last one
    await refused(
      { purpose: 'firmware', name: 'fw.zip' },
      makeZip([{ path: 'a', data: 'x', hiddenBefore: evil }]),
      UNSAFE,
    );
    await refused(
      { purpose: 'firmware', name: 'fw.zip' },
      makeZip([{ path: 'a', data: 'x' }], { beforeDirectory: evil }),
      UNSAFE,
    );
  });

  it('answers an entry whose data does not match its CRC with "parsing failed"', async () => {
    const zip = makeZip([{ path: 'app.bin', data: 'firmware image', method: 'store' }]);
    const first = 30 + 'app.bin'.length; // the first data byte
    zip[first] = zip[first]! ^ 0xff;
    await refused({ purpose: 'firmware', name: 'fw.zip' }, zip, PARSE_FAILED);
  });

  it('still takes what zip writers make: data descriptors, directories, an apk signing block', async () => {
    const text = Buffer.from(Array.from({ length: 30_000 }, (_, i) => `line ${i} ${(i * 7919) % 104729}\n`).join(''));
    const entries: ZipEntry[] = [
      { path: 'meta/', data: '' },
      { path: 'meta/version.txt', data: '1.0.0', descriptor: true },
      { path: 'app.bin', data: text, descriptor: true },
      { path: 'raw.bin', data: 'stored', method: 'store' },
    ];
    const before = await inflatedSoFar();
    const f = expectOk(await upload(server, op, { purpose: 'firmware', name: 'fw.zip' }, makeZip(entries)));
    expect(f.entries).toEqual([
      { path: 'meta/version.txt', size: 5 },
      { path: 'app.bin', size: text.length },
      { path: 'raw.bin', size: 6 },
    ]);
    // every entry was really inflated, and no more than that
    expect((await inflatedSoFar()) - before).toBe(5 + text.length + 6);
    expectOk(await upload(server, op, { purpose: 'smartConfig', name: 'sc.apk' }, makeApk([], { signed: true })));
    // the signing block is an apk's only
    await refused(
      { purpose: 'firmware', name: 'fw.zip' },
      makeZip([{ path: 'a', data: 'x' }], { beforeDirectory: apkSigningBlock() }),
      UNSAFE,
    );
  });
});

describe('bombs whose declared sizes lie', () => {
  it('stops a zip entry at its declared size (1,000 bytes declared, 64 MiB inside)', async () => {
    const bomb = zeroBomb(64);
    for (const [purpose, name] of [
      ['firmware', 'fw.zip'],
      ['resource', 'voice.zip'],
    ]) {
      const before = await inflatedSoFar();
      await refused(
        { purpose: purpose!, name: name! },
        makeZip([{ path: 'z.bin', deflated: bomb, declaredSize: 1000 }]),
        UNSAFE,
      );
      // one zlib chunk or so past the declared size, not 64 MiB
      expect((await inflatedSoFar()) - before).toBeLessThan(MiB);
    }
    const before = await inflatedSoFar();
    await refused(
      { purpose: 'smartConfig', name: 'sc.apk' },
      makeApk([{ path: 'lib/z.so', deflated: bomb, declaredSize: 1000 }]),
      UNSAFE,
    );
    expect((await inflatedSoFar()) - before).toBeLessThan(MiB);
  });

  it('stops a gzip at its ISIZE when the trailer was rewritten (1,000 bytes claimed, 64 MiB inside)', async () => {
    const bomb = zeroBomb(64);
    const before = await inflatedSoFar();
    await refused({ purpose: 'firmware', name: 'fw.gz' }, gzipOf('image.bin', bomb, 1000), UNSAFE);
    expect((await inflatedSoFar()) - before).toBeLessThan(MiB);
    // the honest trailer is refused for its ratio before anything is inflated
    const honest = await inflatedSoFar();
    await refused({ purpose: 'firmware', name: 'fw.gz' }, gzipOf('image.bin', bomb), UNSAFE);
    expect(await inflatedSoFar()).toBe(honest);
  });

  it('answers a gzip that inflates to less than its ISIZE with "parsing failed", and takes an honest one', async () => {
    const gz = makeGzip('image.bin', 'x'.repeat(1000));
    const short = Buffer.from(gz);
    short.writeUInt32LE(2000, short.length - 4);
    await refused({ purpose: 'firmware', name: 'fw.gz' }, short, PARSE_FAILED);
    const before = await inflatedSoFar();
    const f = expectOk(await upload(server, op, { purpose: 'firmware', name: 'fw.gz' }, gz));
    expect(f.entries).toEqual([{ path: 'image.bin', size: 1000 }]);
    expect((await inflatedSoFar()) - before).toBe(1000);
  });
});
