import { useState } from 'react';
import { apiUrlOrNone } from '../../lib/config';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, logout } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { verifyPassword } from '../session/auth-api';

/** Covers the console until the login password is entered again. */
export function LockScreen({ onUnlock }: { onUnlock: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  // the server's own words when it has them: after five wrong answers the user is locked, not just wrong
  const [wrong, setWrong] = useState<string | undefined>();

  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    setWrong(undefined);
    try {
      if (await verifyPassword(password)) onUnlock();
      else setWrong(t('error.passwordMismatch'));
    } catch (e) {
      setWrong(e instanceof ApiError && e.message ? e.message : t('error.passwordMismatch'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="herald-lock" data-testid="lock-screen">
      <div style={{ width: 320, textAlign: 'center' }}>
        <Avatar size={72} src={apiUrlOrNone(user.avatarUrl)} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ color: '#fff' }}>
          {user.name || user.username}
        </Typography.Title>
        <Form onFinish={onFinish}>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
            validateStatus={wrong ? 'error' : undefined}
            help={wrong}
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
