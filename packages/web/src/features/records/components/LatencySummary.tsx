import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentile } from './percentiles';

/** Request → device ack latency of the rows on screen (not the whole filter): count, p50, p99, max. */
export function LatencySummary({ latencies }: { latencies: (number | null)[] }) {
  const { t } = useTranslation();
  const acked = latencies.filter((v): v is number => v != null);
  const ms = (v: number | undefined) => (v === undefined ? '-' : v);
  const stats: [string, number | string][] = [
    ['acked', `${acked.length} / ${latencies.length}`],
    ['p50', ms(percentile(acked, 50))],
    ['p99', ms(percentile(acked, 99))],
    ['max', ms(acked.length ? Math.max(...acked) : undefined)],
  ];
  return (
    <Card size="small" title={t('records.latency.title')} data-testid="delivery-latency">
      <Row gutter={16}>
        {stats.map(([k, v]) => (
          <Col key={k} span={6}>
            <Statistic title={t(`records.latency.${k}`)} value={v} suffix={k === 'acked' ? undefined : 'ms'} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
