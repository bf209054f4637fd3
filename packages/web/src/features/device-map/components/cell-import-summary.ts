import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format';
import { unanswered } from '../../../lib/http';
import { CELL_CSV_HEADERS } from './cell-csv';
import { CELL_FILE_MAX_MB, type CellImport } from './use-cell-import';

export type EndedImport = Extract<CellImport, { phase: 'refused' | 'finished' }>;
type Summary = { type: 'success' | 'warning' | 'error'; outcome: string; text: string; count?: string };

/**
 * The result's sentence for an ended import, its outcome (for tests to read) and the table's new
 * size. Counts are grouped as the drawer's stats show them.
 */
export function summariseImport(state: EndedImport, t: TFunction): Summary {
  const { file } = state;
  if (state.phase === 'refused') {
    const text = t(`deviceMap.cells.result.${state.reason}`, { file, size: CELL_FILE_MAX_MB, ...CELL_CSV_HEADERS });
    return { type: 'error', outcome: state.reason, text };
  }
  const count =
    state.count === undefined ? undefined : t('deviceMap.cells.result.count', { count: formatCount(state.count) });
  const { outcome } = state;
  const counts = { file, total: formatCount(state.total), sent: formatCount(outcome.sent) };
  if (outcome.kind === 'failed') {
    // the server's message names what it refused; with no answer at all there is nothing to quote
    const message = unanswered(outcome.error) ? t('error.noAnswer') : (outcome.error as Error).message;
    return {
      type: 'error',
      outcome: 'failed',
      text: t('deviceMap.cells.result.failed', { ...counts, message }),
      count,
    };
  }
  const text = t(`deviceMap.cells.result.${outcome.kind}`, counts);
  return { type: outcome.kind === 'done' ? 'success' : 'warning', outcome: outcome.kind, text, count };
}
