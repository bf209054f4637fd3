import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { newWorkbook } from '../../lib/excel';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  translate,
  type ImportJob,
  type Locale,
} from '@herald/contract';
import type { ImportFileRow } from '../../db/schema';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/filters';
import { mustOwn } from '../../lib/data-scope';
import { ownAccount, targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { isOle2, readXlsRows, type SheetRow } from './import-xls';
import { withoutValues, type RowError } from './import-run';
import * as repo from './repo';

/**
 * Batch add from the xlsx template (a legacy .xls works too: spec "xls or xlsx"). The upload is parsed at once (a bad file is refused with
 * 'File format error' before any job exists); the rows are then checked and created in the
 * background in chunks (import-run.ts: on any server, carried on by another if this one stops), and
 * GET /v1/devices/imports/:id reports processed/total and the rows that failed with their row numbers.
 */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type ParsedRow = ImportFileRow;

export async function templateXlsx(): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Devices');
  ws.columns = IMPORT_COLUMNS.map((header) => ({ header, width: header === 'Name' ? 28 : 20 }));
  ws.getRow(1).font = { bold: true };
  // S/N as text, so leading zeros survive Excel
  ws.getColumn(1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** base64 (a data-URL prefix is allowed) → bytes; refuse what is too big or neither xlsx nor xls. */
function decodeUpload(content: string): Buffer {
  const b64 = content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid('error.uploadFailed', 'content');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw invalid('error.uploadFailed', 'content');
  if (bytes.length > IMPORT_MAX_BYTES) throw invalid('error.importFileTooLarge', 'content');
  // xlsx is a zip, legacy .xls an OLE2 compound document; anything else is not a spreadsheet
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC) && !isOle2(bytes)) throw invalid('error.fileFormat', 'content');
  return bytes;
}

async function readXlsxRows(bytes: Buffer, columns: number): Promise<SheetRow[]> {
  const wb = await newWorkbook();
  await wb.xlsx.load(bytes as never);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: SheetRow[] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    out.push({ row: r, cells: Array.from({ length: columns }, (_, i) => row.getCell(i + 1).text.trim()) });
  }
  return out;
}

/** The sheet's rows under the template's header; the same checks and limits for xlsx and xls. */
export async function parseImportFile(bytes: Buffer): Promise<ParsedRow[]> {
  let sheet: SheetRow[];
  try {
    sheet = isOle2(bytes)
      ? await readXlsRows(bytes, IMPORT_COLUMNS.length)
      : await readXlsxRows(bytes, IMPORT_COLUMNS.length);
  } catch {
    throw invalid('error.fileFormat', 'content');
  }
  const header = (sheet[0]?.row === 1 ? sheet[0].cells : []).map((c) => c.toLowerCase());
  if (!IMPORT_COLUMNS.slice(0, 3).every((h, i) => header[i] === h.toLowerCase()))
    throw invalid('error.fileFormat', 'content');
  const rows: ParsedRow[] = [];
  for (const { row, cells } of sheet.slice(1)) {
    if (cells.every((c) => c === '')) continue;
    const [sn, name, modelCode, groupName, secret] = cells as [string, string, string, string, string];
    rows.push({ row, sn, name, modelCode, groupName, secret });
    if (rows.length > IMPORT_MAX_ROWS) throw invalid('error.importTooManyRows', 'content');
  }
  if (rows.length === 0) throw invalid('error.importEmpty', 'content');
  return rows;
}

export function toImportJob(j: repo.ImportRow, locale: Locale): ImportJob {
  return {
    id: j.id,
    status: j.status as ImportJob['status'],
    fileName: j.fileName,
    total: j.total,
    processed: j.processed,
    created: j.created,
    failed: (j.failed as RowError[]).map((f) => ({ ...f, message: translate(f.message, locale) })),
    message: j.message ? translate(j.message, locale) : null,
    createdAt: iso(j.createdAt),
    finishedAt: isoOrNull(j.finishedAt),
    generatedSecrets: j.generatedSecrets,
  };
}

export async function startImport(
  deps: Deps,
  auth: AuthContext,
  body: { fileName?: string; content: string; accountId?: number | null },
  log: FastifyBaseLogger,
): Promise<repo.ImportRow> {
  const accountId = targetAccount(auth, body.accountId);
  if (auth.side === 'op' && !(await repo.accountExists(deps.db, accountId)))
    throw invalid('error.notFound', 'accountId');
  const rows = await parseImportFile(decodeUpload(body.content));
  const id = randomUUID();
  const runs = deps.imports;
  const actor = { userId: auth.userId, username: auth.username, accountId: auth.accountId, ip: auth.ip };
  try {
    // claimed by this server from the start; any other carries it on if this one stops
    await repo.insertImport(deps.db, {
      id,
      accountId,
      userId: auth.userId,
      fileName: body.fileName || null,
      status: 'running',
      total: rows.length,
      rows,
      actor,
      claimedAt: sql`now()`,
      claimedBy: runs.node,
    });
  } catch (err) {
    // the insert's parameters are the rows (secrets): neither they nor the query may reach the log
    log.error({ err: withoutValues(err) }, 'device import not stored');
    throw new Error('device import not stored');
  }
  const claim = { id, accountId, processed: 0, created: 0, failed: [], rows, actor };
  setImmediate(() => void runs.run(deps, claim, log));
  return (await repo.findImport(deps.db, id))!;
}

export async function getImport(deps: Deps, auth: AuthContext, id: string): Promise<repo.ImportRow> {
  const j = await repo.findImport(deps.db, id);
  const own = ownAccount(auth);
  if (!j || (own !== undefined && j.accountId !== own)) throw notFound();
  mustOwn(auth, j.userId);
  return j;
}

/**
 * The secrets made for rows without one, to the importer only, once: the same statement drops
 * them, as a single add shows its secret once. A second call is refused with its own message.
 */
export async function takeGeneratedSecrets(deps: Deps, auth: AuthContext, id: string) {
  const j = await getImport(deps, auth, id);
  if (j.userId !== auth.userId) throw notFound();
  const list = await repo.takeGeneratedSecrets(deps.db, id);
  if (!list) throw invalid('error.importSecretsTaken');
  await audit(deps.db, auth, {
    module: 'device',
    type: 'import',
    description: { key: 'log.device.importSecrets', params: { count: list.length, jobId: id } },
  });
  return { list };
}
