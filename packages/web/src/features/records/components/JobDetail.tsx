import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobRecordBase, PublishRecord, TimelineStep, WebhookDelivery } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { JobTimeline } from './JobTimeline';
import { PublishRecordsTable } from './PublishRecordsTable';
import { JobStatusTag, useReasonLabel } from './StatusTags';
import { WebhookDeliveriesTable } from './WebhookDeliveriesTable';

export type JobDetailData = JobRecordBase & {
  timeline: TimelineStep[];
  publishRecords: PublishRecord[];
  webhookDeliveries: WebhookDelivery[];
  request: unknown;
};

/** One job (print, speech or transaction broadcast): its fields, the area's own, timeline, publishes, request. */
export function JobDetail({ job, extra = [] }: { job: JobDetailData; extra?: [string, ReactNode][] }) {
  const { t } = useTranslation();
  const reason = useReasonLabel();
  const f = (k: string) => t(`records.fields.${k}`);
  const items: [string, ReactNode][] = [
    [f('sn'), job.sn],
    [f('msgId'), <Typography.Text copyable>{job.msgId}</Typography.Text>],
    // the caller's order id under the name its area's list gives it (spec: system id; reference no. for transactions)
    [job.kind === 'trade' ? f('referenceNo') : f('systemId'), job.orderId ?? '-'],
    [f('kind'), t(`job.kind.${job.kind}`)],
    [f('source'), t(`job.source.${job.source}`, { defaultValue: job.source })],
    [f('status'), <JobStatusTag status={job.status} kind={job.kind} />],
    [f('reason'), reason(job.reason)],
    ...(job.reprintOf
      ? ([
          [
            t('jobControl.reprintOf'),
            <Link
              to={`/business-record/${job.kind === 'print' ? 'print' : 'broadcast'}/detail?id=${job.reprintOf}`}
              data-testid="record-reprint-of"
            >
              {job.reprintOf}
            </Link>,
          ],
        ] as [string, ReactNode][])
      : []),
    ...extra,
    [f('requestedAt'), formatDateTime(job.requestedAt)],
    [f('expireAt'), formatDateTime(job.expireAt)],
    [f('pushCount'), job.pushCount],
    [f('ackLatency'), job.ackLatencyMs == null ? '-' : `${job.ackLatencyMs} ms`],
    ...(job.accountName ? ([[f('account'), job.accountName]] as [string, ReactNode][]) : []),
  ];
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2, xl: 3 }}
        items={items.map(([label, children], i) => ({ key: i, label, children }))}
      />
      <Typography.Title level={5}>{t('records.timeline.title')}</Typography.Title>
      <JobTimeline steps={job.timeline} kind={job.kind} />
      <Typography.Title level={5}>{t('records.publishes')}</Typography.Title>
      <PublishRecordsTable rows={job.publishRecords} />
      <Typography.Title level={5}>{t('records.webhooks')}</Typography.Title>
      <WebhookDeliveriesTable rows={job.webhookDeliveries} />
      {job.request != null && (
        <>
          <Typography.Title level={5}>{t('records.request')}</Typography.Title>
          <pre className="records-request" data-testid="job-request" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {JSON.stringify(job.request, null, 2)}
          </pre>
        </>
      )}
    </>
  );
}
