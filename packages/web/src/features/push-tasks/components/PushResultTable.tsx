import { PUSH_RESULT_STATES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { DeviceResultTable, type TaskDevicesProps } from '../../../components/tasks/DeviceResultTable';
import { listPushResults } from '../api/push-tasks-api';
import type { PushResult } from '../api/types';
import { ResultStateTag } from './status';

/** Per-device delivery: state, the device's ack code, how long it took. */
export function PushResultTable({ taskId, ...filter }: TaskDevicesProps) {
  const { t } = useTranslation();
  const f = (field: string) => t(`pushTask.result.fields.${field}`);
  return (
    <DeviceResultTable<PushResult>
      i18n="pushTask.result"
      testId="push-result"
      states={PUSH_RESULT_STATES}
      queryKey={['push-tasks', taskId, 'results']}
      list={(params) => listPushResults(taskId, params)}
      rowKey="deviceId"
      {...filter}
      renderState={(r) => <ResultStateTag state={r.state} />}
      columns={[
        {
          title: f('ackCode'),
          dataIndex: 'ackCode',
          render: (_, r) => (r.ackCode ? t(`pushTask.ack.${r.ackCode}`, { defaultValue: r.ackCode }) : '-'),
        },
        { title: f('message'), dataIndex: 'message', render: (v) => v || '-' },
        {
          title: f('latency'),
          dataIndex: 'latencyMs',
          render: (v: number | null) => (v === null ? '-' : `${v} ms`),
        },
        { title: f('sentAt'), dataIndex: 'sentAt', render: (v: string | null) => formatDateTime(v) },
        { title: f('finishedAt'), dataIndex: 'finishedAt', render: (v: string | null) => formatDateTime(v) },
      ]}
    />
  );
}
