import { useRef, type HTMLAttributes } from 'react';
import { Tag } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { FENCE_EVENT_KINDS, FENCE_EVENT_RETENTION_DAYS, type FenceEvent } from '@herald/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { fenceOptionsQuery, listFenceEvents } from '../api/geo-fences-api';
import { fenceDetail, fenceDeviceLocation, READ } from './codes';

/** The time range filter as ISO instants, so the server and the viewer agree. */
const rangeToQuery = (v: [string, string]) => ({
  from: dayjs(v[0]).toISOString(),
  to: dayjs(v[1]).endOf('second').toISOString(),
});

/**
 * Entries and exits of the last 7 days, newest first: of every fence (the list's tab, with a
 * fence filter) or of one (`fenceId`, on its detail page).
 */
export function FenceEventsTable({ fenceId, testId = 'fence-events-table' }: { fenceId?: number; testId?: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const action = useRef<ActionType>(undefined);
  const fences = useQuery({ ...fenceOptionsQuery(), enabled: fenceId === undefined });
  const f = (k: string) => t(`geoFence.events.${k}`);

  const columns: ProColumns<FenceEvent>[] = [
    { title: f('at'), dataIndex: 'at', search: false, render: (_, e) => formatDateTime(e.at) },
    {
      title: f('timeRange'),
      dataIndex: 'timeRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      fieldProps: {
        disabledDate: (d: Dayjs) =>
          d.isBefore(dayjs().subtract(FENCE_EVENT_RETENTION_DAYS, 'day'), 'day') || d.isAfter(dayjs(), 'day'),
      },
      search: { transform: rangeToQuery },
    },
    {
      title: f('fence'),
      dataIndex: 'fenceId',
      valueType: 'select',
      hideInTable: fenceId !== undefined,
      hideInSearch: fenceId !== undefined,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (fences.data ?? []).map((x) => ({ value: x.id, label: x.name })),
      },
      render: (_, e) => (can(READ) ? <Link to={fenceDetail(e.fenceId)}>{e.fenceName}</Link> : e.fenceName),
    },
    {
      title: f('sn'),
      dataIndex: 'sn',
      fieldProps: { 'data-testid': 'fence-events-filter-sn' },
      render: (_, e) => <Link to={fenceDeviceLocation(e.deviceId, e.fenceId)}>{e.sn}</Link>,
    },
    { title: f('deviceName'), dataIndex: 'deviceName', search: false, render: (_, e) => e.deviceName || '-' },
    {
      title: f('kind'),
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(FENCE_EVENT_KINDS.map((k) => [k, { text: t(`geoFence.kind.${k}`) }])),
      render: (_, e) => (
        <Tag color={e.kind === 'enter' ? 'green' : 'red'} data-testid={`fence-event-kind-${e.id}`} data-kind={e.kind}>
          {t(`geoFence.kind.${e.kind}`)}
        </Tag>
      ),
    },
    {
      title: f('coordinates'),
      dataIndex: 'lat',
      search: false,
      render: (_, e) => `${e.lat.toFixed(6)}, ${e.lng.toFixed(6)}`,
    },
    {
      title: f('alerted'),
      dataIndex: 'alerted',
      search: false,
      render: (_, e) => (
        <Tag color={e.alerted ? 'blue' : 'default'} data-testid={`fence-event-alerted-${e.id}`}>
          {t(e.alerted ? 'geoFence.yes' : 'geoFence.no')}
        </Tag>
      ),
    },
  ];

  return (
    <div data-testid={testId}>
      <ProTable<FenceEvent>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('geoFence.events.title')}
        tooltip={t('geoFence.events.retention', { days: FENCE_EVENT_RETENTION_DAYS })}
        params={fenceId === undefined ? undefined : { fenceId }}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        onRow={(e) => ({ 'data-testid': `fence-event-${e.id}` }) as HTMLAttributes<HTMLElement>}
        request={async (params, sort) =>
          toTableResult(await listFenceEvents(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
    </div>
  );
}
