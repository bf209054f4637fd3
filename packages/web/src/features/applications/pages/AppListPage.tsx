import { useRef } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Application as App } from '@herald/contract';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
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
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { deleteApp } from '../api/delete-app';
import { listApps } from '../api/list-apps';
import { accountOptionsQuery } from '../../../lib/account-options';
import { accessTypeOptions, appTypeOptions, P } from '../components/app-codes';

/** Applications of the account (operators: of every account). */
export function AppListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  useReloadOnReturn(action);

  const columns: ProColumns<App>[] = [
    { title: t('app.fields.id'), dataIndex: 'id', search: false, width: 70 },
    {
      title: t('app.fields.name'),
      dataIndex: 'name',
      render: (_, a) => (
        <Link to={`/apply/list/detail?id=${a.id}`} data-testid={`app-row-${a.name}`}>
          {a.name}
        </Link>
      ),
    },
    {
      title: t('app.fields.account'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      hideInTable: side !== 'op',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      },
      render: (_, a) => a.accountName ?? '-',
    },
    {
      title: t('app.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: appTypeOptions(t) },
      render: (_, a) => t(`app.type.${a.type}`),
    },
    {
      title: t('app.fields.accessType'),
      dataIndex: 'accessType',
      valueType: 'select',
      fieldProps: { options: accessTypeOptions(t) },
      render: (_, a) => t(`app.accessType.${a.accessType}`),
    },
    { title: t('app.fields.appKey'), dataIndex: 'appKey', copyable: true },
    {
      title: t('app.fields.autoRegister'),
      dataIndex: 'autoRegister',
      search: false,
      render: (_, a) => t(a.autoRegister ? 'app.register.auto' : 'app.register.manual'),
    },
    {
      title: t('app.fields.pushMode'),
      dataIndex: 'pushMode',
      search: false,
      render: (_, a) => t(`app.pushMode.${a.pushMode}`),
    },
    { title: t('app.fields.deviceCount'), dataIndex: 'deviceCount', search: false },
    {
      title: t('app.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, a) => formatDateTime(a.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, a) => (
        <Space>
          <Link to={`/apply/list/detail?id=${a.id}`}>{t('common.detail')}</Link>
          {side === 'ac' && can(`${P}.delete`) && (
            <DeleteLink
              title={t('app.confirm.delete', { name: a.name })}
              testId={`app-delete-${a.id}`}
              onDelete={() => deleteApp(a.id)}
              onDeleted={() => void action.current?.reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="app-table">
      <ProTable<App>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t('menu.apply')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listApps(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          // applications belong to an account: only account users create them
          side === 'ac' && can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/apply/list/add')}
              data-testid="app-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
