import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PackageList } from '../../../components/files';
import { deleteFirmware } from '../api/delete-firmware';
import { listFirmware } from '../api/list-firmware';
import { modelOptionsQuery } from '../api/lookups';
import type { FirmwareListItem } from '../api/types';
import { P, firmwareAdd, firmwareDetail } from '../components/paths';

/**
 * Firmware (application) packages: the platform's and, for an account, its own. Filters by name,
 * app name, model and (operators) account; sorted by id, version or creation time.
 */
export function FirmwareListPage() {
  const { t } = useTranslation();
  const models = useQuery(modelOptionsQuery());
  const f = (field: string) => t(`firmware.fields.${field}`);
  return (
    <PackageList<FirmwareListItem>
      i18n="firmware"
      P={P}
      testId="firmware"
      title={t('menu.firmware')}
      list={listFirmware}
      add={firmwareAdd}
      detail={firmwareDetail}
      remove={deleteFirmware}
      label={(r) => `${r.name} ${r.versionName}`}
      columns={[
        { title: f('appName'), dataIndex: 'appName' },
        { title: f('versionName'), dataIndex: 'versionName', search: false, sorter: true },
        {
          title: f('model'),
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
          title: f('packageType'),
          dataIndex: 'packageType',
          search: false,
          render: (_, r) => (
            <Tag color={r.packageType === 'split' ? 'orange' : undefined}>
              {t(`firmware.packageType.${r.packageType}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
}
