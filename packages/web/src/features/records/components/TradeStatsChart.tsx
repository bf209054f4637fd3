import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tradeStatsQuery } from '../api/trade-stats';
import type { RecordQuery } from './record-query';
import { fillBuckets, statsParams } from './stats-series';

/** Broadcasts per hour or day in the list's window: success against failed (failures and timeouts). */
export function TradeStatsChart({ query }: { query: RecordQuery }) {
  const { t } = useTranslation();
  const params = statsParams(query);
  const { data } = useQuery(tradeStatsQuery(params));
  const format = params.bucket === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD';
  const series = fillBuckets(data?.points ?? [], params.bucket, params.from, params.to).map((p) => ({
    ...p,
    label: dayjs(p.at).format(format),
  }));
  return (
    <Card size="small" title={t(`records.chart.title.${params.bucket}`)} data-testid="trade-stats-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={series}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="success" name={t('records.chart.success')} stackId="n" fill="#52c41a" />
          <Bar dataKey="failed" name={t('records.chart.failed')} stackId="n" fill="#ff4d4f" />
          <Bar dataKey="pending" name={t('records.chart.pending')} stackId="n" fill="#d9d9d9" />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}
