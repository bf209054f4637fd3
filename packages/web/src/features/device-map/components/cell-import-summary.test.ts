import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format';

// the HTTP client needs a browser; here every error is one the server answered
vi.mock('../../../lib/http', () => ({ unanswered: () => false }));
const { summariseImport } = await import('./cell-import-summary');

// echoes the key and its values, so the test sees what the sentence is given
const t = ((key: string, values?: object) => JSON.stringify({ key, ...values })) as unknown as TFunction;
const skipped = { count: 0, first: [] };

describe('the cell import result', () => {
  it('groups the rows sent, the total and the table size as the stats do', () => {
    const summary = summariseImport(
      {
        phase: 'finished',
        file: 'cells.csv',
        total: 12_000,
        outcome: { kind: 'cancelled', sent: 5_000 },
        count: 1_234_567,
        skipped,
      },
      t,
    );
    expect(summary).toEqual({
      type: 'warning',
      outcome: 'cancelled',
      text: JSON.stringify({
        key: 'deviceMap.cells.result.cancelled',
        file: 'cells.csv',
        total: formatCount(12_000),
        sent: formatCount(5_000),
      }),
      count: JSON.stringify({ key: 'deviceMap.cells.result.count', count: formatCount(1_234_567) }),
    });
  });

  it("quotes the server's refusal with the grouped counts of what went in before it", () => {
    const error = new Error('Too many cells');
    const summary = summariseImport(
      {
        phase: 'finished',
        file: 'cells.csv',
        total: 20_000,
        outcome: { kind: 'failed', sent: 10_000, error },
        skipped,
      },
      t,
    );
    expect(JSON.parse(summary.text)).toEqual({
      key: 'deviceMap.cells.result.failed',
      file: 'cells.csv',
      total: formatCount(20_000),
      sent: formatCount(10_000),
      message: 'Too many cells',
    });
    expect(summary.count).toBeUndefined();
  });
});
