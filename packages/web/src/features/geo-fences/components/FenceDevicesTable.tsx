import type { HTMLAttributes } from 'react';
import { Table, Tag } from 'antd';
import type { FenceDetail, FenceDevice } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { fenceDeviceLocation } from './codes';
import { FenceStateTag } from './FenceStateTag';

/** The fence's watched devices: online, inside or outside since when, and how far from the centre. */
export function FenceDevicesTable({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`geoFence.device.${k}`);
  return (
    <Table<FenceDevice>
      rowKey="id"
      size="small"
      data-testid="fence-detail-devices"
      dataSource={fence.devices}
      pagination={{ defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
      onRow={(d) => ({ 'data-testid': `fence-device-${d.sn}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: f('sn'), dataIndex: 'sn', sorter: (a, b) => a.sn.localeCompare(b.sn) },
        { title: f('name'), dataIndex: 'name', render: (_, d) => d.name || '-' },
        {
          title: f('online'),
          dataIndex: 'online',
          render: (_, d) => (
            <Tag color={d.online ? 'green' : 'default'}>{t(d.online ? 'deviceMap.online' : 'deviceMap.offline')}</Tag>
          ),
        },
        {
          title: f('state'),
          dataIndex: 'inside',
          render: (_, d) => <FenceStateTag inside={d.inside} testId={`fence-device-state-${d.sn}`} />,
        },
        { title: f('since'), dataIndex: 'since', render: (_, d) => formatDateTime(d.since) },
        {
          title: f('distance'),
          dataIndex: 'distanceM',
          sorter: (a, b) => (a.distanceM ?? Infinity) - (b.distanceM ?? Infinity),
          render: (_, d) => (d.distanceM === null ? '-' : t('geoFence.metres', { value: Math.round(d.distanceM) })),
        },
        {
          title: t('common.operation'),
          key: 'location',
          render: (_, d) => (
            <Link to={fenceDeviceLocation(d.id, fence.id)} data-testid={`fence-device-location-${d.sn}`}>
              {t('geoFence.actions.location')}
            </Link>
          ),
        },
      ]}
    />
  );
}
