import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CURRENCIES, PAYMENT_TYPES, type TradeRecord } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';
import { formatAmount } from '../components/format-amount';
import { jobStatusColumn, reasonColumn, textColumn, timeColumn } from '../components/record-columns';
import { RecordTable } from '../components/RecordTable';
import { TradeStatsChart } from '../components/TradeStatsChart';

const SORT = { requestedAt: 'requestedAt', ackLatencyMs: 'latency' };

/** Transaction broadcast records, with broadcasts per hour/day above and the settings behind a button. */
export function TradeSpeakListPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const f = (k: string) => t(`records.fields.${k}`);
  const languages = useSpeakLanguages();
  const columns: ProColumns<TradeRecord>[] = [
    textColumn(f('referenceNo'), 'orderId', '/business-record/trade-speak/detail'),
    textColumn(f('sn'), 'sn'),
    {
      title: f('amount'),
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => formatAmount(r.amount, r.currency, i18n.language),
    },
    {
      title: f('currency'),
      dataIndex: 'currency',
      valueType: 'select',
      fieldProps: { options: CURRENCIES.map((c) => ({ value: c, label: c })) },
    },
    {
      title: f('paymentType'),
      dataIndex: 'paymentType',
      valueType: 'select',
      fieldProps: { options: PAYMENT_TYPES.map((p) => ({ value: p, label: t(`records.payment.${p}`) })) },
      render: (_, r) => (r.paymentType ? t(`records.payment.${r.paymentType}`, { defaultValue: r.paymentType }) : '-'),
    },
    {
      title: f('language'),
      dataIndex: 'language',
      valueType: 'select',
      fieldProps: { options: languages.options },
      render: (_, r) => languages.labelOf(r.language),
    },
    jobStatusColumn(t, 'broadcast'),
    timeColumn(f('requestedAt'), 'requestedAt', true),
    reasonColumn(t),
  ];
  // the setting belongs to an account; operators only read records
  const settings = side === 'ac' && can('herald.stat.speak.rec.setting') && (
    <Button
      key="setting"
      icon={<SettingOutlined />}
      onClick={() => navigate('/business-record/trade-speak/setting')}
      data-testid="trade-speak-setting"
    >
      {t('route.setting')}
    </Button>
  );
  return (
    <RecordTable
      area="trade"
      title={t('menu.tradeSpeak')}
      columns={columns}
      sortFields={SORT}
      toolBar={[settings]}
      above={(query) => query && <TradeStatsChart query={query} />}
    />
  );
}
