import { useRef } from 'react';
import { Button, Popconfirm } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { useSession } from '../../../lib/session-context';
import { listDeletedDevices } from '../api/list-deleted-devices';
import { restoreDevices } from '../api/restore-devices';
import type { Device } from '../api/types';
import { P } from '../components/device-codes';

/** Deleted devices (status -1). */
export function DeviceDeletedListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);

  const columns: ProColumns<Device>[] = [
    { title: t('device.fields.sn'), dataIndex: 'sn' },
    { title: t('device.fields.name'), dataIndex: 'name', render: (_, d) => d.name || '-' },
    {
      title: t('device.fields.account'),
      dataIndex: 'accountName',
      search: false,
      hideInTable: side !== 'op',
    },
    { title: t('device.fields.model'), dataIndex: 'modelName', search: false },
    { title: t('device.fields.group'), dataIndex: 'groupName', search: false },
    {
      title: t('device.fields.deletedAt'),
      dataIndex: 'deletedAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.deletedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      hideInTable: !can(`${P}.delete`),
      render: (_, d) => (
        <Popconfirm
          title={t('device.confirm.restore', { sn: d.sn })}
          okButtonProps={{ 'data-testid': 'confirm-ok' }}
          onConfirm={async () => {
            try {
              await restoreDevices([d.id]);
              toastSuccess();
              void action.current?.reload();
            } catch {
              // the HTTP client has shown the server's message
            }
          }}
        >
          <a data-testid={`device-restore-${d.id}`}>{t('device.actions.restore')}</a>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div data-testid="device-deleted-table">
      <ProTable<Device>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('route.deleteList')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listDeletedDevices(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          <Button key="back" onClick={() => navigate('/device/list')}>
            {t('common.back')}
          </Button>,
        ]}
      />
    </div>
  );
}
