import { useState } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Segmented, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_PICKING_PERMISSIONS, DASHBOARD_RANGES, type DashboardRange } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { totalStatQuery, type DashboardScope } from '../api/dashboard-stats';
import { AccountFilter } from '../components/AccountFilter';
import { BusinessChart } from '../components/BusinessChart';
import { DeviceStateChart } from '../components/DeviceStateChart';
import { ModelChart } from '../components/ModelChart';
import { Rankings } from '../components/Rankings';
import { SessionChart } from '../components/SessionChart';
import { useLiveEvents } from '../../../lib/live';
import { StatCards } from '../components/StatCards';

/**
 * The dashboard (op and ac variants): totals, 7 days of jobs and sessions, device states, models
 * and rankings. Account users see their account; operators the platform, or one account they pick
 * when they may use the account picker.
 */
export function HomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { side, user, account } = useSession();
  const [accountId, setAccountId] = useState<number>();
  const [range, setRange] = useState<DashboardRange>('7d');
  const picksAccount = side === 'op' && can(ACCOUNT_PICKING_PERMISSIONS);
  const scope: DashboardScope = { accountId: picksAccount ? accountId : undefined, range };
  const totals = useQuery(totalStatQuery(scope));
  const queryClient = useQueryClient();
  // job counters written, or a device online/offline: the figures are read again (at most once a second)
  useLiveEvents(['dashboard', 'presence'], () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] }));
  const noDevices = totals.data?.devices.total === 0;

  return (
    <div data-testid={`home-${side}`}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div>
          <Typography.Title level={4}>
            {t(side === 'op' ? 'home.opTitle' : 'home.acTitle', { name: account?.name ?? '' })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('home.welcome', { name: user.name || user.username })}
          </Typography.Paragraph>
        </div>
        <Space wrap>
          <Segmented<DashboardRange>
            aria-label={t('home.range.label')}
            value={range}
            onChange={setRange}
            options={DASHBOARD_RANGES.map((r) => ({
              value: r,
              label: <span data-testid={`home-range-${r}`}>{t(`home.range.${r}`)}</span>,
            }))}
            data-testid="home-range"
          />
          {picksAccount && <AccountFilter value={accountId} onChange={setAccountId} />}
        </Space>
      </Flex>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <StatCards scope={scope} />
        {noDevices ? (
          <Card data-testid="home-empty">
            <Empty description={t('home.empty.noDevices')}>
              {can('herald.device.physical.list.add') && (
                <Link to="/device/list/add">
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('home.empty.addDevice')}
                  </Button>
                </Link>
              )}
            </Empty>
          </Card>
        ) : (
          <>
            <Row gutter={[16, 16]} align="stretch">
              <Col xs={24} xl={16}>
                <BusinessChart scope={scope} />
              </Col>
              <Col xs={24} xl={8}>
                <DeviceStateChart scope={scope} />
              </Col>
            </Row>
            <Row gutter={[16, 16]} align="stretch">
              <Col xs={24} xl={16}>
                <SessionChart scope={scope} />
              </Col>
              <Col xs={24} xl={8}>
                <ModelChart scope={scope} />
              </Col>
            </Row>
            <Rankings scope={scope} />
          </>
        )}
      </Space>
    </div>
  );
}
