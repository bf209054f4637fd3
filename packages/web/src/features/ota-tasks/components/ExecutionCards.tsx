import { Card, Col, Row, Statistic } from 'antd';
import { EXECUTION_STATES, type ExecutionCounts } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { EXECUTION_COLORS } from './status-tags';

const COLOR: Record<string, string | undefined> = {
  success: '#52c41a',
  error: '#ff4d4f',
  processing: '#1677ff',
  warning: '#faad14',
};

/** One statistic per execution state; a click filters the executions table by it. */
export function ExecutionCards({
  counts,
  total,
  onPick,
}: {
  counts: ExecutionCounts;
  total: number;
  onPick: (state?: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      <Col xs={12} sm={8} md={6} lg={4} xl={4} xxl={2}>
        <Card size="small" hoverable onClick={() => onPick(undefined)} data-testid="ota-count-total">
          <Statistic title={t('otaTask.execution.total')} value={total} />
        </Card>
      </Col>
      {EXECUTION_STATES.map((s) => (
        <Col key={s} xs={12} sm={8} md={6} lg={4} xl={4} xxl={2}>
          <Card size="small" hoverable onClick={() => onPick(s)} data-testid={`ota-count-${s}`}>
            <Statistic
              title={t(`otaTask.execution.state.${s}`)}
              value={counts[s]}
              valueStyle={{ color: counts[s] ? COLOR[EXECUTION_COLORS[s]] : undefined }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
