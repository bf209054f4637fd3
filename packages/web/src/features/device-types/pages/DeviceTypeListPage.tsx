import { Space, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import type { DeviceTypeOverview } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { FIT_SCROLL, fitColumns } from '../../../lib/pro-table';
import { getDeviceTypeOverview } from '../api/get-device-type-overview';

/**
 * Device types for operators, read only: the types come with the device protocol (seeded), so
 * the screen shows what uses them: each type's models and their devices in every account.
 */
export function DeviceTypeListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canOpenModel = can('herald.device.model.query');

  const columns: ProColumns<DeviceTypeOverview>[] = [
    { title: t('deviceTypes.fields.id'), dataIndex: 'id', width: 70 },
    {
      title: t('deviceTypes.fields.name'),
      dataIndex: 'name',
      render: (_, d) => <span data-testid={`device-type-row-${d.code}`}>{d.name}</span>,
    },
    { title: t('deviceTypes.fields.code'), dataIndex: 'code' },
    {
      title: t('deviceTypes.fields.models'),
      dataIndex: 'models',
      render: (_, d) =>
        d.models.length ? (
          <Space size={[4, 4]} wrap data-testid={`device-type-models-${d.code}`}>
            {d.models.map((m) => {
              const label = t('deviceTypes.modelDevices', { name: m.name, count: m.deviceCount });
              return (
                <Tag key={m.id} color={m.status === 1 ? 'blue' : 'default'}>
                  {canOpenModel ? <Link to={`/device/device-model/detail?id=${m.id}`}>{label}</Link> : label}
                </Tag>
              );
            })}
          </Space>
        ) : (
          t('deviceTypes.noModels')
        ),
    },
    {
      title: t('deviceTypes.fields.deviceCount'),
      dataIndex: 'deviceCount',
      render: (_, d) => <span data-testid={`device-type-devices-${d.code}`}>{d.deviceCount}</span>,
    },
  ];

  return (
    <div data-testid="device-type-table">
      <ProTable<DeviceTypeOverview>
        rowKey="id"
        columns={fitColumns(columns)}
        headerTitle={t('menu.deviceType')}
        tooltip={t('deviceTypes.readOnly')}
        search={false}
        pagination={false}
        scroll={FIT_SCROLL}
        request={async () => {
          const data = await getDeviceTypeOverview();
          return { data, total: data.length, success: true };
        }}
      />
    </div>
  );
}
