import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { JOB_KINDS } from '@herald/contract';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { businessStatQuery, rangeTitle, type DashboardScope } from '../api/dashboard-stats';
import { CHART_HEIGHT, dayLabel, inOrder, JOB_COLORS } from './figures';

const BUSINESS_SERIES = [...JOB_KINDS, 'success', 'failed'];

/** Jobs per day over the window: stacked by kind, with the outcomes as lines over them. */
export function BusinessChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const animate = !useReducedMotion();
  const { data, isPending } = useQuery(businessStatQuery(scope));
  const series = (data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.day) }));
  return (
    <Card
      title={t(rangeTitle(scope, 'business'))}
      loading={isPending}
      style={{ height: '100%' }}
      data-testid="chart-business"
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <ComposedChart data={series}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend itemSorter={inOrder(BUSINESS_SERIES)} />
          {JOB_KINDS.map((kind) => (
            <Bar
              key={kind}
              dataKey={kind}
              name={t(`job.kind.${kind}`)}
              stackId="kind"
              fill={JOB_COLORS[kind]}
              isAnimationActive={animate}
            />
          ))}
          <Line
            dataKey="success"
            name={t('home.chart.success')}
            stroke={JOB_COLORS.success}
            strokeWidth={2}
            isAnimationActive={animate}
          />
          <Line
            dataKey="failed"
            name={t('home.chart.failed')}
            stroke={JOB_COLORS.failed}
            strokeWidth={2}
            isAnimationActive={animate}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Card>
  );
}
