import { useRef } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperLog } from '@herald/contract';
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
import { exportOperLogs } from '../api/export-oper-logs';
import { accountOptionsQuery } from '../../../lib/account-options';
import { operModulesQuery, operTypesQuery } from '../api/list-lookups';
import { listOperLogs } from '../api/list-oper-logs';

export function OperLogTable() {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  const form = useRef<ProFormInstance>(undefined);
  const modules = useQuery(operModulesQuery());
  const types = useQuery(operTypesQuery());
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const label = (kind: 'module' | 'type', v: string) => t(`operLog.${kind}.${v}`, { defaultValue: v });

  const columns: ProColumns<OperLog>[] = [
    {
      title: t('operLog.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.createdAt),
      width: 170,
    },
    {
      title: t('operLog.fields.timeRange'),
      dataIndex: 'timeRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ from: v[0], to: v[1] }) },
    },
    { title: t('operLog.fields.username'), dataIndex: 'username' },
    {
      title: t('operLog.fields.account'),
      dataIndex: 'accountId',
      valueType: 'select',
      hideInSearch: side !== 'op',
      hideInTable: side !== 'op',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      },
      render: (_, r) => r.accountName ?? '-',
    },
    {
      title: t('operLog.fields.module'),
      dataIndex: 'module',
      valueType: 'select',
      fieldProps: { options: (modules.data ?? []).map((m) => ({ value: m.value, label: label('module', m.value) })) },
      render: (_, r) => label('module', r.module),
    },
    {
      title: t('operLog.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: (types.data ?? []).map((m) => ({ value: m.value, label: label('type', m.value) })) },
      render: (_, r) => label('type', r.type),
    },
    { title: t('operLog.fields.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: t('operLog.fields.ip'), dataIndex: 'ip', search: false },
  ];

  const exportCsv = () => {
    const values = (form.current?.getFieldsFormatValue?.() ?? {}) as Record<string, unknown>;
    const { timeRange, ...rest } = values;
    const range = Array.isArray(timeRange) ? (timeRange as string[]) : [];
    void exportOperLogs({ ...(rest as Params), from: range[0], to: range[1] }).catch(() => undefined);
  };

  return (
    <div data-testid="oper-log-table">
      <ProTable<OperLog>
        rowKey="id"
        actionRef={action}
        formRef={form}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listOperLogs(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can('herald.oper.log.export') && (
            <Button key="export" icon={<DownloadOutlined />} onClick={exportCsv} data-testid="oper-log-export">
              {t('common.export')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
