import { Space, Tag, Typography } from 'antd';
import type { PushAlarm } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** Whether the row's device alarm is muted now: until when, by whom, since when. */
export function MuteState({ alarm }: { alarm: PushAlarm }) {
  const { t } = useTranslation();
  if (!alarm.muted) {
    return (
      <Tag data-testid={`alarm-muted-${alarm.id}`} data-muted="false">
        {t('pushAlarm.notMuted')}
      </Tag>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <Tag color="gold" data-testid={`alarm-muted-${alarm.id}`} data-muted="true">
        {t('pushAlarm.muted')}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('pushAlarm.mutedDetail', {
          until: formatDateTime(alarm.mutedUntil),
          by: alarm.mutedBy ?? '-',
          at: formatDateTime(alarm.mutedAt),
        })}
      </Typography.Text>
    </Space>
  );
}
