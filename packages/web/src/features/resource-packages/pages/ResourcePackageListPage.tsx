import { Tag } from 'antd';
import { RESOURCE_KINDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { PackageList } from '../../../components/files';
import { deleteResourcePackage } from '../api/delete-resource-package';
import { listResourcePackages } from '../api/list-resource-packages';
import type { ResourcePackageListItem } from '../api/types';
import { P, packageAdd, packageDetail } from '../components/paths';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';

/** Resource and language packages: the platform's and, for an account, its own. */
export function ResourcePackageListPage() {
  const { t } = useTranslation();
  const languages = useSpeakLanguages();
  const f = (field: string) => t(`resourcePackage.fields.${field}`);
  return (
    <PackageList<ResourcePackageListItem>
      i18n="resourcePackage"
      P={P}
      testId="package"
      title={t('menu.package')}
      list={listResourcePackages}
      add={packageAdd}
      detail={packageDetail}
      remove={deleteResourcePackage}
      label={(r) => `${r.name} ${r.version}`}
      columns={[
        {
          title: f('kind'),
          dataIndex: 'kind',
          valueType: 'select',
          fieldProps: { options: RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resourcePackage.kind.${k}`) })) },
          render: (_, r) => (
            <Tag color={r.kind === 'language' ? 'green' : undefined}>{t(`resourcePackage.kind.${r.kind}`)}</Tag>
          ),
        },
        {
          title: f('language'),
          dataIndex: 'language',
          valueType: 'select',
          fieldProps: { options: languages.options, showSearch: true, optionFilterProp: 'label' },
          render: (_, r) => languages.labelOf(r.language),
        },
        { title: f('version'), dataIndex: 'version', search: false, sorter: true },
        { title: f('fileCount'), dataIndex: 'fileCount', search: false, width: 90 },
      ]}
    />
  );
}
