import { useRef } from 'react';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { BroadcastRecord } from '@herald/contract';
import { jobStatusColumn, reasonColumn, textColumn, timeColumn } from '../components/record-columns';
import { JobControlActions } from '../components/JobControlActions';
import { RecordTable } from '../components/RecordTable';

const SORT = { requestedAt: 'requestedAt', ackLatencyMs: 'latency' };

/** Broadcast (speech) records: text or voice clips sent to speakers. */
export function BroadcastRecordListPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  const table = useRef<ActionType>(undefined);
  const columns: ProColumns<BroadcastRecord>[] = [
    textColumn(f('sn'), 'sn', '/business-record/broadcast/detail'),
    textColumn(f('msgId'), 'msgId'),
    textColumn(f('systemId'), 'orderId'),
    { ...textColumn<BroadcastRecord>(f('content'), 'content'), search: false, width: 280 },
    jobStatusColumn(t, 'broadcast'),
    timeColumn(f('requestedAt'), 'requestedAt', true),
    timeColumn(f('finishedAt'), 'finishedAt'),
    reasonColumn(t),
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => <JobControlActions area="broadcast" job={r} onDone={() => void table.current?.reload()} />,
    },
  ];
  return (
    <RecordTable
      actionRef={table}
      area="broadcast"
      title={t('menu.broadcastRecord')}
      columns={columns}
      sortFields={SORT}
    />
  );
}
