import { Dropdown, Tabs, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OpenedTab } from './use-opened-tabs';

type Props = {
  tabs: OpenedTab[];
  activeKey: string;
  close: (key: string) => void;
  closeOthers: (key: string) => void;
  closeAll: () => void;
  refresh: (key: string) => void;
};

export function TabsBar({ tabs, activeKey, close, closeOthers, closeAll, refresh }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const tabTitle = (tab: OpenedTab) => {
    const title = tab.titleKey ? t(tab.titleKey) : t('tabs.noName');
    return tab.parentTitleKey ? `${t(tab.parentTitleKey)} · ${title}` : title;
  };

  const actions = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', label: <span data-testid="tab-refresh">{t('tabs.refresh')}</span> },
      {
        key: 'close',
        label: <span data-testid="tab-close">{t('tabs.close')}</span>,
        disabled: tabs.find((x) => x.key === key)?.fixed,
      },
      { key: 'closeOthers', label: <span data-testid="tab-close-others">{t('tabs.closeOthers')}</span> },
      { key: 'closeAll', label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
    ],
    onClick: ({ key: action }) => {
      if (action === 'refresh') refresh(key);
      else if (action === 'close') close(key);
      else if (action === 'closeOthers') closeOthers(key);
      else closeAll();
    },
  });

  return (
    <Tabs
      data-testid="opened-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      style={{ padding: '6px 12px 0', background: '#fff', marginBottom: 0 }}
      onChange={(key) => navigate(tabs.find((x) => x.key === key)?.url ?? key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') close(key);
      }}
      tabBarExtraContent={
        <Dropdown menu={actions(activeKey)}>
          <span data-testid="tab-actions" style={{ cursor: 'pointer', padding: '0 8px' }}>
            {t('tabs.actions')} <DownOutlined />
          </span>
        </Dropdown>
      }
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: !tab.fixed,
        label: (
          <Dropdown menu={actions(tab.key)} trigger={['contextMenu']}>
            <span data-testid={`tab-${tab.key}`}>{tabTitle(tab)}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
