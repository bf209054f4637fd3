import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordFields } from '../../components/PasswordFields';
import { toastSuccess } from '../../lib/feedback';
import { logout } from '../../lib/http';
import { changeOwnPassword, currentUserQuery } from '../session/auth-api';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** Forced change of the initial password after first sign-in. */
export function UpPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      await changeOwnPassword(v);
      toastSuccess(t('password.changed'));
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      navigate('/', { replace: true });
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="herald-centre">
      <Card style={{ width: 440 }} data-testid="up-password">
        <Typography.Title level={4}>{t('password.initialTitle')}</Typography.Title>
        <Alert type="warning" showIcon message={t('password.initialHint')} style={{ marginBottom: 16 }} />
        <Form<Values> layout="vertical" onFinish={onFinish} data-testid="up-password-form">
          <Form.Item
            name="oldPassword"
            label={t('password.old')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="field-oldPassword" />
          </Form.Item>
          <PasswordFields name="newPassword" />
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="up-password-submit">
            {t('common.submit')}
          </Button>
          <Button type="link" block onClick={() => void logout()} style={{ marginTop: 8 }}>
            {t('layout.logout')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
