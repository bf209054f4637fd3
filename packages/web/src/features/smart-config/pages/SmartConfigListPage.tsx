import { useRef } from 'react';
import { Space, Tooltip } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { SC_STATUSES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { formatBytes } from '../../../components/files';
import { listSmartConfig } from '../api/smart-config';
import type { SmartConfigVersion } from '../api/types';
import { DownloadLink } from '../components/DownloadLink';
import { ListingActions } from '../components/ListingActions';
import { P, scAdd, scDetail, scEdit } from '../components/paths';
import { StatusTag, UpdateTypeTag } from '../components/StatusTag';
import { ListTable } from '../../../components/ListTable';

/** SmartConfig app versions, newest first: status, update type, downloads; delist and relist. */
export function SmartConfigListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();

  const columns: ProColumns<SmartConfigVersion>[] = [
    { title: t('smartConfig.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('smartConfig.fields.versionName'),
      dataIndex: 'versionName',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={scDetail(r.id)} data-testid={`sc-row-${r.versionName}`}>
            {r.versionName}
          </Link>
        ) : (
          r.versionName
        ),
    },
    {
      title: t('smartConfig.fields.updateType'),
      dataIndex: 'updateType',
      search: false,
      render: (_, r) => <UpdateTypeTag updateType={r.updateType} />,
    },
    {
      title: t('smartConfig.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      fieldProps: { options: SC_STATUSES.map((s) => ({ value: s, label: t(`smartConfig.status.${s}`) })) },
      render: (_, r) =>
        r.status === 'delisted' && r.delistReason ? (
          <Tooltip title={r.delistReason}>
            <span data-testid={`sc-status-${r.id}`}>
              <StatusTag status={r.status} />
            </span>
          </Tooltip>
        ) : (
          <span data-testid={`sc-status-${r.id}`}>
            <StatusTag status={r.status} />
          </span>
        ),
    },
    {
      title: t('smartConfig.fields.delistReason'),
      dataIndex: 'delistReason',
      search: false,
      ellipsis: true,
      render: (_, r) => (r.status === 'delisted' ? r.delistReason || '-' : '-'),
    },
    { title: t('smartConfig.fields.downloads'), dataIndex: 'downloads', search: false, sorter: true, width: 100 },
    {
      title: t('smartConfig.fields.size'),
      dataIndex: 'size',
      search: false,
      render: (_, r) => formatBytes(r.size),
    },
    {
      title: t('smartConfig.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={scDetail(r.id)}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && (
            <Link to={scEdit(r.id)} data-testid={`sc-edit-${r.id}`}>
              {t('common.edit')}
            </Link>
          )}
          <ListingActions version={r} onDone={reload} />
        </Space>
      ),
    },
  ];

  return (
    <ListTable<SmartConfigVersion>
      testId="sc"
      title={<DownloadLink />}
      columns={columns}
      list={listSmartConfig}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(scAdd()) : undefined}
    />
  );
}
