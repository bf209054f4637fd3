import { Divider, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { devicePhysicalStatQuery, type DashboardScope } from '../api/dashboard-stats';
import { DEVICE_FLAGS, stateSlices } from './figures';
import { DonutCard } from './DonutCard';
import { Figure } from './StatCard';

/** The fleet by state (online, offline, disabled, not enabled), and how many are paused, muted or not activated. */
export function DeviceStateChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(devicePhysicalStatQuery(scope));
  return (
    <DonutCard
      id="chart-device-states"
      title={t('home.chart.deviceStates')}
      loading={isPending}
      slices={data ? stateSlices(data, (state) => t(`home.state.${state}`)) : []}
      footer={
        <>
          <Divider style={{ margin: '12px 0' }} />
          <Space size="middle" wrap>
            {DEVICE_FLAGS.map((flag) => (
              <Figure key={flag} id={`device-flag-${flag}`} label={t(`home.state.${flag}`)} value={data?.[flag]} />
            ))}
          </Space>
        </>
      }
    />
  );
}
