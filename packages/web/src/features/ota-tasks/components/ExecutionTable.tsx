import { useState } from 'react';
import { Badge, Card, Progress, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXECUTION_STATES, type ExecutionState } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { PAGINATION } from '../../../lib/pro-table';
import { listExecutions } from '../api/ota-tasks-api';
import type { Execution } from '../api/types';
import { ExecutionHistoryDrawer } from './ExecutionHistoryDrawer';
import { useReasonText } from './reason-text';
import { ExecutionStateTag } from './status-tags';
import { StateSnFilter } from '../../../components/tasks/StateSnFilter';

/** The task's devices, filterable by state and S/N; a row opens its history. */
export function ExecutionTable({
  taskId,
  state,
  onStateChange,
  refetchInterval,
}: {
  taskId: number;
  state?: string;
  onStateChange: (s?: string) => void;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const [sn, setSn] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [opened, setOpened] = useState<Execution>();
  const { data, isFetching } = useQuery({
    queryKey: ['ota-tasks', taskId, 'executions', { state, sn, ...page }] as const,
    queryFn: () => listExecutions(taskId, { state, sn: sn || undefined, ...page }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });

  return (
    <Card
      size="small"
      title={t('otaTask.execution.title')}
      extra={
        <StateSnFilter
          state={state}
          options={EXECUTION_STATES.map((s) => ({ value: s, label: t(`otaTask.execution.state.${s}`) }))}
          statePlaceholder={t('otaTask.execution.fields.state')}
          snPlaceholder={t('otaTask.execution.fields.sn')}
          onState={(v) => {
            onStateChange(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          onSn={(v) => {
            setSn(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          testId="ota-exec"
        />
      }
    >
      <Table<Execution>
        rowKey="id"
        size="small"
        data-testid="ota-exec-table"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        onRow={(r) => ({ onClick: () => setOpened(r), style: { cursor: 'pointer' } })}
        pagination={{
          ...PAGINATION,
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
        columns={[
          {
            title: t('otaTask.execution.fields.sn'),
            dataIndex: 'sn',
            render: (_, r) => (
              <Space style={{ whiteSpace: 'nowrap' }}>
                <Badge status={r.online ? 'success' : 'default'} />
                <Typography.Link data-testid={`ota-exec-${r.sn}`}>{r.sn}</Typography.Link>
              </Space>
            ),
          },
          { title: t('otaTask.execution.fields.deviceName'), dataIndex: 'deviceName', render: (v) => v || '-' },
          {
            title: t('otaTask.execution.fields.state'),
            dataIndex: 'state',
            render: (_, r) => <ExecutionStateTag state={r.state as ExecutionState} />,
          },
          {
            title: t('otaTask.execution.fields.progress'),
            dataIndex: 'progress',
            width: 150,
            render: (_, r) =>
              r.state === 'succeeded' ? (
                <Progress percent={100} size="small" />
              ) : r.progress !== null ? (
                <Progress percent={r.progress} size="small" status={r.state === 'failed' ? 'exception' : 'active'} />
              ) : (
                '-'
              ),
          },
          { title: t('otaTask.execution.fields.attempt'), dataIndex: 'attempt', width: 80 },
          { title: t('otaTask.execution.fields.fromVersion'), dataIndex: 'fromVersion', render: (v) => v || '-' },
          {
            title: t('otaTask.execution.fields.reason'),
            dataIndex: 'reason',
            render: (_, r) => <span data-testid={`ota-exec-reason-${r.sn}`}>{reasonText(r)}</span>,
          },
          {
            title: t('otaTask.execution.fields.updatedAt'),
            dataIndex: 'updatedAt',
            render: (_, r) => formatDateTime(r.updatedAt),
          },
        ]}
      />
      <ExecutionHistoryDrawer
        taskId={taskId}
        execution={opened}
        onClose={() => setOpened(undefined)}
        refetchInterval={refetchInterval}
      />
    </Card>
  );
}
