import { useRef } from 'react';
import { Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { RESOURCE_KINDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { usePackageTailColumns } from '../../../components/files';
import { deleteResourcePackage } from '../api/delete-resource-package';
import { listResourcePackages } from '../api/list-resource-packages';
import type { ResourcePackageListItem } from '../api/types';
import { P, packageAdd, packageDetail } from '../components/paths';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';
import { ListTable } from '../../../components/ListTable';

/** Resource and language packages: the platform's and, for an account, its own. */
export function ResourcePackageListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const languages = useSpeakLanguages();
  const tail = usePackageTailColumns<ResourcePackageListItem>({
    i18n: 'resourcePackage',
    P,
    detail: packageDetail,
    remove: deleteResourcePackage,
    label: (r) => `${r.name} ${r.version}`,
    testIdPrefix: 'package',
    action,
  });

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
    ...tail,
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
