import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@herald/contract';
import { devices } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createModel, newSn } from './fleet';
import { expectInvalid } from './people';

/** Batch add from a legacy .xls (spec: "Batch import: xls or xlsx"), with the xlsx path's checks and limits. */
let server: Awaited<ReturnType<typeof startServer>>;
let A: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  server = await startServer();
  A = await seedAccount(server);
  model = await createModel(await adminClient(server));
});
afterAll(async () => server?.close());

const HEADER = ['S/N', 'Name', 'Model code', 'Group name', 'Secret'];

/** A real Excel 97-2003 workbook (BIFF8 in an OLE2 container), base64. */
function xls(rows: (string | number)[][], header = HEADER): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Devices');
  const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer;
  expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
  return bytes.toString('base64');
}

async function waitDone(client: Client, id: string) {
  for (let i = 0; i < 200; i++) {
    const job = expectOk(await client.get(`/v1/devices/imports/${id}`));
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

describe('batch add from .xls', () => {
  it('creates the good rows and reports the bad ones by row number', async () => {
    const group = expectOk(await A.client.post('/v1/groups', { name: `Kitchen ${newSn()}` }));
    const good1 = newSn();
    const good2 = newSn();
    const zeros = `00${Date.now() % 1e8}`;
    const content = xls([
      [good1, 'One', model.code, ''],
      ['bad sn', 'Two', model.code, ''],
      [good2, 'Three', model.code, '默认分组'],
      [zeros, 'Four', model.code, group.name],
      [newSn(), 'Five', 'NOPE', ''],
    ]);
    const job = expectOk(await A.client.post('/v1/devices/imports', { fileName: 'devices.xls', content }));
    expect(job).toMatchObject({ total: 5, fileName: 'devices.xls' });
    const done = await waitDone(A.client, job.id);
    expect(done).toMatchObject({ status: 'done', total: 5, processed: 5, created: 3 });
    expect(done.failed.map((f: { row: number; message: string }) => [f.row, f.message])).toEqual([
      [3, 'Incorrect Device S/N'],
      [6, 'The selected model does not exist'],
    ]);
    const one = expectOk(await A.client.get(`/v1/devices?sn=${good1}`)).list[0];
    expect(one).toMatchObject({ name: 'One', modelCode: model.code, groupName: 'Default group' });
    expect(expectOk(await A.client.get(`/v1/devices?sn=${good2}`)).list[0].groupName).toBe('Default group');
    // a text cell keeps its leading zeros
    const [z] = await server.deps.db.select().from(devices).where(eq(devices.sn, zeros));
    expect(z).toMatchObject({ name: 'Four', groupId: group.id });
  });

  it("refuses an .xls without the template's header, an unreadable OLE2 file and an empty sheet: 'File format error'", async () => {
    await expectInvalid(
      (c) => c.post('/v1/devices/imports', { content: xls([['x', 'y', 'z']], ['a', 'b', 'c']) }),
      A.client,
      'File format error',
      '文件格式错误',
      'content',
    );
    const garbage = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(600, 7),
    ]);
    expectError(
      await A.client.post('/v1/devices/imports', { content: garbage.toString('base64') }),
      40010,
      'File format error',
    );
    expectError(
      await A.client.post('/v1/devices/imports', { content: xls([]) }),
      40010,
      'The file contains no devices',
    );
  });

  it('keeps the limits: file size and number of rows', async () => {
    const big = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(IMPORT_MAX_BYTES, 0)]);
    expectError(
      await A.client.post('/v1/devices/imports', { content: big.toString('base64') }),
      40010,
      'The file cannot be larger than 2MB',
    );
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`XLS${i}`, '', model.code, '']);
    expectError(
      await A.client.post('/v1/devices/imports', { content: xls(many) }),
      40010,
      'The file has too many rows (at most 5000)',
    );
    expect(expectOk(await A.client.get('/v1/devices?sn=XLS1')).total).toBe(0);
  });
});
