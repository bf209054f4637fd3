import type { CellRow } from '@herald/contract';
import { toCellCsv } from './cell-csv';

/** Two real-looking cells (Beijing, Berlin) so operators see the columns and their units. */
const SAMPLE_ROWS: CellRow[] = [
  { mcc: 460, mnc: 0, lac: 4173, cid: 12345, lat: 39.9042, lng: 116.4074, range: 800 },
  { mcc: 262, mnc: 2, lac: 801, cid: 86355, lat: 52.5222, lng: 13.2855, range: 1000 },
];

/** Save a sample CSV in Herald's own format, made here: there is nothing to fetch. */
export function downloadCellSample(): void {
  const href = URL.createObjectURL(new Blob([toCellCsv(SAMPLE_ROWS)], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = 'cell-table-sample.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
