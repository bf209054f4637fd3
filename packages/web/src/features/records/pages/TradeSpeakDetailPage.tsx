import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TradeRecordDetail } from '@herald/contract';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';
import { formatAmount } from '../components/format-amount';
import { JobDetail } from '../components/JobDetail';
import { RecordDetail } from '../components/RecordDetail';

export function TradeSpeakDetailPage() {
  const { t, i18n } = useTranslation();
  const { labelOf: language } = useSpeakLanguages();
  const f = (k: string) => t(`records.fields.${k}`);
  return (
    <RecordDetail<TradeRecordDetail>
      area="trade"
      back="/business-record/trade-speak"
      title={(r) => `${t('menu.tradeSpeak')} · ${r.orderId ?? r.msgId}`}
    >
      {(r) => (
        <JobDetail
          job={r}
          extra={[
            [f('amount'), formatAmount(r.amount, r.currency, i18n.language)],
            [f('paymentType'), r.paymentType ? t(`records.payment.${r.paymentType}`) : '-'],
            [f('language'), language(r.language)],
            [f('spoken'), <span data-testid="trade-spoken">{r.spoken ?? '-'}</span>],
            [
              f('clips'),
              r.clips?.length ? (
                <span data-testid="trade-clips">
                  {r.clips.map((c, i) => (
                    <Tag key={i}>{c}</Tag>
                  ))}
                </span>
              ) : (
                '-'
              ),
            ],
          ]}
        />
      )}
    </RecordDetail>
  );
}
