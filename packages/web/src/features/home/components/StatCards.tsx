import { BankOutlined, CheckCircleOutlined, PrinterOutlined, SendOutlined, WifiOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { totalStatQuery, type DashboardScope } from '../api/dashboard-stats';
import { rateOf } from './figures';
import { Figure, StatCard } from './StatCard';

/** The spec's sub-route of a statistic card: the list, told it was opened from home. */
const FROM_HOME = '?position=home';

/** Devices, activation and online rates, accounts (operators on the platform) and today's jobs. */
export function StatCards({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data, isPending } = useQuery(totalStatQuery(scope));
  const devices = data?.devices;
  const percent = (part?: number) => {
    const rate = devices && part !== undefined ? rateOf(part, devices.total) : null;
    return { value: rate ?? undefined, text: rate === null ? '-' : `${rate}%` };
  };
  // an operator looking at one account lands on that account's devices
  const account = scope.accountId === undefined ? '' : `&accountId=${scope.accountId}`;
  // each device card opens the list on what it counts
  const deviceList = (filter = '') =>
    can('herald.device.physical.list') ? `/device/list${FROM_HOME}${account}${filter}` : undefined;

  const cards = [
    <StatCard
      key="devices-total"
      id="stat-devices-total"
      title={t('home.stat.devicesTotal')}
      icon={<PrinterOutlined />}
      value={devices?.total}
      to={deviceList()}
      loading={isPending}
      figures={[
        <Figure
          key="offline"
          id="stat-devices-not-online"
          label={t('home.stat.notOnline')}
          value={devices && devices.total - devices.online}
        />,
      ]}
    />,
    <StatCard
      key="devices-activated"
      id="stat-devices-activated"
      title={t('home.stat.devicesActivated')}
      icon={<CheckCircleOutlined />}
      value={devices?.activated}
      to={deviceList('&activated=true')}
      loading={isPending}
      figures={[
        <Figure
          key="rate"
          id="stat-devices-activation-rate"
          label={t('home.stat.activationRate')}
          {...percent(devices?.activated)}
        />,
      ]}
    />,
    <StatCard
      key="devices-online"
      id="stat-devices-online"
      title={t('home.stat.devicesOnline')}
      icon={<WifiOutlined />}
      value={devices?.online}
      to={deviceList('&online=true')}
      loading={isPending}
      figures={[
        <Figure
          key="rate"
          id="stat-devices-online-rate"
          label={t('home.stat.onlineRate')}
          {...percent(devices?.online)}
        />,
      ]}
    />,
    data?.accounts ? (
      <StatCard
        key="accounts-total"
        id="stat-accounts-total"
        title={t('home.stat.accountsTotal')}
        icon={<BankOutlined />}
        value={data.accounts.total}
        to={can('herald.op.account') ? `/account/list${FROM_HOME}` : undefined}
        loading={isPending}
        figures={[
          <Figure
            key="enabled"
            id="stat-accounts-enabled"
            label={t('home.stat.enabled')}
            value={data.accounts.enabled}
          />,
        ]}
      />
    ) : null,
    <StatCard
      key="jobs-today"
      id="stat-jobs-today"
      title={t('home.stat.jobsToday')}
      icon={<SendOutlined />}
      value={data?.today.requested}
      loading={isPending}
      figures={[
        <Figure
          key="success"
          id="stat-jobs-today-success"
          label={t('home.stat.success')}
          value={data?.today.success}
        />,
        <Figure key="failed" id="stat-jobs-today-failed" label={t('home.stat.failed')} value={data?.today.failed} />,
      ]}
    />,
    // the chosen period's jobs beside today's (today's card already is the period "today")
    scope.range && scope.range !== 'today' ? (
      <StatCard
        key="jobs-period"
        id="stat-jobs-period"
        title={t('home.stat.jobsPeriod', { period: t(`home.range.${scope.range}`) })}
        icon={<SendOutlined />}
        value={data?.period.requested}
        loading={isPending}
        figures={[
          <Figure
            key="success"
            id="stat-jobs-period-success"
            label={t('home.stat.success')}
            value={data?.period.success}
          />,
          <Figure
            key="failed"
            id="stat-jobs-period-failed"
            label={t('home.stat.failed')}
            value={data?.period.failed}
          />,
        ]}
      />
    ) : null,
  ].filter((c) => c !== null);

  return (
    <Row gutter={[16, 16]} align="stretch">
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} xl={{ flex: `${100 / cards.length}%` }}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
