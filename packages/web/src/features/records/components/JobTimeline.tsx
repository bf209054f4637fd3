import { Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimelineStep } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { JobStatusTag } from './StatusTags';

/** requested → pushed → acknowledged (with its latency) → finished; steps not reached are grey. */
export function JobTimeline({ steps, kind }: { steps: TimelineStep[]; kind: string }) {
  const { t } = useTranslation();
  const items = steps.map((s) => ({
    color: !s.at ? 'gray' : s.status === 4 || s.status === 5 ? 'red' : s.step === 'finished' ? 'green' : 'blue',
    children: (
      <Space wrap data-testid={`timeline-${s.step}`}>
        <Typography.Text strong>{t(`records.timeline.${s.step}`)}</Typography.Text>
        <Typography.Text type={s.at ? undefined : 'secondary'}>
          {s.at ? formatDateTime(s.at) : t('records.timeline.pending')}
        </Typography.Text>
        {s.latencyMs != null && s.step !== 'requested' && (
          <Typography.Text type="secondary">{t('records.timeline.after', { ms: s.latencyMs })}</Typography.Text>
        )}
        {s.status != null && <JobStatusTag status={s.status} kind={kind} />}
      </Space>
    ),
  }));
  return <Timeline items={items} />;
}
