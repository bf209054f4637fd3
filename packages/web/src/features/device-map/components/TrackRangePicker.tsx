import { DatePicker, Space, Typography } from 'antd';
import { TRACK_RETENTION_DAYS } from '@herald/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { outsideRetention, TRACK_PRESETS, type TrackPreset, type TrackRange } from './track-range';

const PRESET_LABELS: Record<TrackPreset, string> = {
  '24h': 'deviceMap.last24h',
  '3d': 'deviceMap.last3d',
  '7d': 'deviceMap.last7d',
};

// The picker calls a preset's value on hover and on click and hands the clicked pair itself to
// onChange: remembering which preset made a start tells a preset from a range picked by hand.
const madeBy = new WeakMap<Dayjs, TrackPreset>();
const presetPair = (p: TrackPreset) => (): [Dayjs, Dayjs] => {
  const to = dayjs();
  const from = to.subtract(TRACK_PRESETS[p], 'hour');
  madeBy.set(from, p);
  return [from, to];
};
const PRESETS = Object.keys(TRACK_PRESETS) as TrackPreset[];

/**
 * The track's time range within the last 7 days; empty is the default, the last 24 hours. A preset
 * keeps moving with the clock, so it is shown by its name, not as the times it stood for when picked.
 */
export function TrackRangePicker({ value, onChange }: { value: TrackRange; onChange: (r: TrackRange) => void }) {
  const { t } = useTranslation();
  const fixed = value && 'from' in value ? value : undefined;
  const named = value && 'preset' in value ? PRESET_LABELS[value.preset] : PRESET_LABELS['24h'];
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('deviceMap.retention', { days: TRACK_RETENTION_DAYS })}</Typography.Text>
      <DatePicker.RangePicker
        showTime
        allowClear
        value={fixed ? [dayjs(fixed.from), dayjs(fixed.to)] : null}
        placeholder={[t(named), t('deviceMap.now')]}
        disabledDate={(d) => outsideRetention(d.toDate())}
        presets={PRESETS.map((p) => ({ label: t(PRESET_LABELS[p]), value: presetPair(p) }))}
        onChange={(v) => {
          const [from, to] = v ?? [];
          if (!from || !to) return onChange(null);
          const p = madeBy.get(from);
          onChange(p ? { preset: p } : { from: from.toISOString(), to: to.toISOString() });
        }}
        data-testid="location-range"
      />
    </Space>
  );
}
