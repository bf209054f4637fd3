import type ExcelJS from 'exceljs';

/**
 * A new workbook, with exceljs loaded on first use: importing it cost ~1.2 s of a server's start
 * (the storm bench's profile), and only spreadsheet imports and exports need it.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}
