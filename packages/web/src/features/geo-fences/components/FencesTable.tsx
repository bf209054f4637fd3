import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { Fence } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteLink } from '../../../components/DeleteLink';
import { ListTable } from '../../../components/ListTable';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { formatDateTime } from '../../../lib/format';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { deleteFence, listFences } from '../api/geo-fences-api';
import { fenceAdd, fenceDetail, fenceEdit, P, READ } from './codes';
import { FenceStatusSwitch } from './FenceStatusSwitch';

/** The account's fences: how many devices each watches and how many are outside now. */
export function FencesTable({ canAdd }: { canAdd: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();
  const f = (k: string) => t(`geoFence.fields.${k}`);
  // operators read every account's fences, and filter them by account
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));

  const columns: ProColumns<Fence>[] = [
    { title: f('id'), dataIndex: 'id', search: false, width: 80 },
    {
      title: f('account'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInTable: side !== 'op',
      hideInSearch: side !== 'op',
      fieldProps: {
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
        showSearch: true,
        optionFilterProp: 'label',
        'data-testid': 'fence-filter-account',
      },
      render: (_, r) => <span data-testid={`fence-account-${r.id}`}>{r.accountName}</span>,
    },
    {
      title: f('name'),
      dataIndex: 'name',
      sorter: true,
      ellipsis: true,
      fieldProps: { 'data-testid': 'fence-filter-name' },
      render: (_, r) =>
        can(READ) ? (
          <Link to={fenceDetail(r.id)} data-testid={`fence-row-${r.id}`}>
            {r.name}
          </Link>
        ) : (
          <span data-testid={`fence-row-${r.id}`}>{r.name}</span>
        ),
    },
    {
      title: f('radius'),
      dataIndex: 'radius',
      search: false,
      sorter: true,
      render: (_, r) => t('geoFence.metres', { value: r.radius }),
    },
    { title: f('deviceCount'), dataIndex: 'deviceCount', search: false, sorter: true },
    {
      title: f('alarmCount'),
      dataIndex: 'alarmCount',
      search: false,
      sorter: true,
      render: (_, r) => (
        <Typography.Text type={r.alarmCount > 0 ? 'danger' : undefined} data-testid={`fence-alarm-count-${r.id}`}>
          {r.alarmCount}
        </Typography.Text>
      ),
    },
    {
      title: f('enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: t('geoFence.enabled') }, false: { text: t('geoFence.disabled') } },
      render: (_, r) => <FenceStatusSwitch fence={r} onDone={reload} />,
    },
    {
      title: f('createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(READ) && (
            <Link to={fenceDetail(r.id)} data-testid={`fence-detail-${r.id}`}>
              {t('common.detail')}
            </Link>
          )}
          {can(`${P}.edit`) && (
            <Link to={fenceEdit(r.id)} data-testid={`fence-edit-${r.id}`}>
              {t('common.edit')}
            </Link>
          )}
          {can(`${P}.delete`) && (
            <DeleteLink
              title={t('geoFence.confirm.delete', { name: r.name })}
              description={t('geoFence.confirm.deleteHint')}
              testId={`fence-delete-${r.id}`}
              onDelete={() => deleteFence(r.id)}
              onDeleted={reload}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<Fence>
      testId="fence"
      title={t('geoFence.tabs.fences')}
      columns={columns}
      list={listFences}
      actionRef={action}
      onAdd={canAdd && can(`${P}.add`) ? () => navigate(fenceAdd()) : undefined}
    />
  );
}
