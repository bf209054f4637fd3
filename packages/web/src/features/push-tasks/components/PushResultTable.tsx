import { useState } from 'react';
import { Card, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PUSH_RESULT_STATES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { PAGINATION } from '../../../lib/pro-table';
import { listPushResults } from '../api/push-tasks-api';
import type { PushResult } from '../api/types';
import { ResultStateTag } from './status';
import { StateSnFilter } from '../../../components/tasks/StateSnFilter';

/** Per-device delivery: state, the device's ack code, how long it took. */
export function PushResultTable({
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
  const [sn, setSn] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const { data, isFetching } = useQuery({
    queryKey: ['push-tasks', taskId, 'results', { state, sn, ...page }] as const,
    queryFn: () => listPushResults(taskId, { state, sn: sn || undefined, ...page }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  return (
    <Card
      size="small"
      title={t('pushTask.result.title')}
      extra={
        <StateSnFilter
          state={state}
          options={PUSH_RESULT_STATES.map((s) => ({ value: s, label: t(`pushTask.result.state.${s}`) }))}
          statePlaceholder={t('pushTask.result.fields.state')}
          snPlaceholder={t('pushTask.result.fields.sn')}
          onState={(v) => {
            onStateChange(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          onSn={(v) => {
            setSn(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          testId="push-result"
        />
      }
    >
      <Table<PushResult>
        rowKey="deviceId"
        size="small"
        data-testid="push-result-table"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        pagination={{
          ...PAGINATION,
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          onChange: (p, size) => setPage({ page: p, pageSize: size }),
        }}
        columns={[
          { title: t('pushTask.result.fields.sn'), dataIndex: 'sn' },
          { title: t('pushTask.result.fields.deviceName'), dataIndex: 'deviceName', render: (v) => v || '-' },
          {
            title: t('pushTask.result.fields.state'),
            dataIndex: 'state',
            render: (_, r) => <ResultStateTag state={r.state} />,
          },
          {
            title: t('pushTask.result.fields.ackCode'),
            dataIndex: 'ackCode',
            render: (_, r) => (r.ackCode ? t(`pushTask.ack.${r.ackCode}`, { defaultValue: r.ackCode }) : '-'),
          },
          { title: t('pushTask.result.fields.message'), dataIndex: 'message', render: (v) => v || '-' },
          {
            title: t('pushTask.result.fields.latency'),
            dataIndex: 'latencyMs',
            render: (v: number | null) => (v === null ? '-' : `${v} ms`),
          },
          {
            title: t('pushTask.result.fields.sentAt'),
            dataIndex: 'sentAt',
            render: (v: string | null) => formatDateTime(v),
          },
          {
            title: t('pushTask.result.fields.finishedAt'),
            dataIndex: 'finishedAt',
            render: (v: string | null) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
