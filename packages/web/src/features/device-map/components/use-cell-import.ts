import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasExtension } from '../../../lib/files';
import { cellStatsQuery, importCells } from '../api/cell-table';
import type { SkippedLine } from './cell-csv';
import { sendInSlices, type SliceOutcome } from './cell-slices';
import { readCellFile } from './read-cell-file';

export const CELL_FILE_MAX_MB = 200;

export type Skipped = { count: number; first: SkippedLine[] };
export type Refusal = 'notCsv' | 'tooLarge' | 'unreadable' | 'noHeader' | 'noRows';

export type CellImport =
  | { phase: 'idle' }
  | { phase: 'reading'; file: string; percent: number }
  | { phase: 'refused'; file: string; reason: Refusal; skipped?: Skipped }
  | { phase: 'sending'; file: string; total: number; sent: number; stopping: boolean; skipped: Skipped }
  /** `count`: the table's size afterwards (undefined when it could not be read) */
  | { phase: 'finished'; file: string; total: number; outcome: SliceOutcome; count?: number; skipped: Skipped };

/** A picked cell CSV: checked, read in the browser, then sent a slice at a time. */
export function useCellImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CellImport>({ phase: 'idle' });
  const running = useRef<AbortController>(undefined);
  // an import whose page was left would go on with nobody to see how it ends
  useEffect(() => () => running.current?.abort(), []);

  const run = async (picked: File) => {
    const file = picked.name;
    const refuse = (reason: Refusal, skipped?: Skipped) => setState({ phase: 'refused', file, reason, skipped });
    if (!hasExtension(file, ['csv'])) return refuse('notCsv');
    if (picked.size > CELL_FILE_MAX_MB * 1024 * 1024) return refuse('tooLarge');
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'reading', file, percent: 0 });
    const onRead = (share: number) => {
      const percent = Math.floor(share * 100);
      setState((s) => (s.phase === 'reading' && s.percent !== percent ? { ...s, percent } : s));
    };
    const csv = await readCellFile(picked, onRead).catch(() => undefined);
    if (controller.signal.aborted) return;
    if (!csv) return refuse('unreadable');
    if (!csv.ok) return refuse('noHeader');
    const skipped = { count: csv.skipped, first: csv.firstSkipped };
    if (!csv.rows.length) return refuse('noRows', skipped);

    const total = csv.rows.length;
    setState({ phase: 'sending', file, total, sent: 0, stopping: false, skipped });
    const onSent = (sent: number) => setState((s) => (s.phase === 'sending' ? { ...s, sent } : s));
    const outcome = await sendInSlices(csv.rows, importCells, { signal: controller.signal, onSent });
    // the import answers only what it stored (counting a large table is slow): the new size is
    // read once, here, which also refreshes the drawer's stats (a failed or cancelled import stored some rows too)
    const count = await queryClient
      .fetchQuery({ ...cellStatsQuery(), staleTime: 0 })
      .then((s) => s.count)
      .catch(() => undefined);
    setState({ phase: 'finished', file, total, outcome, count, skipped });
  };

  const cancel = () => {
    running.current?.abort();
    setState((s) => (s.phase === 'sending' ? { ...s, stopping: true } : s));
  };
  const busy = state.phase === 'reading' || state.phase === 'sending';
  return { state, busy, start: (file: File) => void run(file), cancel };
}
