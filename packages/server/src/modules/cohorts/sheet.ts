import { newWorkbook } from '../../lib/excel';
import { IMPORT_MAX_BYTES, SN_RE } from '@herald/contract';
import { invalid } from '../../lib/errors';
import { isOle2, readXlsRows } from '../devices/import-xls';

const HEADERS = new Set(['sn', 's/n', 'serial', 'serial number', 'serialnumber', '序列号', '设备序列号']);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function firstColumn(bytes: Buffer): Promise<string[]> {
  if (isOle2(bytes)) return (await readXlsRows(bytes, 1)).map((r) => r.cells[0] ?? '');
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const wb = await newWorkbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.worksheets[0];
    if (!ws) return [];
    return Array.from({ length: ws.rowCount }, (_, i) => ws.getRow(i + 1).getCell(1).text);
  }
  // CSV (or a plain list): the first field of each line, quotes and a BOM removed
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new Error('binary');
  return text.split(/\r?\n/).map((line) => line.split(/[,;\t]/)[0]!.replace(/^"|"$/g, ''));
}

/**
 * The S/Ns of a cohort spreadsheet (xlsx, xls or CSV, base64, a data-URL prefix allowed): the
 * first column of the first sheet. Cells that are not an S/N (a header, blanks) are passed over;
 * a file with none is 'File format error'.
 */
export async function snsOfSheet(content: string): Promise<string[]> {
  const b64 = content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid('error.uploadFailed', 'file.content');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw invalid('error.uploadFailed', 'file.content');
  if (bytes.length > IMPORT_MAX_BYTES) throw invalid('error.importFileTooLarge', 'file.content');
  let cells: string[];
  try {
    cells = await firstColumn(bytes);
  } catch {
    throw invalid('error.fileFormat', 'file.content');
  }
  // a header such as "Serial" would pass the S/N pattern
  const first = cells[0]?.trim().toLowerCase() ?? '';
  const body = HEADERS.has(first) ? cells.slice(1) : cells;
  const out = [...new Set(body.map((c) => c.trim()).filter((c) => SN_RE.test(c)))];
  if (!out.length) throw invalid('error.fileFormat', 'file.content');
  return out;
}
