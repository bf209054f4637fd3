import { Card, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpenJobView } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { cancelQueuedJob, deviceQueueQuery } from '../api/job-control';

const CANCEL_CODES = { print: 'herald.stat.print.rec.cancel', voice: 'herald.stat.broadcast.rec.cancel' };

/** The device's queue: jobs not finished (0/1/2), oldest first, refreshed every 2 s, with cancel. */
export function DeviceQueueCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const { data, refetch } = useQuery(deviceQueueQuery(deviceId));
  const mayCancel = (j: OpenJobView) =>
    (j.status === 0 || j.status === 1) && can(j.kind === 'print' ? CANCEL_CODES.print : CANCEL_CODES.voice);

  const cancel = (j: OpenJobView) =>
    confirmDialog({
      title: t('common.tip'),
      content: t('jobControl.cancelConfirm', { jobId: j.jobId }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: async () => {
        try {
          await cancelQueuedJob(deviceId, j.jobId);
          toastSuccess(t('jobControl.cancelled', { jobId: j.jobId }));
        } catch {
          // the HTTP client has shown the server's message (e.g. the device already has it)
        }
        await refetch();
        void client.invalidateQueries({ queryKey: ['devices', deviceId] });
      },
    });

  return (
    <Card title={t('jobControl.queue')} data-testid="device-queue">
      <Typography.Paragraph type="secondary">{t('jobControl.queueHint')}</Typography.Paragraph>
      <Table<OpenJobView>
        rowKey="jobId"
        size="small"
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: t('jobControl.queueEmpty') }}
        onRow={(j) => ({ 'data-testid': `queue-row-${j.jobId}` }) as object}
        columns={[
          { title: 'ID', dataIndex: 'jobId' },
          { title: t('records.fields.kind'), dataIndex: 'kind', render: (k: string) => t(`job.kind.${k}`) },
          { title: t('records.fields.systemId'), dataIndex: 'orderId', render: (v: string | null) => v ?? '-' },
          {
            title: t('records.fields.status'),
            dataIndex: 'status',
            render: (s: number) => <Tag data-status={s}>{t(`job.status.${s}`)}</Tag>,
          },
          {
            title: t('records.fields.requestedAt'),
            dataIndex: 'requestedAt',
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('common.operation'),
            key: 'op',
            render: (_, j) =>
              mayCancel(j) ? (
                <a onClick={() => cancel(j)} data-testid={`queue-cancel-${j.jobId}`}>
                  {t('jobControl.cancel')}
                </a>
              ) : (
                '-'
              ),
          },
        ]}
      />
    </Card>
  );
}
