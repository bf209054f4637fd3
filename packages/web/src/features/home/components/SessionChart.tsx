import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { deviceSessionStatQuery, rangeTitle, type DashboardScope } from '../api/dashboard-stats';
import { CHART_HEIGHT, dayLabel, inOrder, SESSION_SERIES } from './figures';

/** The fleet per day: devices that connected, connections made, devices added and activated. */
export function SessionChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const animate = !useReducedMotion();
  const { data, isPending } = useQuery(deviceSessionStatQuery(scope));
  const series = (data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.day) }));
  return (
    <Card
      title={t(rangeTitle(scope, 'sessions'))}
      loading={isPending}
      style={{ height: '100%' }}
      data-testid="chart-sessions"
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={series}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={12} padding={{ left: 16, right: 16 }} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend itemSorter={inOrder(SESSION_SERIES.map((s) => s.key))} />
          {SESSION_SERIES.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={t(s.labelKey)}
              stroke={s.color}
              strokeWidth={2}
              isAnimationActive={animate}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}
