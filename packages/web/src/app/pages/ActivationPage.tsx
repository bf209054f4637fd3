import { useState } from 'react';
import { Button, Card, Form, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordFields } from '../../components/PasswordFields';
import { activateUser, getActivationInfo } from '../session/auth-api';
import { LanguageSwitch } from '../../components/LanguageSwitch';

type Values = { password: string; confirmPassword: string };

/** /activation?token=… : a new user (or one whose password was reset) sets a password. */
export function ActivationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const info = useQuery({ queryKey: ['activation', token], queryFn: () => getActivationInfo(token), enabled: !!token });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      await activateUser({ token, ...v });
      setDone(true);
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (done) {
    body = (
      <div data-testid="activation-success">
        <Result
          status="success"
          title={t('activation.done')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="activation-to-login">
              {t('activation.toLogin')}
            </Button>
          }
        />
      </div>
    );
  } else if (!token || info.isError) {
    body = (
      <div data-testid="activation-invalid">
        <Result status="error" title={t('error.activationFailed')} subTitle={t('activation.invalidLink')} />
      </div>
    );
  } else if (info.isPending) {
    body = <Spin />;
  } else {
    body = (
      <>
        <Typography.Title level={4}>
          {t(info.data.purpose === 'reset' ? 'activation.resetTitle' : 'activation.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" data-testid="activation-user">
          {info.data.username} · {info.data.email}
        </Typography.Paragraph>
        <Form<Values> layout="vertical" onFinish={onFinish} data-testid="activation-form">
          <PasswordFields />
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="activation-submit">
            {t('common.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <div className="herald-centre">
      <LanguageSwitch style={{ position: 'absolute', top: 16, right: 24 }} />
      <Card style={{ width: 440 }}>{body}</Card>
    </div>
  );
}
