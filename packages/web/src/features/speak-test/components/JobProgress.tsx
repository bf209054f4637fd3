import { Alert, Card, Descriptions, Steps, Tag } from 'antd';
import { JobStatus, type SpeakTestJob } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { jobStatusLabel } from '../../../lib/job-status';

/** Steps 0 → 1 → 2 → final; the last step is success (3), failed (4) or timeout (5). */
export function jobSteps(status: number): { current: number; state: 'process' | 'finish' | 'error' } {
  if (status === JobStatus.SUCCESS) return { current: 3, state: 'finish' };
  if (status === JobStatus.FAILED || status === JobStatus.TIMEOUT) return { current: 3, state: 'error' };
  return { current: Math.max(0, Math.min(status, 2)), state: 'process' };
}

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'processing',
  3: 'success',
  4: 'error',
  5: 'warning',
};

/** The live progress of the test's job. */
export function JobProgress({ job }: { job: SpeakTestJob }) {
  const { t } = useTranslation();
  const { current, state } = jobSteps(job.status);
  const last = job.status >= JobStatus.SUCCESS ? job.status : JobStatus.SUCCESS;
  const reason = job.reason ? t(`job.reason.${job.reason}`, { defaultValue: job.reason }) : null;
  return (
    <Card size="small" title={t('speakTest.progress')} data-testid="speak-test-progress">
      <Steps
        current={current}
        status={state}
        size="small"
        labelPlacement="vertical"
        style={{ marginBottom: 16 }}
        // the first step is done as soon as the job exists: named for that, not for its status 0 (not pushed)
        items={[
          { title: t('speakTest.accepted') },
          ...[1, 2, last].map((s) => ({ title: jobStatusLabel(t, s, 'broadcast') })),
        ]}
      />
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('speakTest.fields.status')}>
          <Tag color={STATUS_COLOR[job.status]} data-testid="speak-test-status" data-status={job.status}>
            {job.status} · {jobStatusLabel(t, job.status, 'broadcast')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('speakTest.fields.latency')}>
          <span data-testid="speak-test-latency">{job.latencyMs !== null ? `${job.latencyMs} ms` : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('speakTest.fields.jobId')}>{job.jobId}</Descriptions.Item>
        <Descriptions.Item label={t('speakTest.fields.kind')}>{t(`job.kind.${job.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('speakTest.fields.requestedAt')}>
          {formatDateTime(job.requestedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('speakTest.fields.finishedAt')}>{formatDateTime(job.finishedAt)}</Descriptions.Item>
      </Descriptions>
      {reason && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          data-testid="speak-test-reason"
          message={t('speakTest.fields.reason')}
          description={reason}
        />
      )}
    </Card>
  );
}
