import { Progress, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExecutionCounts, ExecutionState } from '@herald/contract';
import { ACTIVE_EXECUTION_STATES } from '@herald/contract';

const TASK_COLORS: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
  5: 'warning',
  6: 'default',
  7: 'error',
};
const CREATION_COLORS: Record<number, string> = {
  [-1]: 'error',
  0: 'processing',
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'warning',
  5: 'default',
};
export const EXECUTION_COLORS: Record<ExecutionState, string> = {
  queued: 'default',
  offered: 'processing',
  downloading: 'processing',
  verifying: 'processing',
  installing: 'processing',
  succeeded: 'success',
  failed: 'error',
  timedOut: 'error',
  cancelled: 'warning',
  skipped: 'default',
};

export function OtaStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLORS[status]} data-testid="ota-status">
      {t(`otaTask.status.${status}`)}
    </Tag>
  );
}

export function CreationStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={CREATION_COLORS[status]}>{t(`otaTask.creationStatus.${status}`)}</Tag>;
}

export function ExecutionStateTag({ state }: { state: ExecutionState }) {
  const { t } = useTranslation();
  return <Tag color={EXECUTION_COLORS[state]}>{t(`otaTask.execution.state.${state}`)}</Tag>;
}

/** Devices still being worked on: queued up to installing. */
export const inProgressCount = (c: ExecutionCounts) =>
  ACTIVE_EXECUTION_STATES.filter((s) => s !== 'queued').reduce((n, s) => n + c[s], 0);

/** Finished over all (green part: succeeded); skipped devices count as finished. */
export function CountsProgress({ counts, total }: { counts: ExecutionCounts; total: number }) {
  const { t } = useTranslation();
  if (!total) return <span>-</span>;
  const failed = counts.failed + counts.timedOut;
  const done = counts.succeeded + failed + counts.cancelled + counts.skipped;
  const pct = (n: number) => Math.round((n / total) * 1000) / 10;
  return (
    <Tooltip
      title={t('otaTask.progressTip', {
        succeeded: counts.succeeded,
        failed,
        inProgress: inProgressCount(counts),
        queued: counts.queued,
        total,
      })}
    >
      <Progress
        percent={pct(done)}
        success={{ percent: pct(counts.succeeded) }}
        status={failed > 0 ? 'exception' : undefined}
        size="small"
        format={() => `${counts.succeeded}/${total}`}
      />
    </Tooltip>
  );
}
