import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { unanswered } from '../../../lib/http';
import { CELL_CSV_HEADERS, type SkippedLine } from './cell-csv';
import { CELL_FILE_MAX_MB, type CellImport, type Skipped } from './use-cell-import';

type Ended = Extract<CellImport, { phase: 'refused' | 'finished' }>;
type Summary = { type: 'success' | 'warning' | 'error'; outcome: string; text: string; count?: string };

function summarise(state: Ended, t: TFunction): Summary {
  const { file } = state;
  if (state.phase === 'refused') {
    const text = t(`deviceMap.cells.result.${state.reason}`, { file, size: CELL_FILE_MAX_MB, ...CELL_CSV_HEADERS });
    return { type: 'error', outcome: state.reason, text };
  }
  const { outcome, total } = state;
  const count = state.count === undefined ? undefined : t('deviceMap.cells.result.count', { count: state.count });
  const counts = { file, total, sent: outcome.sent };
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

/** How an import ended: imported, cancelled, stopped by the server, or the file refused. */
export function CellImportResult({ state }: { state: Ended }) {
  const { t } = useTranslation();
  const { type, outcome, text, count } = summarise(state, t);
  return (
    <>
      <Alert
        type={type}
        showIcon
        message={text}
        description={count}
        data-testid="cell-table-result"
        data-outcome={outcome}
      />
      {state.skipped && state.skipped.count > 0 && <SkippedLines skipped={state.skipped} />}
    </>
  );
}

/** The first few lines the file's reading skipped, and how many there were in all. */
export function SkippedLines({ skipped }: { skipped: Skipped }) {
  const { t } = useTranslation();
  const describe = (s: SkippedLine) =>
    s.problem === 'columns'
      ? t('deviceMap.cells.lineColumns', { line: s.line, found: s.found, expected: s.expected })
      : t('deviceMap.cells.lineValue', { line: s.line, column: s.column, problem: t(s.message) });
  const more = skipped.count - skipped.first.length;
  return (
    <div data-testid="cell-table-skipped" data-count={skipped.count}>
      <Typography.Text type="warning">{t('deviceMap.cells.skipped', { count: skipped.count })}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {skipped.first.map((s) => (
          <li key={s.line}>
            <Typography.Text type="secondary">{describe(s)}</Typography.Text>
          </li>
        ))}
        {more > 0 && (
          <li>
            <Typography.Text type="secondary">{t('deviceMap.cells.skippedMore', { count: more })}</Typography.Text>
          </li>
        )}
      </ul>
    </div>
  );
}
