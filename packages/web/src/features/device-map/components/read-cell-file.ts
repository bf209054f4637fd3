import { CellCsvReader, type CellCsv } from './cell-csv';

/**
 * Read a picked CSV file through its stream rather than File.text(): a 200 MB file is never held as
 * one string, and the page keeps painting (and can show `onRead`) between chunks.
 */
export async function readCellFile(file: Blob, onRead?: (share: number) => void): Promise<CellCsv> {
  const csv = new CellCsvReader();
  const stream = file.stream().pipeThrough(new TextDecoderStream());
  const reader = stream.getReader();
  let chars = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (!csv.push(next.value)) {
      // the header was refused: the rest of the file would be read for nothing
      await reader.cancel();
      break;
    }
    // characters for bytes: exact for the ASCII these files hold, and only a progress hint
    chars += next.value.length;
    onRead?.(Math.min(chars / Math.max(file.size, 1), 1));
  }
  return csv.end();
}
