import { useTranslation } from 'react-i18next';
import type { DeliveryRecordDetail } from '@herald/contract';
import { JobDetail } from '../components/JobDetail';
import { RecordDetail } from '../components/RecordDetail';

export function DeliveryRecordDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordDetail<DeliveryRecordDetail>
      area="delivery"
      back="/message-record/delivery"
      title={(r) => `${t('menu.delivery')} · ${r.msgId}`}
    >
      {(r) => <JobDetail job={r} />}
    </RecordDetail>
  );
}
