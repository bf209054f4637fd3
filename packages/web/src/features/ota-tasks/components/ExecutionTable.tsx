import { useState } from 'react';
import { Badge, Progress, Space, Typography } from 'antd';
import { EXECUTION_STATES, type ExecutionState } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { DeviceResultTable, type TaskDevicesProps } from '../../../components/tasks/DeviceResultTable';
import { listExecutions } from '../api/ota-tasks-api';
import type { Execution } from '../api/types';
import { ExecutionHistoryDrawer } from './ExecutionHistoryDrawer';
import { useReasonText } from './reason-text';
import { ExecutionStateTag } from './status-tags';

/** The task's devices (online dot, progress, attempt, reason); a row opens its history. */
export function ExecutionTable({ taskId, ...filter }: TaskDevicesProps) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const [opened, setOpened] = useState<Execution>();
  const f = (field: string) => t(`otaTask.execution.fields.${field}`);

  return (
    <DeviceResultTable<Execution>
      i18n="otaTask.execution"
      testId="ota-exec"
      states={EXECUTION_STATES}
      queryKey={['ota-tasks', taskId, 'executions']}
      list={(params) => listExecutions(taskId, params)}
      rowKey="id"
      {...filter}
      onRow={setOpened}
      renderSn={(r) => (
        <Space style={{ whiteSpace: 'nowrap' }}>
          <Badge status={r.online ? 'success' : 'default'} />
          <Typography.Link data-testid={`ota-exec-${r.sn}`}>{r.sn}</Typography.Link>
        </Space>
      )}
      renderState={(r) => <ExecutionStateTag state={r.state as ExecutionState} />}
      columns={[
        {
          title: f('progress'),
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
        { title: f('attempt'), dataIndex: 'attempt', width: 80 },
        { title: f('fromVersion'), dataIndex: 'fromVersion', render: (v) => v || '-' },
        {
          title: f('reason'),
          dataIndex: 'reason',
          render: (_, r) => <span data-testid={`ota-exec-reason-${r.sn}`}>{reasonText(r)}</span>,
        },
        { title: f('updatedAt'), dataIndex: 'updatedAt', render: (_, r) => formatDateTime(r.updatedAt) },
      ]}
    >
      <ExecutionHistoryDrawer
        taskId={taskId}
        execution={opened}
        onClose={() => setOpened(undefined)}
        refetchInterval={filter.refetchInterval}
      />
    </DeviceResultTable>
  );
}
