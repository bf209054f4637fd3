import { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { RESOURCE_KINDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { OwnerTag, formatBytes } from '../../files';
import { deleteResourcePackage } from '../api/delete-resource-package';
import { listResourcePackages } from '../api/list-resource-packages';
import { accountOptionsQuery } from '../../../lib/account-options';
import type { ResourcePackageListItem } from '../api/types';
import { P, packageAdd, packageDetail } from '../components/paths';
import { useSpeakLanguages } from '../components/use-speak-languages';
import { ListTable } from '../../../components/ListTable';

/** Resource and language packages: the platform's and, for an account, its own. */
export function ResourcePackageListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const languages = useSpeakLanguages();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const reload = () => void action.current?.reload();
  const deletable = (r: ResourcePackageListItem) => r.taskCount === 0 && (side === 'op' || r.accountId !== null);

  const columns: ProColumns<ResourcePackageListItem>[] = [
    { title: t('resourcePackage.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('resourcePackage.fields.name'),
      dataIndex: 'name',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={packageDetail(r.id)} data-testid={`package-row-${r.name}`}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    {
      title: t('resourcePackage.fields.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      fieldProps: { options: RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resourcePackage.kind.${k}`) })) },
      render: (_, r) => (
        <Tag color={r.kind === 'language' ? 'green' : undefined}>{t(`resourcePackage.kind.${r.kind}`)}</Tag>
      ),
    },
    {
      title: t('resourcePackage.fields.language'),
      dataIndex: 'language',
      valueType: 'select',
      fieldProps: { options: languages.options, showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => languages.labelOf(r.language),
    },
    { title: t('resourcePackage.fields.version'), dataIndex: 'version', search: false, sorter: true },
    { title: t('resourcePackage.fields.fileCount'), dataIndex: 'fileCount', search: false, width: 90 },
    {
      title: t('resourcePackage.fields.size'),
      dataIndex: 'size',
      search: false,
      render: (_, r) => formatBytes(r.size),
    },
    {
      title: t('resourcePackage.fields.owner'),
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
    { title: t('resourcePackage.fields.taskCount'), dataIndex: 'taskCount', search: false, width: 90 },
    {
      title: t('resourcePackage.fields.createdAt'),
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
          {can(`${P}.query`) && <Link to={packageDetail(r.id)}>{t('common.detail')}</Link>}
          {can(`${P}.delete`) && deletable(r) && (
            <DeleteLink
              title={t('resourcePackage.confirm.delete', { name: `${r.name} ${r.version}` })}
              testId={`package-delete-${r.id}`}
              onDelete={() => deleteResourcePackage(r.id)}
              onDeleted={() => reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<ResourcePackageListItem>
      testId="package"
      title={t('menu.package')}
      columns={columns}
      list={listResourcePackages}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(packageAdd()) : undefined}
    />
  );
}
