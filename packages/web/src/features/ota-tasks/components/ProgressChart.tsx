import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OtaProgressView } from '../api/types';

/** Cumulative devices per state over the task's course (stacked): succeeded, failed, upgrading, queued. */
export function ProgressChart({ progress }: { progress?: OtaProgressView }) {
  const { t } = useTranslation();
  const series = progress?.series ?? [];
  const spanDay = series.length > 1 && series[series.length - 1]!.t - series[0]!.t > 24 * 3600 * 1000;
  const data = series.map((p) => ({ ...p, label: dayjs(p.t).format(spanDay ? 'MM-DD HH:mm' : 'HH:mm:ss') }));
  return (
    <Card size="small" title={t('otaTask.chart.title')} data-testid="ota-progress-chart">
      {data.length === 0 ? (
        <Empty description={t('otaTask.chart.empty')} />
      ) : (
        <ResponsiveContainer width="100%" height={260}>
          <AreaChart data={data}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} minTickGap={24} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip />
            <Legend />
            <Area
              type="stepAfter"
              dataKey="succeeded"
              name={t('otaTask.chart.succeeded')}
              stackId="n"
              stroke="#52c41a"
              fill="#b7eb8f"
              isAnimationActive={false}
            />
            <Area
              type="stepAfter"
              dataKey="failed"
              name={t('otaTask.chart.failed')}
              stackId="n"
              stroke="#ff4d4f"
              fill="#ffccc7"
              isAnimationActive={false}
            />
            <Area
              type="stepAfter"
              dataKey="inProgress"
              name={t('otaTask.chart.inProgress')}
              stackId="n"
              stroke="#1677ff"
              fill="#bae0ff"
              isAnimationActive={false}
            />
            <Area
              type="stepAfter"
              dataKey="queued"
              name={t('otaTask.chart.queued')}
              stackId="n"
              stroke="#bfbfbf"
              fill="#f0f0f0"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
