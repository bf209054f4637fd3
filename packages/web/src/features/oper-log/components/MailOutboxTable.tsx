import { Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../lib/external-link';
import { formatDateTime } from '../../../lib/format';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { listMails, type Mail } from '../api/list-mails';

/** Mails the platform sent (or queued when no SMTP server is configured); operators only. */
export function MailOutboxTable() {
  const { t } = useTranslation();
  const columns: ProColumns<Mail>[] = [
    {
      title: t('mail.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, m) => formatDateTime(m.createdAt),
      width: 170,
    },
    { title: t('mail.fields.to'), dataIndex: 'to', sorter: true },
    { title: t('mail.fields.subject'), dataIndex: 'subject', search: false },
    {
      title: t('mail.fields.kind'),
      dataIndex: 'kind',
      search: false,
      render: (_, m) => t(`mail.kind.${m.kind}`, { defaultValue: m.kind }),
    },
    {
      title: t('mail.fields.link'),
      dataIndex: 'link',
      search: false,
      render: (_, m) =>
        m.link ? (
          <span data-testid="mail-link" data-href={m.link}>
            <ExternalLink href={m.link}>{t('mail.open')}</ExternalLink>
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: t('mail.fields.sentAt'),
      dataIndex: 'sentAt',
      search: false,
      sorter: true,
      render: (_, m) => formatDateTime(m.sentAt),
    },
    { title: t('mail.fields.error'), dataIndex: 'error', search: false, ellipsis: true },
  ];
  return (
    <div data-testid="mail-table">
      <ProTable<Mail>
        rowKey="id"
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        expandable={{
          expandedRowRender: (m) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.body}</Typography.Paragraph>
          ),
        }}
        request={async (params, sort) =>
          toTableResult(await listMails(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
    </div>
  );
}
