import type { ReactNode } from 'react';
import { Card, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useCountUp } from './count-up';

/** A secondary figure of a card (a rate, a breakdown); `value` is what tests read, `text` what people do. */
export function Figure({ id, label, value, text }: { id: string; label: string; value?: number; text?: string }) {
  return (
    <Typography.Text type="secondary" data-testid={id} data-value={value}>
      {label} <Typography.Text strong>{text ?? value ?? '-'}</Typography.Text>
    </Typography.Text>
  );
}

type Props = {
  /** data-testid; the final figure is in data-value once loaded, so tests need not wait for the count */
  id: string;
  title: string;
  value?: number;
  icon: ReactNode;
  /** the list behind the figure, when the user may open it */
  to?: string;
  figures?: ReactNode[];
  loading: boolean;
};

/** One statistic of the dashboard: the figure counts up, secondary figures below it. */
export function StatCard({ id, title, value, icon, to, figures = [], loading }: Props) {
  const shown = useCountUp(value ?? 0);
  const card = (
    <Card
      hoverable={!!to}
      loading={loading}
      style={{ height: '100%' }}
      data-testid={id}
      data-value={loading ? undefined : value}
    >
      <Statistic title={title} value={shown} prefix={icon} />
      <Space size="middle" wrap style={{ minHeight: 22, marginTop: 8 }}>
        {figures}
      </Space>
    </Card>
  );
  return to ? (
    <Link to={to} data-testid={`${id}-link`} style={{ display: 'block', height: '100%' }}>
      {card}
    </Link>
  ) : (
    card
  );
}
