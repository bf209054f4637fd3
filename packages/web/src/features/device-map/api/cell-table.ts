import { locationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { CellImportBody, CellRow } from '@herald/contract';

/** How many cells the platform's cell table holds, and when it was last imported into. */
export const cellStatsQuery = () => ({
  queryKey: ['device-map', 'cells'] as const,
  queryFn: () => call(locationsApi.listCells),
});

/**
 * Add or replace up to CELLS_PER_IMPORT cells. Silent: the drawer shows a refused slice's
 * message together with how many rows were stored before it, which a toast could not.
 */
export const importCells = (cells: CellRow[]) =>
  call(locationsApi.saveCells, { body: { cells } satisfies CellImportBody }, { silent: true });
