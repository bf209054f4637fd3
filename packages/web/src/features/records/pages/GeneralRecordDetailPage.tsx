import { Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GeneralRecordDetail } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { RecordDetail } from '../components/RecordDetail';
import { GeneralResultTag, JobStatusTag, useGeneralMessage } from '../components/StatusTags';

/** The job a call created; a link to its delivery record only for those who may open that page. */
function CreatedJob({ job }: { job: NonNullable<GeneralRecordDetail['job']> }) {
  const can = useCan();
  const text = (
    <>
      {job.msgId} <JobStatusTag status={job.status} kind={job.kind} />
    </>
  );
  return can('herald.message.delivery.rec') ? (
    <Link to={`/message-record/delivery/detail?id=${job.id}`} data-testid="general-job">
      {text}
    </Link>
  ) : (
    <span data-testid="general-job">{text}</span>
  );
}

/** One open API call; the job it created links to its delivery record. */
export function GeneralRecordDetailPage() {
  const { t } = useTranslation();
  const message = useGeneralMessage();
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
            [
              f('result'),
              r.job ? (
                <Space direction="vertical" size={4}>
                  <GeneralResultTag result={r.result} />
                  <Typography.Text type="secondary" data-testid="general-result-hint">
                    {t('records.resultFollowsJob')}
                  </Typography.Text>
                </Space>
              ) : (
                <GeneralResultTag result={r.result} />
              ),
            ],
            [f('code'), r.code],
            [f('message'), message(r.message)],
            [f('orderId'), r.orderId ?? '-'],
            [f('sn'), r.sn ?? '-'],
            [f('appKey'), r.appKey ?? '-'],
            [f('ip'), r.ip ?? '-'],
            [f('duration'), r.durationMs == null ? '-' : `${r.durationMs} ms`],
            [f('createdAt'), formatDateTime(r.createdAt)],
            ...(r.accountName ? [[f('account'), r.accountName] as const] : []),
            [f('job'), r.job ? <CreatedJob job={r.job} /> : '-'],
          ].map(([label, children], i) => ({ key: i, label, children }))}
        />
      )}
    </RecordDetail>
  );
}
