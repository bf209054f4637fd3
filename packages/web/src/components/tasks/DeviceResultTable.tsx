import { useState, type ReactNode } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import type { Params } from '../../lib/http';
import { PAGINATION } from '../../lib/pro-table';
import { StateSnFilter } from './StateSnFilter';

type DeviceRow = { sn: string; deviceName: string | null; state: string };

/** What a task's page hands its device table: the state filter is the page's (its count cards set it). */
export type TaskDevicesProps = {
  taskId: number;
  state?: string;
  onStateChange: (s?: string) => void;
  refetchInterval: number | false;
};

/**
 * A task's devices (upgrade executions, push results), filtered by state and S/N and paged here:
 * S/N (`renderSn` may dress it), device name, state (`renderState`), then the columns of the
 * task's kind. Texts come from `<i18n>.title`, `.fields.*` and `.state.*`; test ids are
 * `<testId>-table`, `-state` and `-sn`. `children` go inside the card (e.g. a row's drawer).
 */
export function DeviceResultTable<T extends DeviceRow>(
  props: Omit<TaskDevicesProps, 'taskId'> & {
    i18n: string;
    testId: string;
    states: readonly string[];
    /** the query key of the task's rows; the filter and page are added to it */
    queryKey: readonly unknown[];
    list: (params: Params) => Promise<Page<T>>;
    rowKey: keyof T & string;
    renderSn?: (r: T) => ReactNode;
    renderState: (r: T) => ReactNode;
    columns: TableColumnsType<T>;
    onRow?: (r: T) => void;
    children?: ReactNode;
  },
) {
  const { t } = useTranslation();
  const { i18n, state } = props;
  const [sn, setSn] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const { data, isFetching } = useQuery({
    queryKey: [...props.queryKey, { state, sn, ...page }],
    queryFn: () => props.list({ state, sn: sn || undefined, ...page }),
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval,
  });
  const firstPage = () => setPage((p) => ({ ...p, page: 1 }));
  const onRow = props.onRow;

  return (
    <Card
      size="small"
      title={t(`${i18n}.title`)}
      extra={
        <StateSnFilter
          state={state}
          options={props.states.map((s) => ({ value: s, label: t(`${i18n}.state.${s}`) }))}
          statePlaceholder={t(`${i18n}.fields.state`)}
          snPlaceholder={t(`${i18n}.fields.sn`)}
          onState={(v) => {
            props.onStateChange(v);
            firstPage();
          }}
          onSn={(v) => {
            setSn(v);
            firstPage();
          }}
          testId={props.testId}
        />
      }
    >
      <Table<T>
        rowKey={props.rowKey}
        size="small"
        data-testid={`${props.testId}-table`}
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        onRow={onRow && ((r) => ({ onClick: () => onRow(r), style: { cursor: 'pointer' } }))}
        pagination={{
          ...PAGINATION,
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
        columns={[
          { title: t(`${i18n}.fields.sn`), dataIndex: 'sn', render: props.renderSn && ((_, r) => props.renderSn?.(r)) },
          { title: t(`${i18n}.fields.deviceName`), dataIndex: 'deviceName', render: (v) => v || '-' },
          { title: t(`${i18n}.fields.state`), dataIndex: 'state', render: (_, r) => props.renderState(r) },
          ...props.columns,
        ]}
      />
      {props.children}
    </Card>
  );
}
