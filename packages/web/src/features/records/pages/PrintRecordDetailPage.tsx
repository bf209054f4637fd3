import { useTranslation } from 'react-i18next';
import type { PrintRecordDetail } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import { JobControlActions } from '../components/JobControlActions';
import { JobDetail } from '../components/JobDetail';
import { RecordDetail } from '../components/RecordDetail';

export function PrintRecordDetailPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  return (
    <RecordDetail<PrintRecordDetail>
      area="print"
      back="/business-record/print"
      actions={(r, reload) => <JobControlActions area="print" job={r} onDone={reload} buttons />}
      title={(r) => `${t('menu.printRecord')} · ${r.orderId ?? r.msgId}`}
    >
      {(r) => (
        <JobDetail
          job={r}
          extra={[
            [f('template'), r.templateId == null ? '-' : `${r.templateId} ${r.templateName ?? ''}`],
            [f('copies'), r.copies],
            [f('printedAt'), formatDateTime(r.printedAt)],
          ]}
        />
      )}
    </RecordDetail>
  );
}
