import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import type { SkippedLine } from './cell-csv';
import { summariseImport, type EndedImport } from './cell-import-summary';
import type { Skipped } from './use-cell-import';

/** How an import ended: imported, cancelled, stopped by the server, or the file refused. */
export function CellImportResult({ state }: { state: EndedImport }) {
  const { t } = useTranslation();
  const { type, outcome, text, count } = summariseImport(state, t);
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
      <Typography.Text type="warning">
        {t('deviceMap.cells.skipped', { count: formatCount(skipped.count) })}
      </Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {skipped.first.map((s) => (
          <li key={s.line}>
            <Typography.Text type="secondary">{describe(s)}</Typography.Text>
          </li>
        ))}
        {more > 0 && (
          <li>
            <Typography.Text type="secondary">
              {t('deviceMap.cells.skippedMore', { count: formatCount(more) })}
            </Typography.Text>
          </li>
        )}
      </ul>
    </div>
  );
}
