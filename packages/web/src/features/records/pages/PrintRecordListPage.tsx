import { useRef } from 'react';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PrintRecord } from '@herald/contract';
import { useSession } from '../../../lib/session-context';
import { templateOptionsQuery } from '../api/list-lookups';
import { jobStatusColumn, reasonColumn, textColumn, timeColumn } from '../components/record-columns';
import { JobControlActions } from '../components/JobControlActions';
import { RecordTable } from '../components/RecordTable';

const SORT = { requestedAt: 'requestedAt', ackLatencyMs: 'latency' };

/** Print records: one row per print job. */
export function PrintRecordListPage() {
  const { t } = useTranslation();
  const { side } = useSession();
  const templates = useQuery(templateOptionsQuery(side === 'ac'));
  const f = (k: string) => t(`records.fields.${k}`);
  const table = useRef<ActionType>(undefined);
  const columns: ProColumns<PrintRecord>[] = [
    textColumn(f('sn'), 'sn', '/business-record/print/detail'),
    textColumn(f('msgId'), 'msgId'),
    textColumn(f('systemId'), 'orderId'),
    {
      title: f('template'),
      dataIndex: 'templateId',
      // account users pick from their templates; operators type an id (templates belong to accounts)
      valueType: side === 'ac' ? 'select' : 'digit',
      fieldProps: side === 'ac' ? { showSearch: true, optionFilterProp: 'label', options: templates.data ?? [] } : {},
      render: (_, r) => (r.templateId == null ? '-' : `${r.templateId}${r.templateName ? ` · ${r.templateName}` : ''}`),
    },
    jobStatusColumn(t, 'print'),
    timeColumn(f('requestedAt'), 'requestedAt', true),
    timeColumn(f('printedAt'), 'printedAt'),
    reasonColumn(t),
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, r) => <JobControlActions area="print" job={r} onDone={() => void table.current?.reload()} />,
    },
  ];
  return (
    <RecordTable actionRef={table} area="print" title={t('menu.printRecord')} columns={columns} sortFields={SORT} />
  );
}
