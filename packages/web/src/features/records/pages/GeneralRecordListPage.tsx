import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { GeneralRecord } from '@herald/contract';
import { latencyColumn, statusOptions, textColumn, timeColumn } from '../components/record-columns';
import { RecordTable } from '../components/RecordTable';
import { GeneralResultTag, useGeneralMessage } from '../components/StatusTags';

const SORT = { createdAt: 'createdAt', durationMs: 'latency' };

/** General request records: every open API call with its result. */
export function GeneralRecordListPage() {
  const { t } = useTranslation();
  const message = useGeneralMessage();
  const f = (k: string) => t(`records.fields.${k}`);
  const columns: ProColumns<GeneralRecord>[] = [
    textColumn(f('path'), 'path', '/business-record/general/detail'),
    textColumn(f('orderId'), 'orderId'),
    textColumn(f('sn'), 'sn'),
    {
      title: f('result'),
      tooltip: t('records.resultFollowsJob'),
      dataIndex: 'result',
      valueType: 'select',
      valueEnum: statusOptions([0, 1, 2], (c) => t(`records.result.${c}`)),
      render: (_, r) => <GeneralResultTag result={r.result} />,
    },
    { title: f('code'), dataIndex: 'code', search: false },
    { title: f('message'), dataIndex: 'message', search: false, ellipsis: true, render: (_, r) => message(r.message) },
    latencyColumn(f('duration'), 'durationMs'),
    timeColumn(f('createdAt'), 'createdAt', true),
  ];
  return <RecordTable area="general" title={t('menu.general')} columns={columns} sortFields={SORT} />;
}
