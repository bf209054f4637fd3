import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '../lib/group-label';
import { groupOptionsQuery, modelOptionsQuery } from '../lib/lookups';

type Row = { modelName: string | null; groupName?: string | null };

/**
 * The model and group columns of device lists, with their filters: model for everyone, group only
 * on the account side (groups belong to one account). Shared by the device list, the QR page and
 * the list beside the device map (whose rows carry no group: there the group is a filter only).
 */
export function useModelGroupColumns<T extends Row>(side: 'op' | 'ac', groupInTable = true): ProColumns<T>[] {
  const { t } = useTranslation();
  const models = useQuery(modelOptionsQuery());
  const groups = useQuery(groupOptionsQuery(undefined, side === 'ac'));
  return [
    {
      title: t('device.fields.model'),
      dataIndex: 'modelId',
      valueType: 'select',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (models.data ?? []).map((m) => ({ value: m.id, label: m.name })),
      },
      render: (_, d) => d.modelName ?? '-',
    },
    {
      title: t('device.fields.group'),
      dataIndex: 'groupId',
      valueType: 'select',
      hideInSearch: side !== 'ac',
      hideInTable: !groupInTable,
      fieldProps: { options: (groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(g, t) })) },
      render: (_, d) => d.groupName ?? '-',
    },
  ];
}
