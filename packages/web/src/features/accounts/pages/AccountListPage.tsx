import { useRef } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AccountStatus, type Account } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { countryName, formatDateTime } from '../../../lib/format';
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
import { listAccounts } from '../api/list-accounts';
import { setAccountStatus } from '../api/set-account-status';
import { countryOptions, industryOptions, statusEnum, subjectTypeOptions } from '../components/account-options';

const P = 'herald.op.account';

export function AccountListPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);

  const toggle = async (a: Account) => {
    await setAccountStatus(a.id, a.status === AccountStatus.ENABLED ? AccountStatus.DISABLED : AccountStatus.ENABLED);
    toastSuccess();
    void action.current?.reload();
  };

  const columns: ProColumns<Account>[] = [
    { title: t('account.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 80 },
    {
      title: t('account.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (_, a) => (can(`${P}.query`) ? <Link to={`/account/list/detail?id=${a.id}`}>{a.name}</Link> : a.name),
    },
    { title: t('account.fields.status'), dataIndex: 'status', valueType: 'select', valueEnum: statusEnum(t) },
    {
      title: t('account.fields.country'),
      dataIndex: 'country',
      valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label', options: countryOptions(i18n.language) },
      render: (_, a) => countryName(a.country, i18n.language),
    },
    {
      title: t('account.fields.industry'),
      dataIndex: 'industry',
      valueType: 'select',
      fieldProps: { options: industryOptions(t) },
      render: (_, a) => t(`account.industry.${a.industry}`),
    },
    {
      title: t('account.fields.subjectType'),
      dataIndex: 'subjectType',
      valueType: 'select',
      fieldProps: { options: subjectTypeOptions(t) },
      render: (_, a) => t(`account.subjectType.${a.subjectType}`),
    },
    { title: t('account.fields.adminEmail'), dataIndex: 'adminEmail', search: false },
    { title: t('account.fields.userCount'), dataIndex: 'userCount', search: false },
    {
      title: t('account.fields.services'),
      dataIndex: 'services',
      search: false,
      render: (_, a) => (
        <Space size={4} wrap data-testid={`account-services-${a.id}`}>
          {a.geoEnabled && <Tag color="blue">{t('account.fields.geoService')}</Tag>}
          {a.qrBrandEnabled && <Tag color="purple">{t('account.fields.qrBrandService')}</Tag>}
          {!a.geoEnabled && !a.qrBrandEnabled && '-'}
        </Space>
      ),
    },
    {
      title: t('account.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, a) => formatDateTime(a.createdAt),
    },
    {
      title: t('account.fields.createdRange'),
      dataIndex: 'createdRange',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ createdFrom: v[0], createdTo: `${v[1]} 23:59:59` }) },
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, a) => (
        <Space>
          {can(`${P}.query`) && <Link to={`/account/list/detail?id=${a.id}`}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && (
            <Link to={`/account/list/edit?id=${a.id}`} data-testid={`account-edit-${a.id}`}>
              {t('common.edit')}
            </Link>
          )}
          {can(`${P}.status`) && (
            <Popconfirm
              title={t(a.status === AccountStatus.ENABLED ? 'account.confirm.disable' : 'account.confirm.enable', {
                name: a.name,
              })}
              onConfirm={() => toggle(a)}
            >
              <a data-testid={`account-status-${a.id}`}>
                {t(a.status === AccountStatus.ENABLED ? 'common.disable' : 'common.enable')}
              </a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="account-table">
      <ProTable<Account>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('menu.account')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listAccounts(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/account/list/add')}
              data-testid="account-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
