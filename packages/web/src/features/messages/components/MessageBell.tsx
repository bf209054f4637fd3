import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Empty, Flex, Popover, Spin, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { useFallbackPoll, useLiveEvents } from '../../../lib/live';
import { formatDateTime } from '../../../lib/format';
import { latestUnreadQuery } from '../api/list-messages';
import { messageKeys, refreshMessages } from '../api/message-keys';
import { markReadAll } from '../api/mark-read';
import { unreadStatQuery } from '../api/unread-stat';
import type { MessageCategory } from '../api/types';
import { messageDetailPath, MSG_LIST } from './message-paths';

/** The latest unread messages of one category; a click opens the message. */
function LatestUnread({ category, open, onPick }: { category: MessageCategory; open: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...latestUnreadQuery(category), enabled: open, refetchInterval: UNREAD_POLL_MS });
  if (!data) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (data.list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('msg.noUnread')} />;
  return (
    <Flex vertical gap={4}>
      {data.list.map((m) => (
        <Link
          key={m.id}
          to={messageDetailPath(m)}
          onClick={onPick}
          data-testid={`header-messages-item-${m.id}`}
          style={{ display: 'block', padding: '6px 4px', borderBottom: '1px solid #f0f0f0' }}
        >
          <Typography.Text ellipsis style={{ display: 'block', fontWeight: 600 }}>
            {m.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(m.createdAt)}
          </Typography.Text>
        </Link>
      ))}
    </Flex>
  );
}

/**
 * New messages found by the poll show in the open lists too (the list page, the bell's), not only
 * in the counts: the bell is always mounted, so it is the one place that watches.
 */
function useListsFollowArrivals(unread: number | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread !== undefined && seen.current !== undefined && unread > seen.current)
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
    seen.current = unread;
  }, [unread, queryClient]);
}

/**
 * The header's bell: the caller's unread count (polled, and asked again when the window regains
 * focus), and on a click the latest unread system and alert messages.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const poll = useFallbackPoll();
  const stat = useQuery({ ...unreadStatQuery(), refetchInterval: poll }).data;
  useLiveEvents(['unread'], () => void queryClient.invalidateQueries({ queryKey: messageKeys.unreadStat }));
  useListsFollowArrivals(stat?.all);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageCategory>('system');
  const [busy, setBusy] = useState(false);
  const close = () => setOpen(false);

  const readAll = async () => {
    setBusy(true);
    try {
      await markReadAll(tab);
      toastSuccess();
      await refreshMessages(queryClient);
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const tabLabel = (category: MessageCategory) => (
    <span data-testid={`header-messages-tab-${category}`}>
      {t(`msg.tabs.${category}`)}
      {stat?.[category] ? ` (${stat[category]})` : ''}
    </span>
  );

  const panel = (
    <div style={{ width: 340 }} data-testid="header-messages-panel">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as MessageCategory)}
        items={(['system', 'alert'] as const).map((c) => ({
          key: c,
          label: tabLabel(c),
          children: <LatestUnread category={c} open={open} onPick={close} />,
        }))}
      />
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Button
          type="link"
          size="small"
          loading={busy}
          disabled={!stat?.[tab]}
          onClick={() => void readAll()}
          data-testid="header-messages-read-all"
        >
          {t('msg.actions.markAllRead')}
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => {
            close();
            navigate(MSG_LIST);
          }}
          data-testid="header-messages-view-all"
        >
          {t('msg.actions.viewAll')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" content={panel}>
      <Button
        type="text"
        aria-label={t('msg.bell')}
        data-testid="header-messages"
        data-unread={stat?.all ?? 0}
        icon={
          <Badge count={stat?.all ?? 0} size="small" overflowCount={99} data-testid="header-messages-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
