import { useState } from 'react';
import { Modal, Space, Spin, Steps, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceJobQuery } from '../api/job-control';

export type TrackedTestPage = { deviceId: number; sn: string; jobId: number };

/**
 * A test page followed live: the job is polled every second until it ends, its steps shown as
 * they pass (0 stored → 1 sent → 2 with the printer → 3 printed), or the device's reason when it
 * fails (4) or is not printed in time (5).
 */
export function TestPrintTracker({ tracked, onClose }: { tracked: TrackedTestPage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={tracked !== null}
      title={tracked ? t('jobControl.testPrintTitle', { sn: tracked.sn }) : ''}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {tracked && <TestPrintProgress {...tracked} />}
    </Modal>
  );
}

function TestPrintProgress({ deviceId, jobId }: TrackedTestPage) {
  const { t } = useTranslation();
  const { data } = useQuery(deviceJobQuery(deviceId, jobId));
  const status = data?.status ?? 0;
  const ended = status >= 3;
  const reason = data?.reason ? t(`job.reason.${data.reason}`, { defaultValue: data.reason }) : '-';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="test-print-tracker">
      <Typography.Text type="secondary">{t('jobControl.testPrintSent', { jobId })}</Typography.Text>
      <Steps
        size="small"
        current={Math.min(status, 3)}
        status={status === 4 || status === 5 ? 'error' : status === 3 ? 'finish' : 'process'}
        // the last step is where the job ended: 3, or 4/5 in red
        items={[0, 1, 2, ended ? status : 3].map((s) => ({ title: t(`job.status.${s}`) }))}
      />
      <div data-testid="test-print-status" data-status={status}>
        {!ended && (
          <Space>
            <Spin size="small" />
            {status === 0 ? t('jobControl.waitingDevice') : t('jobControl.following')}
          </Space>
        )}
        {status === 3 && <Tag color="green">{t('jobControl.printed')}</Tag>}
        {status === 4 && <Tag color="red">{t('jobControl.failedWith', { reason })}</Tag>}
        {status === 5 && <Tag color="orange">{t('jobControl.timedOut', { reason })}</Tag>}
      </div>
    </Space>
  );
}

/** The tracker's state for a page: open it with a sent test page, close it. */
export function useTestPrintTracker() {
  const [tracked, setTracked] = useState<TrackedTestPage | null>(null);
  return {
    track: setTracked,
    modal: <TestPrintTracker tracked={tracked} onClose={() => setTracked(null)} />,
  };
}
