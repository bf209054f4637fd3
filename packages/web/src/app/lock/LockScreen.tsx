import { useState } from 'react';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { verifyPassword } from '../session/auth-api';

/** Covers the console until the login password is entered again. */
export function LockScreen({ onUnlock }: { onUnlock: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    setWrong(false);
    try {
      if (await verifyPassword(password)) onUnlock();
      else setWrong(true);
    } catch {
      setWrong(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="herald-lock" data-testid="lock-screen">
      <div style={{ width: 320, textAlign: 'center' }}>
        <Avatar size={72} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ color: '#fff' }}>
          {user.name || user.username}
        </Typography.Title>
        <Form onFinish={onFinish}>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
            validateStatus={wrong ? 'error' : undefined}
            help={wrong ? t('error.passwordMismatch') : undefined}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('lock.placeholder')}
              autoFocus
              data-testid="lock-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="lock-submit">
            {t('lock.unlock')}
          </Button>
          <Button type="link" onClick={() => void logout()} style={{ marginTop: 8 }}>
            {t('lock.otherUser')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
