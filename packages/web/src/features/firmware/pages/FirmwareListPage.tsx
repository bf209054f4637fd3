import { useRef } from 'react';
import { Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { usePackageTailColumns } from '../../../components/files';
import { deleteFirmware } from '../api/delete-firmware';
import { listFirmware } from '../api/list-firmware';
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
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const models = useQuery(modelOptionsQuery());
  const tail = usePackageTailColumns<FirmwareListItem>({
    i18n: 'firmware',
    P,
    detail: firmwareDetail,
    remove: deleteFirmware,
    label: (r) => `${r.name} ${r.versionName}`,
    testIdPrefix: 'firmware',
    action,
  });

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
    ...tail,
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
