import { useRef, type HTMLAttributes } from 'react';
import { Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { LOCATION_REFRESH_MS, type MapDevice } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import type { Params } from '../../../lib/http';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { useShown } from '../../../lib/use-shown';
import { useModelGroupColumns } from '../../../components/model-group-columns';
import { listMapDevices } from '../api/map-devices';
import { MAP_QUERY, mapLocationPath } from './codes';
import { markerFiltersOf } from './marker-filters';
import { OnlineTag } from './OnlineTag';
import { coordinates } from './position-text';

const flagEnum = (yes: string, no: string) => ({ true: { text: yes }, false: { text: no } });

/**
 * The devices beside the map, located or not, with the filters the markers share (reported through
 * `onFilters` on each search). Clicking a row centres the map on the device. Refreshed as often as
 * the markers while the page is shown, on the same page, filters and sort.
 */
export function MapDeviceTable({
  pickedId,
  onPick,
  onFilters,
}: {
  pickedId?: number;
  onPick: (d: MapDevice) => void;
  onFilters: (filters: Params) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const shown = useShown(box);
  useReloadOnReturn(action);
  const modelGroupColumns = useModelGroupColumns<MapDevice>(side, false);
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const f = (k: string) => t(`deviceMap.fields.${k}`);

  const columns: ProColumns<MapDevice>[] = [
    {
      title: f('keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { 'data-testid': 'map-filter-keyword' },
    },
    {
      title: f('sn'),
      dataIndex: 'sn',
      search: false,
      sorter: true,
      render: (_, d) => <span data-testid={`map-device-sn-${d.sn}`}>{d.sn}</span>,
    },
    { title: f('name'), dataIndex: 'name', search: false, render: (_, d) => d.name || '-' },
    {
      title: f('account'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      hideInTable: side !== 'op',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      },
      render: (_, d) => d.accountName ?? '-',
    },
    ...modelGroupColumns,
    {
      title: f('online'),
      dataIndex: 'online',
      valueType: 'select',
      valueEnum: flagEnum(t('deviceMap.online'), t('deviceMap.offline')),
      render: (_, d) => <OnlineTag online={d.online} testId={`map-device-online-${d.sn}`} />,
    },
    {
      title: f('located'),
      dataIndex: 'located',
      valueType: 'select',
      hideInTable: true,
      valueEnum: flagEnum(t('deviceMap.located'), t('deviceMap.notLocated')),
    },
    {
      title: f('position'),
      dataIndex: 'position',
      search: false,
      render: (_, d) =>
        d.position ? (
          <Space size={4}>
            <span>{coordinates(d.position)}</span>
            <Tag>{t(`deviceMap.source.${d.position.source}`)}</Tag>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('deviceMap.notLocated')}</Typography.Text>
        ),
    },
    {
      title: f('locatedAt'),
      dataIndex: 'locatedAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.position?.locatedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, d) =>
        can(MAP_QUERY) && (
          // the row's own click centres the map; the link opens the location page instead
          <Link
            to={mapLocationPath(side, d.id)}
            onClick={(e) => e.stopPropagation()}
            data-testid={`map-device-location-${d.sn}`}
          >
            {t('deviceMap.actions.location')}
          </Link>
        ),
    },
  ];

  return (
    <div ref={box} data-testid="map-device-table">
      <ProTable<MapDevice>
        rowKey="id"
        actionRef={action}
        // ProTable's polling reloads without the loading mask, and stops after a failed call as the markers do
        polling={shown ? LOCATION_REFRESH_MS : undefined}
        columns={fitColumns(columns)}
        headerTitle={t('deviceMap.listTitle')}
        tooltip={t('deviceMap.rowHint')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        rowClassName={(d) => (d.id === pickedId ? 'ant-table-row-selected' : '')}
        onRow={(d) =>
          ({
            onClick: () => onPick(d),
            style: d.position ? { cursor: 'pointer' } : undefined,
            'data-testid': `map-device-row-${d.sn}`,
            'data-located': String(d.position !== null),
          }) as HTMLAttributes<HTMLElement>
        }
        request={async (params, sort) => {
          const query = toPageQuery(params as TableParams, sort as SortState);
          onFilters(markerFiltersOf(query));
          return toTableResult(await listMapDevices(query));
        }}
      />
    </div>
  );
}
