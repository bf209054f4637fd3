import type * as XLSX from '@e965/xlsx';

/** Legacy Excel 97-2003 (.xls, BIFF) files are OLE2 compound documents. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

export const isOle2 = (bytes: Buffer) => bytes.subarray(0, 4).equals(OLE2_MAGIC);

/** A sheet row: its 1-based row number and the text of its cells, in column order. */
export type SheetRow = { row: number; cells: string[] };

/**
 * The first sheet of an .xls file, as text (what Excel shows). exceljs reads only xlsx; this uses
 * SheetJS (@e965/xlsx, see docs/decisions.md) for .xls alone, with formulas, styles, HTML and
 * VBA left unread. Throws on anything it cannot read; the caller maps that to 'File format error'.
 * SheetJS is loaded on the first .xls (~1 MiB of modules a server's start need not compile).
 */
export async function readXlsRows(bytes: Buffer, columns: number): Promise<SheetRow[]> {
  const XLSX = await import('@e965/xlsx');
  const wb = XLSX.read(bytes, {
    type: 'buffer',
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
    WTF: false,
  });
  // an encrypted xlsx or another OLE2 document that SheetJS read as something else is not an .xls
  if (wb.bookType !== undefined && wb.bookType !== 'xls') throw new Error(`not an xls: ${wb.bookType}`);
  const ws = wb.SheetNames[0] === undefined ? undefined : wb.Sheets[wb.SheetNames[0]];
  if (!ws?.['!ref']) return [];
  const range = XLSX.utils.decode_range(ws['!ref']);
  const out: SheetRow[] = [];
  for (let r = 0; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns; c++) {
      const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      cells.push(cell === undefined ? '' : String(cell.w ?? cell.v ?? '').trim());
    }
    out.push({ row: r + 1, cells });
  }
  return out;
}
