import { useRef } from 'react';
import { Space } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { NoticeStatus } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteLink } from '../../../components/DeleteLink';
import { ListTable } from '../../../components/ListTable';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { listNotices } from '../api/list-notices';
import { deleteNotice } from '../api/save-notice';
import type { Notice } from '../api/types';
import { isDraft, noticeAdd, noticeDetail, noticeEdit, P } from '../components/notice-codes';
import { targetsOf, targetSummary } from '../components/notice-body';
import { NoticeStatusTag } from '../components/NoticeStatusTag';
import { PublishNoticeButton } from '../components/PublishNoticeButton';

/** Operator notices: drafts to finish and publish, and what was published to whom and how widely read. */
export function NoticeListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();

  const columns: ProColumns<Notice>[] = [
    { title: t('notice.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 80 },
    {
      title: t('notice.fields.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (_, n) =>
        can(`${P}.query`) ? (
          <Link to={noticeDetail(n.id)} data-testid={`notice-row-${n.id}`}>
            {n.title}
          </Link>
        ) : (
          n.title
        ),
    },
    {
      title: t('notice.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.values(NoticeStatus).map((s) => [s, { text: t(`notice.status.${s}`) }])),
      render: (_, n) => <NoticeStatusTag status={n.status} />,
    },
    {
      title: t('notice.fields.targets'),
      dataIndex: 'allAccounts',
      search: false,
      render: (_, n) => targetSummary(t, targetsOf(n)),
    },
    {
      title: t('notice.fields.recipients'),
      dataIndex: 'recipientCount',
      search: false,
      sorter: true,
      render: (_, n) => (isDraft(n) ? '-' : `${n.readCount}/${n.recipientCount}`),
    },
    {
      title: t('notice.fields.createdBy'),
      dataIndex: 'createdBy',
      search: false,
      render: (_, n) => n.createdBy ?? '-',
    },
    {
      title: t('notice.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, n) => formatDateTime(n.createdAt),
    },
    {
      title: t('notice.fields.createdRange'),
      dataIndex: 'createdRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ from: v[0], to: v[1] }) },
    },
    {
      title: t('notice.fields.publishedAt'),
      dataIndex: 'publishedAt',
      search: false,
      sorter: true,
      render: (_, n) => formatDateTime(n.publishedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, n) => (
        <Space>
          {can(`${P}.query`) && <Link to={noticeDetail(n.id)}>{t('common.detail')}</Link>}
          {isDraft(n) && can(`${P}.edit`) && (
            <Link to={noticeEdit(n.id)} data-testid={`notice-edit-${n.id}`}>
              {t('common.edit')}
            </Link>
          )}
          <PublishNoticeButton notice={n} link onPublished={reload} />
          {isDraft(n) && can(`${P}.delete`) && (
            <DeleteLink
              title={t('notice.confirm.delete', { title: n.title })}
              testId={`notice-delete-${n.id}`}
              onDelete={() => deleteNotice(n.id)}
              onDeleted={reload}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<Notice>
      testId="notice"
      title={t('menu.notice')}
      columns={columns}
      list={listNotices}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(noticeAdd()) : undefined}
    />
  );
}
