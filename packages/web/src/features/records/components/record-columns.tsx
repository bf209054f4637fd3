import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { jobStatusLabel, type StatusFamily } from '../../../lib/job-status';
import { JobStatusTag, useReasonLabel } from './StatusTags';

/**
 * Column builders the record lists share. `T` is the row type; the builders only read the
 * fields they name.
 */
type Row = Record<string, unknown> & { id: number };

/** A status filter's options: each code with its label. */
export const statusOptions = (codes: readonly number[], label: (code: number) => string) =>
  Object.fromEntries(codes.map((c) => [c, { text: label(c) }]));

/** A text filter and column; the first one of a list links to the detail page. */
export const textColumn = <T extends Row>(title: string, field: keyof T & string, link?: string): ProColumns<T> => ({
  title,
  dataIndex: field,
  ellipsis: true,
  render: (_, r) => {
    const v = (r[field] as string | null) ?? '-';
    return link ? (
      <Link to={`${link}?id=${r.id}`} data-testid={`record-row-${r.id}`}>
        {v}
      </Link>
    ) : (
      v
    );
  },
});

export const timeColumn = <T extends Row>(title: string, field: keyof T & string, sorter = false): ProColumns<T> => ({
  title,
  dataIndex: field,
  search: false,
  sorter,
  width: 170,
  render: (_, r) => formatDateTime(r[field] as string | null),
});

export const latencyColumn = <T extends Row>(title: string, field: keyof T & string): ProColumns<T> => ({
  title,
  dataIndex: field,
  search: false,
  sorter: true,
  align: 'right',
  render: (_, r) => (r[field] == null ? '-' : `${r[field] as number} ms`),
});

/** The job status column; a list of one family (prints, broadcasts) names its filter's states for it. */
export const jobStatusColumn = <T extends Row & { status: number; kind: string }>(
  t: TFunction,
  family?: StatusFamily,
): ProColumns<T> => ({
  title: t('records.fields.status'),
  dataIndex: 'status',
  valueType: 'select',
  valueEnum: statusOptions([0, 1, 2, 3, 4, 5], (c) => jobStatusLabel(t, c, family)),
  render: (_, r) => <JobStatusTag status={r.status} kind={r.kind} />,
});

function Reason({ reason }: { reason: string | null }) {
  return <>{useReasonLabel()(reason)}</>;
}

export const reasonColumn = <T extends Row & { reason: string | null }>(t: TFunction): ProColumns<T> => ({
  title: t('records.fields.reason'),
  dataIndex: 'reason',
  search: false,
  render: (_, r) => <Reason reason={r.reason} />,
});
