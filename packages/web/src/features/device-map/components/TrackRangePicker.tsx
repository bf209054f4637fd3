import { DatePicker, Space, Typography } from 'antd';
import { TRACK_RETENTION_DAYS } from '@herald/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { outsideRetention, type TrackRange } from './track-range';

const ago = (hours: number) => (): [Dayjs, Dayjs] => [dayjs().subtract(hours, 'hour'), dayjs()];

/** The track's time range within the last 7 days; empty is the default, the last 24 hours. */
export function TrackRangePicker({ value, onChange }: { value: TrackRange; onChange: (r: TrackRange) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('deviceMap.retention', { days: TRACK_RETENTION_DAYS })}</Typography.Text>
      <DatePicker.RangePicker
        showTime
        allowClear
        value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
        placeholder={[t('deviceMap.last24h'), t('deviceMap.now')]}
        disabledDate={(d) => outsideRetention(d.toDate())}
        presets={[
          { label: t('deviceMap.last24h'), value: ago(24) },
          { label: t('deviceMap.last3d'), value: ago(72) },
          { label: t('deviceMap.last7d'), value: ago(TRACK_RETENTION_DAYS * 24) },
        ]}
        onChange={(v) => onChange(v?.[0] && v[1] ? [v[0].toISOString(), v[1].toISOString()] : null)}
        data-testid="location-range"
      />
    </Space>
  );
}
