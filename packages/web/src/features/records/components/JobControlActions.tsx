import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { cancelRecord, reprintRecord, type ControlArea } from '../api/job-control';

const CODES: Record<ControlArea, string> = { print: 'herald.stat.print.rec', broadcast: 'herald.stat.broadcast.rec' };

/**
 * Cancel (a job still at 0 or 1) and print/play again (a finished one) on a record: links in a
 * list row, buttons on the detail page. A reprint opens the new job's detail.
 */
export function JobControlActions({
  area,
  job,
  onDone,
  buttons = false,
}: {
  area: ControlArea;
  job: { id: number; sn: string; status: number };
  onDone: () => void;
  buttons?: boolean;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const mayCancel = (job.status === 0 || job.status === 1) && can(`${CODES[area]}.cancel`);
  const mayReprint = job.status >= 3 && can(`${CODES[area]}.reprint`);

  const cancel = () =>
    confirmDialog({
      title: t('common.tip'),
      content: t('jobControl.cancelConfirm', { jobId: job.id }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      onOk: async () => {
        try {
          await cancelRecord(area, job.id);
          toastSuccess(t('jobControl.cancelled', { jobId: job.id }));
        } catch {
          // the HTTP client has shown the server's message (e.g. it has printed meanwhile)
        }
        onDone();
      },
    });
  const reprint = () =>
    confirmDialog({
      title: t('common.tip'),
      content: t('jobControl.reprintConfirm', { jobId: job.id, sn: job.sn }),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        try {
          const sent = await reprintRecord(area, job.id);
          toastSuccess(t('jobControl.reprinted', { jobId: sent.jobId }));
          navigate(`/business-record/${area}/detail?id=${sent.jobId}`);
        } catch {
          // the HTTP client has shown the server's message
        }
        onDone();
      },
    });

  const again = area === 'print' ? t('jobControl.reprint') : t('jobControl.replay');
  if (!mayCancel && !mayReprint) return buttons ? null : <>-</>;
  if (buttons)
    return (
      <Space>
        {mayCancel && (
          <Button danger onClick={cancel} data-testid={`record-cancel-${job.id}`}>
            {t('jobControl.cancel')}
          </Button>
        )}
        {mayReprint && (
          <Button onClick={reprint} data-testid={`record-reprint-${job.id}`}>
            {again}
          </Button>
        )}
      </Space>
    );
  return (
    <Space>
      {mayCancel && (
        <a onClick={cancel} data-testid={`record-cancel-${job.id}`}>
          {t('jobControl.cancel')}
        </a>
      )}
      {mayReprint && (
        <a onClick={reprint} data-testid={`record-reprint-${job.id}`}>
          {again}
        </a>
      )}
    </Space>
  );
}
