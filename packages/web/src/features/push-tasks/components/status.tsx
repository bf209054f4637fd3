import { Progress, Tag } from 'antd';
import type { PushResultState, PushTaskListItem } from '@herald/contract';
import { useTranslation } from 'react-i18next';

const TASK_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error', 5: 'warning' };
export const RESULT_COLORS: Record<PushResultState, string> = {
  pending: 'default',
  sent: 'processing',
  succeeded: 'success',
  failed: 'error',
  expired: 'default',
  cancelled: 'warning',
};

export function PushStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLORS[status]} data-testid="push-status">
      {t(`pushTask.status.${status}`)}
    </Tag>
  );
}

export function ResultStateTag({ state }: { state: PushResultState }) {
  const { t } = useTranslation();
  return <Tag color={RESULT_COLORS[state]}>{t(`pushTask.result.state.${state}`)}</Tag>;
}

/** Delivered over all; green: succeeded. */
export function PushProgress({ task }: { task: Pick<PushTaskListItem, 'counts' | 'total'> }) {
  const { counts, total } = task;
  if (!total) return <span>-</span>;
  const done = counts.succeeded + counts.failed + counts.expired + counts.cancelled;
  const pct = (n: number) => Math.round((n / total) * 1000) / 10;
  return (
    <Progress
      percent={pct(done)}
      success={{ percent: pct(counts.succeeded) }}
      size="small"
      format={() => `${counts.succeeded}/${total}`}
    />
  );
}

/** Live until the task reached a final status. */
export const isLivePush = (status?: number) => status === 1 || status === 2;
