import { useState } from 'react';
import { Alert, Button, Descriptions, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppSecret } from '@herald/contract';
import { PasswordConfirmModal } from '../../../components/PasswordConfirmModal';
import { showAppSecret } from '../api/show-app-secret';

const MASK = '••••••••••••••••';

/** App key in the clear; secret and sign key only after re-entering the login password. */
export function AppKeys({
  appId,
  appKey,
  initial,
  canReveal,
}: {
  appId: number;
  appKey: string;
  initial?: AppSecret;
  /** account users with the edit permission (the server's rule) */
  canReveal: boolean;
}) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<AppSecret | undefined>(initial);
  return (
    <>
      {secret && <Alert type="warning" showIcon message={t('app.secretWarning')} style={{ marginBottom: 12 }} />}
      <Descriptions bordered column={1} size="small" data-testid="app-keys">
        <Descriptions.Item label={t('app.fields.appKey')}>
          <Typography.Text copyable data-testid="app-key-value">
            {appKey}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('app.fields.appSecret')}>
          {secret ? (
            <Typography.Text copyable data-testid="app-secret-value">
              {secret.appSecret}
            </Typography.Text>
          ) : (
            <span>
              {MASK}{' '}
              {canReveal && (
                <PasswordConfirmModal
                  title={t('app.actions.showSecret')}
                  hint={t('app.showSecretHint')}
                  testId="app-show-secret"
                  trigger={
                    <Button type="link" size="small" icon={<EyeOutlined />} data-testid="app-show-secret">
                      {t('app.actions.showSecret')}
                    </Button>
                  }
                  onConfirm={async (password) => setSecret(await showAppSecret(appId, password))}
                />
              )}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('app.fields.signKey')}>
          {secret ? (
            <Typography.Text copyable data-testid="app-sign-key-value">
              {secret.signKey}
            </Typography.Text>
          ) : (
            MASK
          )}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
