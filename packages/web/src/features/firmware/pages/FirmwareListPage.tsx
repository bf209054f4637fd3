import { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { OwnerTag, formatBytes } from '../../files';
import { deleteFirmware } from '../api/delete-firmware';
import { listFirmware } from '../api/list-firmware';
import { accountOptionsQuery } from '../../../lib/account-options';
import { modelOptionsQuery } from '../api/lookups';
import type { FirmwareListItem } from '../api/types';
import { P, firmwareAdd, firmwareDetail } from '../components/paths';
import { ListTable } from '../../../components/ListTable';

/**
 * Firmware (application) packages: the platform's and, for an account, its own. Filters by name,
 * app name, model and (operators) account; sorted by id, version or creation time.
 */
export function FirmwareListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const models = useQuery(modelOptionsQuery());
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const reload = () => void action.current?.reload();
  // an account cannot delete the platform's packages; nobody can delete one a task uses
  const deletable = (r: FirmwareListItem) => r.taskCount === 0 && (side === 'op' || r.accountId !== null);

  const columns: ProColumns<FirmwareListItem>[] = [
    { title: t('firmware.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('firmware.fields.name'),
      dataIndex: 'name',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={firmwareDetail(r.id)} data-testid={`firmware-row-${r.name}`}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    { title: t('firmware.fields.appName'), dataIndex: 'appName' },
    {
      title: t('firmware.fields.versionName'),
      dataIndex: 'versionName',
      search: false,
      sorter: true,
    },
    {
      title: t('firmware.fields.model'),
      dataIndex: 'modelId',
      valueType: 'select',
      fieldProps: {
        options: (models.data ?? []).map((m) => ({ value: m.id, label: m.name })),
        showSearch: true,
        optionFilterProp: 'label',
      },
      render: (_, r) => r.modelName ?? '-',
    },
    {
      title: t('firmware.fields.packageType'),
      dataIndex: 'packageType',
      search: false,
      render: (_, r) => (
        <Tag color={r.packageType === 'split' ? 'orange' : undefined}>{t(`firmware.packageType.${r.packageType}`)}</Tag>
      ),
    },
    { title: t('firmware.fields.size'), dataIndex: 'size', search: false, render: (_, r) => formatBytes(r.size) },
    {
      title: t('firmware.fields.owner'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      fieldProps: {
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
        showSearch: true,
        optionFilterProp: 'label',
      },
      render: (_, r) => <OwnerTag accountName={r.accountName} />,
    },
    { title: t('firmware.fields.taskCount'), dataIndex: 'taskCount', search: false, width: 90 },
    {
      title: t('firmware.fields.createdAt'),
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
          {can(`${P}.query`) && <Link to={firmwareDetail(r.id)}>{t('common.detail')}</Link>}
          {can(`${P}.delete`) && deletable(r) && (
            <DeleteLink
              title={t('firmware.confirm.delete', { name: `${r.name} ${r.versionName}` })}
              testId={`firmware-delete-${r.id}`}
              onDelete={() => deleteFirmware(r.id)}
              onDeleted={() => reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<FirmwareListItem>
      testId="firmware"
      title={t('menu.firmware')}
      columns={columns}
      list={listFirmware}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(firmwareAdd()) : undefined}
    />
  );
}
