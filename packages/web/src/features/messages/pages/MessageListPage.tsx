import { useState } from 'react';
import { Badge, Button, Card, Tabs } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unreadStatQuery } from '../api/unread-stat';
import type { MessageCategory } from '../api/types';
import { MessageSettingsDrawer } from '../components/MessageSettingsDrawer';
import { MessageTable } from '../components/MessageTable';

const TABS = ['all', 'system', 'alert'] as const;

/** The caller's in-app messages: all, system (published notices) and device alerts, each with its unread count. */
export function MessageListPage() {
  const { t } = useTranslation();
  const stat = useQuery(unreadStatQuery()).data;
  const [tab, setTab] = useState<(typeof TABS)[number]>('all');
  const [settings, setSettings] = useState(false);
  return (
    <Card
      title={t('msg.title')}
      data-testid="msg-list"
      styles={{ body: { paddingTop: 4 } }}
      extra={
        <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="msg-settings">
          {t('msg.actions.settings')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        destroyOnHidden
        items={TABS.map((k) => ({
          key: k,
          label: (
            <Badge count={stat?.[k] ?? 0} size="small" offset={[10, -2]} overflowCount={99}>
              <span data-testid={`msg-tab-${k}`}>{t(`msg.tabs.${k}`)}</span>
            </Badge>
          ),
          children: <MessageTable category={k === 'all' ? undefined : (k as MessageCategory)} />,
        }))}
      />
      <MessageSettingsDrawer open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}
