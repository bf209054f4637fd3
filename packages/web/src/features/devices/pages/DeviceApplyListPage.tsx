import { useRef } from 'react';
import { Space } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
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
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { accountOptionsQuery } from '../../../lib/account-options';
import { appOptionsQuery } from '../../../lib/lookups';
import { listRegistrations } from '../api/registrations';
import type { DeviceRegistration } from '../api/types';
import { P_APPLY, yesNoEnum } from '../components/device-codes';
import { OnlineTag, StatusTag } from '../components/DeviceTags';

/**
 * Device registrations: devices as their applications registered them, looked at by application
 * (filter), with the registration (activation) time; detail and edit of name, contact and group.
 * It reads /v1/device-registrations ('herald.device.list'), not the physical device list.
 */
export function DeviceApplyListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const action = useRef<ActionType>(undefined);
  const { side } = useSession();
  // operators look at one account's registrations at a time; account users by application
  const apps = useQuery(appOptionsQuery(undefined, side === 'ac'));
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  useReloadOnReturn(action);

  const columns: ProColumns<DeviceRegistration>[] = [
    {
      title: t('device.fields.account'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      hideInTable: side !== 'op',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      },
      render: (_, d) => d.accountName ?? '-',
    },
    {
      title: t('device.fields.app'),
      dataIndex: 'appId',
      valueType: 'select',
      hideInSearch: side !== 'ac',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      },
      render: (_, d) => d.appName ?? '-',
    },
    {
      title: t('device.fields.sn'),
      dataIndex: 'sn',
      render: (_, d) => (
        <Link to={`/device/device-apply/detail?id=${d.id}`} data-testid={`device-apply-row-${d.sn}`}>
          {d.sn}
        </Link>
      ),
    },
    { title: t('device.fields.name'), dataIndex: 'name', render: (_, d) => d.name || '-' },
    { title: t('device.fields.model'), dataIndex: 'modelName', search: false },
    { title: t('device.fields.group'), dataIndex: 'groupName', search: false },
    {
      title: t('device.fields.manufacturer'),
      dataIndex: 'manufacturerName',
      search: false,
      render: (_, d) => d.manufacturerName ?? '-',
    },
    {
      title: t('device.fields.activated'),
      dataIndex: 'activated',
      valueType: 'select',
      valueEnum: yesNoEnum(t, 'device.activated', 'device.notActivated'),
      render: (_, d) => t(d.activated ? 'device.activated' : 'device.notActivated'),
    },
    {
      title: t('device.fields.registeredAt'),
      dataIndex: 'activatedAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, d) => formatDateTime(d.activatedAt),
    },
    {
      title: t('device.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.createdAt),
    },
    {
      title: t('device.fields.online'),
      dataIndex: 'online',
      search: false,
      render: (_, d) => <OnlineTag device={d} />,
    },
    {
      title: t('device.fields.status'),
      dataIndex: 'status',
      search: false,
      render: (_, d) => <StatusTag status={d.status} />,
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, d) => (
        <Space>
          <Link to={`/device/device-apply/detail?id=${d.id}`}>{t('common.detail')}</Link>
          {can(`${P_APPLY}.edit`) && (
            <Link to={`/device/device-apply/edit?id=${d.id}`} data-testid={`device-apply-edit-${d.id}`}>
              {t('common.edit')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="device-apply-table">
      <ProTable<DeviceRegistration>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t('menu.deviceApply')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listRegistrations(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
    </div>
  );
}
