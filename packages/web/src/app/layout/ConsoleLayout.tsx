import { useState } from 'react';
import { isLocked, setLocked as keepLocked } from '../../lib/session-storage';
import { Layout, Typography } from 'antd';
import { KeepAliveOutlet } from '../tabs/KeepAliveOutlet';
import { TabsBar } from '../tabs/TabsBar';
import { useOpenedTabs } from '../tabs/use-opened-tabs';
import { LockScreen } from '../lock/LockScreen';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';

/** Sidebar, header, opened-page tabs and the kept-alive page area. */
export function ConsoleLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [locked, setLockedState] = useState(isLocked);
  const setLocked = (value: boolean) => {
    keepLocked(value);
    setLockedState(value);
  };
  const opened = useOpenedTabs();
  const cacheKeys = opened.tabs.filter((t) => !t.noCache).map((t) => t.key);

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="console-layout">
      <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={232}>
        <Typography.Title level={4} style={{ color: '#fff', textAlign: 'center', margin: '16px 0' }}>
          {collapsed ? 'H' : 'Herald'}
        </Typography.Title>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px', height: 56, lineHeight: '56px' }}>
          <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} onLock={() => setLocked(true)} />
        </Layout.Header>
        <TabsBar {...opened} />
        <Layout.Content className="herald-page">
          <KeepAliveOutlet cacheKeys={cacheKeys} activeKey={opened.activeKey} generations={opened.generations} />
        </Layout.Content>
      </Layout>
      {locked && <LockScreen onUnlock={() => setLocked(false)} />}
    </Layout>
  );
}
