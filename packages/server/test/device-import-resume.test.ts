import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { deviceImports, devices, operLogs } from '../src/db/schema';
import { importRuns, withoutValues } from '../src/modules/devices/import-run';
import { seedAccount } from './fixtures';
import { createDevice, createModel, newSn } from './fleet';
import { adminClient, Client, expectOk, startPeer, startServer, type TestServer } from './harness';

/**
 * A batch import outlives the server that took the upload (the production path's N nodes): another
 * server carries it on from the last chunk written, once the first hangs past its claim's lease or
 * closes. Chunks of 4 rows; the server that "stops" is held while it tells the broker about a
 * chunk's devices, i.e. after the chunk's transaction and before the next.
 */
const CHUNK = 4;
const ENV = { IMPORT_CHUNK_ROWS: String(CHUNK), IMPORT_LEASE_MS: '2000', IMPORT_CLAIM_MS: '100' };
/** the server that takes the upload never claims imports itself (its loop's first round is an hour away) */
const UPLOADER_ENV = { ...ENV, IMPORT_CLAIM_MS: '3600000' };

let a: TestServer;
let A: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  a = await startServer(ENV);
  A = await seedAccount(a);
  model = await createModel(await adminClient(a));
});
afterAll(async () => a?.close());

async function xlsx(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(['S/N', 'Name', 'Model code', 'Group name', 'Secret']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const FACTORY_SECRET = 'factory_secret-0123456789abcdef';

/**
 * 30 rows (8 chunks) whose failures fall in different chunks: a bad S/N and a taken one in the
 * first, an S/N of the second chunk again in the sixth (only a server that knows the rows before
 * it finds the duplicate), an unknown model in the seventh; a factory secret in the fifth.
 */
async function importFile() {
  const taken = (await createDevice(A.client, model.id)).sn;
  const sns = Array.from({ length: 30 }, () => newSn());
  sns[1] = 'bad sn';
  sns[2] = taken;
  sns[22] = sns[5]!;
  const rows = sns.map((sn, i) => [
    sn,
    `Device ${i}`,
    i === 26 ? 'NOPE' : model.code,
    '',
    i === 17 ? FACTORY_SECRET : '',
  ]);
  // sheet rows count from 2 (the header is row 1)
  const failed = [
    [3, 'Incorrect Device S/N'],
    [4, 'Device S/N already exists'],
    [24, 'Device S/N appears more than once in the file'],
    [28, 'The selected model does not exist'],
  ];
  const good = sns.filter((_, i) => ![1, 2, 22, 26].includes(i));
  return { content: await xlsx(rows), sns, good, failed, factorySn: sns[17]! };
}

/**
 * Hold `server`'s notifications to the broker at `sn` (the first device of a chunk) until released:
 * the server stays inside that import, its chunk written, its claim no longer renewed.
 */
function holdAt(server: Server, sn: string) {
  const gateway = server.deps.gateway;
  let reached!: () => void;
  let release!: () => void;
  const held = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  server.deps.gateway = Object.assign(Object.create(gateway) as typeof gateway, {
    deviceChanged: async (changed: readonly string[]) => {
      if (changed.includes(sn)) {
        reached();
        await released;
      }
      await gateway.deviceChanged?.(changed);
    },
  });
  return { held, release };
}

const stored = async (id: string) => (await a.deps.db.select().from(deviceImports).where(eq(deviceImports.id, id)))[0]!;

/**
 * Poll the import through `client` until it ends, checking every answer: progress never goes back,
 * moves by whole chunks, and every processed row is either created or reported.
 */
async function watchToEnd(client: Client, id: string, total: number) {
  let last = -1;
  for (let i = 0; i < 600; i++) {
    const job = expectOk(await client.get(`/v1/devices/imports/${id}`));
    expect(job.processed).toBeGreaterThanOrEqual(last);
    expect(job.processed % CHUNK === 0 || job.processed === total).toBe(true);
    expect(job.created + job.failed.length).toBe(job.processed);
    last = job.processed;
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

async function expectImported(
  id: string,
  file: Awaited<ReturnType<typeof importFile>>,
  done: ReturnType<typeof expectOk>,
) {
  expect(done).toMatchObject({ status: 'done', total: 30, processed: 30, created: file.good.length });
  expect(done.failed.map((f: { row: number; message: string }) => [f.row, f.message])).toEqual(file.failed);
  // one device per S/N of the file, in the account, whoever wrote its chunk
  const rows = await a.deps.db
    .select({ sn: devices.sn, accountId: devices.accountId, secret: devices.secret })
    .from(devices)
    .where(inArray(devices.sn, file.good));
  expect(rows.map((r) => r.sn).sort()).toEqual([...file.good].sort());
  expect(rows.every((r) => r.accountId === A.accountId)).toBe(true);
  expect(rows.find((r) => r.sn === file.factorySn)!.secret).toBe(FACTORY_SECRET);
  // the operation log names the importing user on every chunk, including the resumed ones
  const logs = await a.deps.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.descriptionKey, 'log.device.import'), sql`${operLogs.descriptionParams}->>'jobId' = ${id}`));
  expect(logs.reduce((n, l) => n + Number(l.descriptionParams!.count), 0)).toBe(file.good.length);
  for (const l of logs) expect(l).toMatchObject({ userId: A.adminId, username: A.username, accountId: A.accountId });
  // what only a running import needs is gone: the rows held the factory's secret
  expect(await stored(id)).toMatchObject({ rows: null, actor: null, claimedAt: null, claimedBy: null });
}

describe('a device import outlives its server', () => {
  it('is carried on by one of the other servers once the first hangs past its lease; the first writes nothing more', async () => {
    const file = await importFile();
    const peer = await startPeer(a, UPLOADER_ENV);
    // two servers look for it once the lease is over: `a` and this one
    const other = await startPeer(a, ENV);
    // held while telling the broker about the third chunk's devices
    const hold = holdAt(peer, file.sns[2 * CHUNK]!);
    try {
      const viaPeer = new Client(peer);
      viaPeer.token = A.client.token;
      const job = expectOk(
        await viaPeer.post('/v1/devices/imports', { fileName: 'devices.xlsx', content: file.content }),
      );
      await hold.held;
      const half = await stored(job.id);
      // three chunks written, the progress with them; the rows and the importer kept for whoever carries on
      expect(half).toMatchObject({ status: 'running', processed: 3 * CHUNK, claimedBy: importRuns(peer.deps).node });
      expect(half.created + (half.failed as unknown[]).length).toBe(3 * CHUNK);
      expect(half.rows).toHaveLength(30);
      expect(half.actor).toMatchObject({ userId: A.adminId, username: A.username, accountId: A.accountId });

      // the peer is still held: only another server can finish it (both others race to claim it)
      const done = await watchToEnd(A.client, job.id, 30);
      await expectImported(job.id, file, done);

      // let the hung server go on: its next chunk finds the import no longer its own
      hold.release();
      await importRuns(peer.deps).settled();
      await expectImported(job.id, file, expectOk(await A.client.get(`/v1/devices/imports/${job.id}`)));
    } finally {
      hold.release();
      await peer.close();
      await other.close();
    }
  });

  it('is given up by a closing server after its current chunk and carried on by another', async () => {
    const file = await importFile();
    const peer = await startPeer(a, UPLOADER_ENV);
    const viaPeer = new Client(peer);
    viaPeer.token = A.client.token;
    const hold = holdAt(peer, file.sns[CHUNK]!);
    const job = expectOk(
      await viaPeer.post('/v1/devices/imports', { fileName: 'devices.xlsx', content: file.content }),
    );
    await hold.held;
    const closing = peer.close();
    hold.release();
    await closing;
    // two chunks written; the claim given up rather than left to its lease: it is nobody's, or
    // already the other server's
    const left = await stored(job.id);
    expect(left.processed).toBeGreaterThanOrEqual(2 * CHUNK);
    expect([null, importRuns(a.deps).node]).toContain(left.claimedBy);
    const done = await watchToEnd(A.client, job.id, 30);
    await expectImported(job.id, file, done);
  });

  it("logs a failed chunk's error without the query's values (the rows' secrets)", async () => {
    const err = await a.deps.db
      .insert(devices)
      .values({
        accountId: 2_000_000_000,
        sn: newSn(),
        modelId: model.id,
        groupId: 1,
        secret: FACTORY_SECRET,
        printParams: {},
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    // what the log would get from the error as it is: the statement's parameters, the secret among them
    expect(JSON.stringify({ message: (err as Error).message, ...(err as object) })).toContain(FACTORY_SECRET);
    const logged = withoutValues(err);
    expect(JSON.stringify(logged)).not.toContain(FACTORY_SECRET);
    expect(logged).toMatchObject({
      code: expect.stringMatching(/^23/),
      message: expect.stringContaining('a query failed'),
    });
    expect(logged.stack).toContain('    at ');
  });
});
