import { Avatar, Button, Dropdown, Space } from 'antd';
import { apiUrlOrNone } from '../../lib/config';
import {
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { topicForRoute } from '../../features/help/components/topics';
import { MessageBell } from '../../features/messages/components/MessageBell';
import { logout } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { findRoute } from '../../lib/route-table';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LiveIndicator } from './LiveIndicator';

type Props = { collapsed: boolean; onToggle: () => void; onLock: () => void };

export function HeaderBar({ collapsed, onToggle, onLock }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, account, side } = useSession();
  // the help centre opens on the article about the page the user is on (on the help centre: the one
  // shown). Read when clicked, from the address: a navigation renders as a transition, and a click
  // before it commits would otherwise open the article of the page being left (seen in the e2e tests
  // on a loaded machine: the device list's help opened Getting started).
  const helpPath = () => {
    const { pathname, search } = window.location;
    const topic =
      pathname === '/help' ? new URLSearchParams(search).get('topic') : topicForRoute(findRoute(pathname)?.name);
    return topic ? `/help?topic=${topic}` : '/help';
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: '100%' }}>
      <Space>
        <Button
          type="text"
          onClick={onToggle}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          data-testid="sidebar-toggle"
        />
        <span data-testid="header-side">
          {side === 'op' ? t('layout.opPlatform') : (account?.name ?? t('layout.acPlatform'))}
        </span>
      </Space>
      <Space size="large">
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          data-testid="help-centre-link"
          onClick={() => navigate(helpPath())}
        >
          {t('layout.helpCentre')}
        </Button>
        <LiveIndicator />
        <MessageBell />
        <LanguageSwitch />
        <Dropdown
          menu={{
            items: [
              {
                key: 'center',
                icon: <UserOutlined />,
                label: <span data-testid="user-menu-center">{t('layout.personalCentre')}</span>,
              },
              {
                key: 'lock',
                icon: <LockOutlined />,
                label: <span data-testid="user-menu-lock">{t('layout.lockScreen')}</span>,
              },
              { type: 'divider' },
              {
                key: 'logout',
                icon: <LogoutOutlined />,
                label: <span data-testid="user-menu-logout">{t('layout.logout')}</span>,
              },
            ],
            onClick: ({ key }) => {
              if (key === 'center') navigate('/user-center/account-info');
              else if (key === 'lock') onLock();
              else void logout();
            },
          }}
        >
          <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
            <Avatar
              size="small"
              src={apiUrlOrNone(user.avatarUrl)}
              icon={<UserOutlined />}
              data-testid="header-avatar"
            />
            <span data-testid="current-username">{user.username}</span>
          </Space>
        </Dropdown>
      </Space>
    </div>
  );
}
