import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getToken, setAuthCode, clearAuthCode } from '../../lib/session-storage';
import { redirectUri } from '../../lib/token';
import { authorize } from '../session/auth-api';
import { LanguageSwitch } from '../../components/LanguageSwitch';

/** URL parameters kept through sign-in (spec section 2). `lang` is applied at start-up. */
const KEPT = ['needJump', 'sn', 'eventId', 'alertTotal', 'redirect'] as const;

type Values = { username: string; password: string };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);

  const kept = new URLSearchParams();
  for (const k of KEPT) {
    const v = params.get(k);
    if (v) kept.set(k, v);
  }
  const landing = `/${kept.size ? `?${kept.toString()}` : ''}`;

  useEffect(() => {
    if (getToken()) navigate(landing, { replace: true });
    // only on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const res = await authorize({ username: v.username.trim(), password: v.password, redirectUri: redirectUri() });
      clearAuthCode();
      setAuthCode(res.code);
      // the code is exchanged for a token when the landing route is entered
      navigate(landing, { replace: true });
    } catch {
      // the client already showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="herald-centre">
      <LanguageSwitch style={{ position: 'absolute', top: 16, right: 24 }} />
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {t('login.title')}
        </Typography.Title>
        <Form<Values> size="large" onFinish={onFinish} data-testid="login-form">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('validation.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
