import type { HTMLAttributes } from 'react';
import { Card, Col, Row, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountStat } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { accountStatQuery, rangeTitle, type DashboardScope } from '../api/dashboard-stats';

type AccountRow = NonNullable<AccountStat['accounts']>[number];
type DeviceRow = NonNullable<AccountStat['devices']>[number];

/** A row's test id (antd passes onRow's attributes to the <tr>). */
const rowId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLElement>;

/**
 * The rankings by jobs requested over the window: accounts (operators on the platform who may
 * see the account list) and devices (within one account, for those who may see the device list).
 * The server leaves out what the caller may not see; so does this card.
 */
export function Rankings({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data, isPending } = useQuery(accountStatQuery(scope));
  const jobColumns = [
    { title: t('home.rank.requested'), dataIndex: 'requested', align: 'right' },
    { title: t('home.rank.success'), dataIndex: 'success', align: 'right' },
    { title: t('home.rank.failed'), dataIndex: 'failed', align: 'right' },
  ] as const;
  const rank = {
    title: t('home.rank.rank'),
    key: 'rank',
    width: 64,
    render: (_: unknown, __: unknown, i: number) => i + 1,
  };

  const accountColumns: TableColumnsType<AccountRow> = [
    rank,
    { title: t('home.rank.account'), dataIndex: 'name', ellipsis: true },
    { title: t('home.rank.devicesCount'), dataIndex: 'devices', align: 'right' },
    ...jobColumns,
  ];
  const deviceDetail = can('herald.device.physical.list');
  const deviceColumns: TableColumnsType<DeviceRow> = [
    rank,
    {
      title: t('home.rank.sn'),
      dataIndex: 'sn',
      render: (_, d) => (deviceDetail ? <Link to={`/device/list/detail?id=${d.deviceId}`}>{d.sn}</Link> : d.sn),
    },
    { title: t('home.rank.name'), dataIndex: 'name', ellipsis: true, render: (_, d) => d.name || '-' },
    // across the platform (operators), whose device it is
    ...(scope.accountId === undefined && data?.accounts
      ? [{ title: t('home.rank.account'), dataIndex: 'accountName', ellipsis: true }]
      : []),
    ...jobColumns,
  ];

  const cards = [
    data?.accounts && (
      <Card
        key="accounts"
        title={t(rangeTitle(scope, 'accounts'))}
        style={{ height: '100%' }}
        data-testid="rank-accounts"
      >
        <Table
          size="small"
          rowKey="accountId"
          pagination={false}
          // two rankings share a row: a narrow one scrolls rather than break its headers inside a word
          scroll={{ x: 'max-content' }}
          columns={accountColumns}
          dataSource={data.accounts}
          onRow={(r) => rowId(`rank-account-${r.accountId}`)}
        />
      </Card>
    ),
    data?.devices && (
      <Card key="devices" title={t(rangeTitle(scope, 'devices'))} style={{ height: '100%' }} data-testid="rank-devices">
        <Table
          size="small"
          rowKey="deviceId"
          pagination={false}
          // two rankings share a row: a narrow one scrolls rather than break its headers inside a word
          scroll={{ x: 'max-content' }}
          columns={deviceColumns}
          dataSource={data.devices}
          onRow={(r) => rowId(`rank-device-${r.sn}`)}
        />
      </Card>
    ),
  ].filter(Boolean);
  if (isPending) return <Card loading />;
  if (!cards.length) return null;
  return (
    <Row gutter={[16, 16]} align="stretch">
      {cards.map((card, i) => (
        <Col key={i} xs={24} xl={24 / cards.length}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
