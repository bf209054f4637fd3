import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { JOB_KINDS, type DeliveryRecord } from '@herald/contract';
import { LatencySummary } from '../components/LatencySummary';
import { jobStatusColumn, latencyColumn, textColumn, timeColumn } from '../components/record-columns';
import { RecordTable } from '../components/RecordTable';

const SORT = { requestedAt: 'requestedAt', ackLatencyMs: 'latency' };

/** Delivery records: every job's way to the device, with the page's request-to-ack latency summarised above. */
export function DeliveryRecordListPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  const columns: ProColumns<DeliveryRecord>[] = [
    textColumn(f('sn'), 'sn', '/message-record/delivery/detail'),
    {
      title: f('kind'),
      dataIndex: 'kind',
      valueType: 'select',
      fieldProps: { options: JOB_KINDS.map((k) => ({ value: k, label: t(`job.kind.${k}`) })) },
      render: (_, r) => t(`job.kind.${r.kind}`),
    },
    textColumn(f('msgId'), 'msgId'),
    jobStatusColumn(t),
    { title: f('pushCount'), dataIndex: 'pushCount', search: false, align: 'right' },
    timeColumn(f('requestedAt'), 'requestedAt', true),
    timeColumn(f('pushedAt'), 'pushedAt'),
    timeColumn(f('ackedAt'), 'ackedAt'),
    timeColumn(f('finishedAt'), 'finishedAt'),
    latencyColumn(f('ackLatency'), 'ackLatencyMs'),
  ];
  return (
    <RecordTable
      area="delivery"
      title={t('menu.delivery')}
      columns={columns}
      sortFields={SORT}
      above={(_, rows) => <LatencySummary latencies={rows.map((r) => r.ackLatencyMs)} />}
    />
  );
}
