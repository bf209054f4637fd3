import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { DeliveryStatus, lastResultText } from '../../../components/DeliveryStatus';
import { JobStatusTag } from './StatusTags';

/**
 * What the integrator was told about one job, on its detail page: operators see it too, so support
 * can answer "did you call my address?" without the account's API settings.
 */
export function WebhookDeliveriesTable({ rows }: { rows: WebhookDelivery[] }) {
  const { t } = useTranslation();
  const d = (k: string) => t(`accountApi.delivery.${k}`);
  return (
    <Table<WebhookDelivery>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="job-webhook-deliveries"
      locale={{ emptyText: t('records.webhooksEmpty') }}
      columns={[
        { title: d('createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        {
          title: d('event'),
          dataIndex: 'event',
          render: (v: string) => t(`accountApi.events.${v}`, { defaultValue: v }),
        },
        {
          // a job pushes once per status change: this is what tells its rows apart
          title: d('jobStatus'),
          dataIndex: 'jobStatus',
          render: (v: WebhookDelivery['jobStatus'], r) =>
            v == null ? '-' : <JobStatusTag status={v} kind={r.event} />,
        },
        { title: d('url'), dataIndex: 'url', ellipsis: true },
        {
          title: d('statusTitle'),
          dataIndex: 'status',
          render: (v: WebhookDelivery['status']) => <DeliveryStatus status={v} />,
        },
        { title: d('attempts'), dataIndex: 'attempts' },
        {
          title: d('lastResult'),
          dataIndex: 'lastStatusCode',
          render: (_: unknown, r) => lastResultText(r),
        },
        {
          title: d('nextAttemptAt'),
          dataIndex: 'nextAttemptAt',
          render: (v: string, r) => (r.status === 'pending' ? formatDateTime(v) : '-'),
        },
      ]}
    />
  );
}
