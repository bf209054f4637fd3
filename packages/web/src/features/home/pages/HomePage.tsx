import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-context';
import { accountSummaryQuery } from '../api/get-account-summary';

/** Summary figures this placeholder knows how to label, per side. */
const FIGURES = {
  op: ['accountCount', 'enabledAccountCount', 'userCount', 'opUserCount'],
  ac: ['userCount', 'roleCount'],
} as const;

/** Dashboard placeholder (op and ac variants) until the statistics of a later issue arrive. */
export function HomePage() {
  const { t } = useTranslation();
  const { side, user, account } = useSession();
  const summary = useQuery(accountSummaryQuery());
  const figures = FIGURES[side].filter((k) => typeof summary.data?.[k] === 'number');

  return (
    <div data-testid={`home-${side}`}>
      <Typography.Title level={4}>
        {t(side === 'op' ? 'home.opTitle' : 'home.acTitle', { name: account?.name ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('home.welcome', { name: user.name || user.username })}
      </Typography.Paragraph>
      <Row gutter={16}>
        {figures.map((k) => (
          <Col key={k} xs={24} sm={12} lg={6}>
            <Card loading={summary.isPending}>
              <Statistic
                title={t(`home.summary.${k}`)}
                value={Number(summary.data?.[k] ?? 0)}
                data-testid={`summary-${k}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
