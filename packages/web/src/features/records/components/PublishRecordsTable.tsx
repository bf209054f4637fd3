import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublishRecord } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { PublishStatusTag } from './StatusTags';

/** The MQTT publishes of one job (a reconnect re-publishes), on its detail page. */
export function PublishRecordsTable({ rows }: { rows: PublishRecord[] }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  // the publish record pages need their own permission; without it a link would end on Access Denied
  const canOpen = useCan()('herald.message.publish.rec');
  return (
    <Table<PublishRecord>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="job-publish-records"
      columns={[
        {
          title: f('publishedAt'),
          dataIndex: 'publishedAt',
          render: (v: string, r) =>
            canOpen ? (
              <Link to={`/message-record/publish/detail?id=${r.id}`}>{formatDateTime(v)}</Link>
            ) : (
              formatDateTime(v)
            ),
        },
        { title: f('topic'), dataIndex: 'topic' },
        { title: f('qos'), dataIndex: 'qos' },
        {
          title: f('status'),
          dataIndex: 'status',
          render: (v: number, r) => <PublishStatusTag status={v} reason={r.reason} />,
        },
        { title: f('bytes'), dataIndex: 'bytes' },
        { title: f('ackedAt'), dataIndex: 'ackedAt', render: (v: string | null) => formatDateTime(v) },
        { title: f('latency'), dataIndex: 'latencyMs', render: (v: number | null) => (v == null ? '-' : `${v} ms`) },
      ]}
    />
  );
}
