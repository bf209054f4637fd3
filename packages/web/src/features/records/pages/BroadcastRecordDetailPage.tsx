import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BroadcastRecordDetail } from '@herald/contract';
import { JobControlActions } from '../components/JobControlActions';
import { JobDetail } from '../components/JobDetail';
import { RecordDetail } from '../components/RecordDetail';

export function BroadcastRecordDetailPage() {
  const { t } = useTranslation();
  const f = (k: string) => t(`records.fields.${k}`);
  return (
    <RecordDetail<BroadcastRecordDetail>
      area="broadcast"
      back="/business-record/broadcast"
      actions={(r, reload) => <JobControlActions area="broadcast" job={r} onDone={reload} buttons />}
      title={(r) => `${t('menu.broadcastRecord')} · ${r.orderId ?? r.msgId}`}
    >
      {(r) => (
        <JobDetail
          job={r}
          extra={[
            [f('text'), r.text ?? '-'],
            [f('clips'), r.clips?.length ? r.clips.map((c, i) => <Tag key={i}>{c}</Tag>) : '-'],
          ]}
        />
      )}
    </RecordDetail>
  );
}
