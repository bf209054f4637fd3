import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GeneralRecordDetail } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { RecordDetail } from '../components/RecordDetail';
import { GeneralResultTag, JobStatusTag } from '../components/StatusTags';

/** One open API call; the job it created links to its delivery record. */
export function GeneralRecordDetailPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  return (
    <RecordDetail<GeneralRecordDetail>
      area="general"
      back="/business-record/general"
      title={(r) => `${t('menu.general')} · ${r.method} ${r.path}`}
    >
      {(r) => (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            [f('path'), `${r.method} ${r.path}`],
            [f('result'), <GeneralResultTag result={r.result} />],
            [f('code'), r.code],
            [f('message'), r.message ?? '-'],
            [f('orderId'), r.orderId ?? '-'],
            [f('sn'), r.sn ?? '-'],
            [f('appKey'), r.appKey ?? '-'],
            [f('ip'), r.ip ?? '-'],
            [f('duration'), r.durationMs == null ? '-' : `${r.durationMs} ms`],
            [f('createdAt'), formatDateTime(r.createdAt)],
            ...(r.accountName ? [[f('account'), r.accountName] as const] : []),
            [
              f('job'),
              r.job ? (
                <Link to={`/message-record/delivery/detail?id=${r.job.id}`} data-testid="general-job">
                  {r.job.msgId} <JobStatusTag status={r.job.status} />
                </Link>
              ) : (
                '-'
              ),
            ],
          ].map(([label, children], i) => ({ key: i, label, children }))}
        />
      )}
    </RecordDetail>
  );
}
