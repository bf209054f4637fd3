import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { PublishRecord } from '@herald/contract';
import { latencyColumn, statusOptions, textColumn, timeColumn } from '../components/record-columns';
import { RecordTable } from '../components/RecordTable';
import { jobStatusLabel } from '../../../lib/job-status';
import { PublishStatusTag } from '../components/StatusTags';

const SORT = { publishedAt: 'publishedAt', latencyMs: 'latency' };

/** Gateway publish records: one row per MQTT publish of a job. */
export function PublishRecordListPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  const columns: ProColumns<PublishRecord>[] = [
    textColumn(f('sn'), 'sn', '/message-record/publish/detail'),
    { ...textColumn<PublishRecord>(f('topic'), 'topic'), search: false },
    textColumn(f('msgId'), 'msgId'),
    { title: f('qos'), dataIndex: 'qos', search: false },
    {
      title: f('status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusOptions([0, 1, 2], (c) => jobStatusLabel(t, c)),
      render: (_, r) => <PublishStatusTag status={r.status} reason={r.reason} />,
    },
    { title: f('bytes'), dataIndex: 'bytes', search: false, align: 'right' },
    timeColumn(f('publishedAt'), 'publishedAt', true),
    timeColumn(f('ackedAt'), 'ackedAt'),
    latencyColumn(f('latency'), 'latencyMs'),
  ];
  return <RecordTable area="publish" title={t('menu.publish')} columns={columns} sortFields={SORT} />;
}
