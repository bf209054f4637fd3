import { useState } from 'react';
import { Badge, Button, Popconfirm, Space, Table, Typography, type ButtonProps } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { PAGINATION } from '../../../lib/pro-table';
import { deleteMessages } from '../api/delete-messages';
import { messagePageQuery } from '../api/list-messages';
import { refreshMessages } from '../api/message-keys';
import { markRead, markReadAll } from '../api/mark-read';
import { unreadStatQuery } from '../api/unread-stat';
import type { InAppMessage, MessageCategory } from '../api/types';
import { MessageCategoryTag } from './MessageCategoryTag';
import { MessageFilters } from './MessageFilters';
import { messageDetailPath } from './message-paths';
import { toMessageQuery } from './message-query';

type SortOrder = 'ascend' | 'descend';

/**
 * The caller's messages of one category (or all): filters, newest first, and batch actions on
 * the selected rows. Every change refreshes the unread counts and lists everywhere.
 */
export function MessageTable({ category }: { category?: MessageCategory }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ReturnType<typeof toMessageQuery>>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGINATION.defaultPageSize });
  const [sortOrder, setSortOrder] = useState<SortOrder>();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<'read' | 'delete' | 'readAll'>();
  const stat = useQuery(unreadStatQuery()).data;
  const params = { category, ...filters, ...paging, ...(sortOrder ? { sortField: 'createdAt', sortOrder } : {}) };
  const query = useQuery({ ...messagePageQuery(params), placeholderData: keepPreviousData });
  const rows = query.data?.list ?? [];
  const unread = stat ? stat[category ?? 'all'] : 0;

  /** Runs an action, says it went through, refreshes counts and lists; a refusal was shown by the client. */
  const act = async (kind: NonNullable<typeof busy>, work: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await work();
      toastSuccess();
      setSelected([]);
      await refreshMessages(queryClient);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(undefined);
    }
  };

  const removeSelected = () =>
    act('delete', async () => {
      await deleteMessages(selected);
      // the page emptied by the deletion: show the one before it
      if (paging.page > 1 && rows.every((r) => selected.includes(r.id))) setPaging((p) => ({ ...p, page: p.page - 1 }));
    });

  return (
    <div data-testid={`msg-table-${category ?? 'all'}`}>
      <MessageFilters
        onSearch={(v) => {
          setFilters(toMessageQuery(v));
          setPaging((p) => ({ ...p, page: 1 }));
          setSelected([]);
        }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          disabled={!selected.length}
          loading={busy === 'read'}
          onClick={() => void act('read', () => markRead(selected))}
          data-testid="msg-mark-read"
        >
          {t('msg.actions.markRead')}
        </Button>
        <Popconfirm
          title={t('msg.confirm.delete', { count: selected.length })}
          disabled={!selected.length}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'msg-delete-ok' } as ButtonProps}
          onConfirm={removeSelected}
        >
          <Button danger disabled={!selected.length} loading={busy === 'delete'} data-testid="msg-delete">
            {t('msg.actions.delete')}
          </Button>
        </Popconfirm>
        <Button
          disabled={!unread}
          loading={busy === 'readAll'}
          onClick={() => void act('readAll', () => markReadAll(category))}
          data-testid="msg-mark-all-read"
        >
          {t('msg.actions.markAllRead')}
        </Button>
      </Space>
      <Table<InAppMessage>
        rowKey="id"
        data-testid="msg-table"
        loading={query.isFetching && !query.data}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{ ...PAGINATION, current: paging.page, pageSize: paging.pageSize, total: query.data?.total ?? 0 }}
        onChange={(p, _filters, sorter) => {
          setSortOrder(Array.isArray(sorter) ? undefined : (sorter.order ?? undefined));
          setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? PAGINATION.defaultPageSize });
        }}
        columns={[
          {
            title: t('msg.fields.title'),
            dataIndex: 'title',
            ellipsis: true,
            render: (_, m) => (
              <Link to={messageDetailPath(m)} data-testid={`msg-row-${m.id}`}>
                <Typography.Text strong={!m.read} style={{ color: 'inherit' }}>
                  {m.title}
                </Typography.Text>
              </Link>
            ),
          },
          {
            title: t('msg.fields.category'),
            dataIndex: 'category',
            width: 110,
            render: (_, m) => <MessageCategoryTag category={m.category} />,
          },
          {
            title: t('msg.fields.createdAt'),
            dataIndex: 'createdAt',
            width: 190,
            sorter: true,
            sortOrder: sortOrder ?? null,
            render: (_, m) => formatDateTime(m.createdAt),
          },
          {
            title: t('msg.fields.read'),
            dataIndex: 'read',
            width: 110,
            render: (_, m) => (
              <Badge
                status={m.read ? 'default' : 'processing'}
                text={t(`msg.readState.${m.read ? 'read' : 'unread'}`)}
                data-testid={`msg-read-${m.id}`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
