import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublishRecord } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { RecordDetail } from '../components/RecordDetail';
import { PublishStatusTag } from '../components/StatusTags';

export function PublishRecordDetailPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  // the job is on the delivery record pages, which need their own permission
  const canOpenJob = useCan()('herald.message.delivery.rec');
  return (
    <RecordDetail<PublishRecord>
      area="publish"
      back="/message-record/publish"
      title={(r) => `${t('menu.publish')} · ${r.msgId}`}
    >
      {(r) => (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            [f('sn'), r.sn],
            [f('topic'), r.topic],
            [f('msgId'), r.msgId],
            [f('qos'), r.qos],
            [f('status'), <PublishStatusTag status={r.status} reason={r.reason} />],
            [f('bytes'), r.bytes],
            [f('publishedAt'), formatDateTime(r.publishedAt)],
            [f('ackedAt'), formatDateTime(r.ackedAt)],
            [f('latency'), r.latencyMs == null ? '-' : `${r.latencyMs} ms`],
            ...(r.accountName ? [[f('account'), r.accountName] as const] : []),
            [
              f('job'),
              canOpenJob ? <Link to={`/message-record/delivery/detail?id=${r.jobId}`}>{r.jobId}</Link> : r.jobId,
            ],
          ].map(([label, children], i) => ({ key: i, label, children }))}
        />
      )}
    </RecordDetail>
  );
}
