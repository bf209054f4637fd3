import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import ExcelJS from 'exceljs';
import {
  DEFAULT_PRINT_PARAMS,
  DeviceStatus,
  DEVICE_SECRET_RE,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  SN_RE,
  translate,
  type ImportJob,
  type Locale,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/filters';
import { ownAccount, targetAccount } from '../../lib/scope';
import * as groupsRepo from '../groups/repo';
import * as modelsRepo from '../models/repo';
import { MODEL_DISABLED } from '../models/service';
import { audit } from '../oper-log/audit';
import { isOle2, readXlsRows, type SheetRow } from './import-xls';
import * as repo from './repo';
import { defaultGroupOf, notifyChanged } from './service';

/**
 * Batch add from the xlsx template (a legacy .xls works too: spec "xls or xlsx"). The upload is parsed at once (a bad file is refused with
 * 'File format error' before any job exists); the rows are then checked and created in the
 * background in chunks, and GET /v1/devices/imports/:id reports processed/total and the rows that
 * failed with their row numbers. Each chunk is one transaction: a crash mid-way leaves the chunks
 * before it created and the job 'running'; re-importing the same file reports those S/Ns as taken.
 */
const CHUNK = 250;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type ParsedRow = {
  row: number;
  sn: string;
  name: string;
  modelCode: string;
  groupName: string;
  secret: string;
};
type RowError = { row: number; sn: string; message: string };

export async function templateXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
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
  const wb = new ExcelJS.Workbook();
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
      ? readXlsRows(bytes, IMPORT_COLUMNS.length)
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
  await repo.insertImport(deps.db, {
    id,
    accountId,
    userId: auth.userId,
    fileName: body.fileName || null,
    status: 'running',
    total: rows.length,
  });
  setImmediate(() => {
    runImport(deps, auth, id, accountId, rows).catch(async (err) => {
      log.error({ err, importId: id }, 'device import failed');
      await repo
        .updateImport(deps.db, id, { status: 'failed', message: 'error.system', finishedAt: new Date() })
        .catch(() => {});
    });
  });
  return (await repo.findImport(deps.db, id))!;
}

export async function runImport(
  deps: Deps,
  auth: AuthContext,
  id: number | string,
  accountId: number,
  rows: ParsedRow[],
) {
  const jobId = String(id);
  const [models, groups, defaultGroupId] = await Promise.all([
    modelsRepo.modelsByCode(deps.db),
    groupsRepo.groupsByName(deps.db, accountId),
    defaultGroupOf(deps, accountId),
  ]);
  const failed: RowError[] = [];
  const seen = new Set<string>();
  let created = 0;
  let processed = 0;
  const createdSns: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const taken = await repo.liveSns(
      deps.db,
      chunk.map((r) => r.sn).filter((sn) => SN_RE.test(sn)),
    );
    const valid: (ParsedRow & { modelId: number; groupId: number })[] = [];
    for (const r of chunk) {
      const fail = (message: string) => failed.push({ row: r.row, sn: r.sn, message });
      const model = models.get(r.modelCode.toLowerCase());
      const groupId = r.groupName ? groups.get(r.groupName.toLowerCase()) : defaultGroupId;
      if (!r.sn) fail('validation.required');
      else if (!SN_RE.test(r.sn)) fail('error.snInvalid');
      else if (seen.has(r.sn)) fail('error.snDuplicateInFile');
      else if (taken.has(r.sn)) fail('error.snExists');
      else if (r.name.length > 64) fail('validation.maxLength');
      else if (!r.modelCode || !model) fail('error.modelNotFound');
      else if (model.status === MODEL_DISABLED) fail('error.modelDisabled');
      else if (groupId === undefined) fail('error.groupNotFound');
      else if (r.secret && !DEVICE_SECRET_RE.test(r.secret)) fail('error.secretInvalid');
      else valid.push({ ...r, modelId: model.id, groupId });
      if (r.sn) seen.add(r.sn);
    }
    if (valid.length > 0) {
      const inserted = await deps.db.transaction(async (tx) => {
        const out = await repo.insertDevicesSkippingTaken(
          tx,
          valid.map((r) => ({
            accountId,
            sn: r.sn,
            name: r.name || null,
            modelId: r.modelId,
            groupId: r.groupId,
            // the factory's provisioned secret, or one Herald makes (obtained by registration)
            secret: r.secret || randomToken(24),
            status: DeviceStatus.ENABLED,
            printParams: { ...DEFAULT_PRINT_PARAMS },
          })),
        );
        const sns = new Set(out.map((o) => o.sn));
        createdSns.push(...sns);
        for (const r of valid) if (!sns.has(r.sn)) failed.push({ row: r.row, sn: r.sn, message: 'error.snExists' });
        if (out.length > 0) {
          await audit(tx, auth, {
            module: 'device',
            type: 'import',
            description: {
              key: 'log.device.import',
              params: { count: out.length, first: chunk[0]!.row, last: chunk[chunk.length - 1]!.row, jobId },
            },
          });
        }
        return out.length;
      });
      created += inserted;
      await notifyChanged(deps, createdSns.splice(0));
    }
    processed += chunk.length;
    await repo.updateImport(deps.db, jobId, { processed, created, failed: [...failed].sort((a, b) => a.row - b.row) });
  }
  await repo.updateImport(deps.db, jobId, { status: 'done', finishedAt: new Date() });
}

export async function getImport(deps: Deps, auth: AuthContext, id: string): Promise<repo.ImportRow> {
  const j = await repo.findImport(deps.db, id);
  const own = ownAccount(auth);
  if (!j || (own !== undefined && j.accountId !== own)) throw notFound();
  return j;
}
