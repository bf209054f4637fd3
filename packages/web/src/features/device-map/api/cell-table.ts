import type { CellImportBody, CellImportResult, CellRow, CellStats } from '@herald/contract';
import { get, post } from '../../../lib/http';

const CELLS = '/v1/device-map/cells';

/** How many cells the platform's cell table holds, and when it was last imported into. */
export const cellStatsQuery = () => ({
  queryKey: ['device-map', 'cells'] as const,
  queryFn: () => get<CellStats>(CELLS),
});

/**
 * Add or replace up to CELLS_PER_IMPORT cells. Silent: the drawer shows a refused slice's
 * message together with how many rows were stored before it, which a toast could not.
 */
export const importCells = (cells: CellRow[]) =>
  post<CellImportResult>(CELLS, { cells } satisfies CellImportBody, { silent: true });
