import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Space } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { JobKind } from '@herald/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { useSession } from '../../../lib/session-context';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useLiveEvents } from '../../../lib/live';
import { listRecords, type RecordArea } from '../api/records-api';
import { defaultRange, oldestAllowed, toRecordQuery, type RecordQuery } from './record-query';

type Row = { id: number; accountName?: string | null };

/** The job kind whose live events refresh an area's list. */
const LIVE_KINDS: Partial<Record<RecordArea, JobKind>> = { print: 'print', broadcast: 'speak', trade: 'trade' };

export type RecordTableProps<T extends Row> = {
  area: RecordArea;
  title: string;
  /** the area's own columns; the time range filter and the operators' account column are added here */
  columns: ProColumns<T>[];
  /** sortable column key → the API's sortField */
  sortFields?: Record<string, string>;
  toolBar?: ReactNode[];
  /** shown above the table with the query and rows of the last load (charts, summaries) */
  above?: (query: RecordQuery | undefined, rows: T[]) => ReactNode;
  /** to reload the list after a row action (job control) */
  actionRef?: RefObject<ActionType | undefined>;
};

/**
 * The one record list: ProTable over an area's list route with a time range that opens on the
 * last 24 hours and cannot reach past the retention period, and, for operators, the account.
 */
export function RecordTable<T extends Row>({
  area,
  title,
  columns,
  sortFields,
  toolBar,
  above,
  actionRef,
}: RecordTableProps<T>) {
  const { t } = useTranslation();
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const [last, setLast] = useState<{ query: RecordQuery; rows: T[] }>();
  const own = useRef<ActionType>(undefined);
  // the caller's ref when it reloads the list itself (job control), else the table's own
  const action = actionRef ?? own;
  const kind = LIVE_KINDS[area];
  // jobs of the area's kind changed: the page shown is read again (its filters and page stay)
  useLiveEvents(
    kind ? ['job'] : [],
    () => void action.current?.reload(),
    (_type, e) => e.kind === kind,
  );

  const range: ProColumns<T> = {
    title: t('records.fields.timeRange'),
    dataIndex: 'timeRange',
    valueType: 'dateTimeRange',
    hideInTable: true,
    initialValue: defaultRange(),
    fieldProps: { disabledDate: (d: Dayjs) => d.isBefore(oldestAllowed(), 'day') },
  };
  const account: ProColumns<T> = {
    title: t('records.fields.account'),
    dataIndex: 'accountId',
    valueType: 'select',
    fieldProps: {
      showSearch: true,
      optionFilterProp: 'label',
      options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    },
    render: (_, r) => r.accountName ?? '-',
  };
  const [first, ...rest] = columns;
  const all = [...(first ? [first] : []), ...(side === 'op' ? [account] : []), ...rest, range];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={`records-${area}`}>
      {above?.(last?.query, last?.rows ?? [])}
      <ProTable<T>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(all)}
        headerTitle={title}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        request={async (params, sort) => {
          const query = toRecordQuery(params as TableParams, sort as SortState, sortFields);
          const page = await listRecords<T>(area, query);
          setLast({ query, rows: page.list });
          return toTableResult(page);
        }}
        toolBarRender={() => toolBar ?? []}
      />
    </Space>
  );
}
