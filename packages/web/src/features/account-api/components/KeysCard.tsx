import { useState } from 'react';
import { Button, Card, Descriptions, Divider, Popconfirm, Space, Tag, Typography } from 'antd';
import { EyeOutlined, KeyOutlined } from '@ant-design/icons';
import type { AccountApiDetail } from '@herald/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmModal } from '../../../components/PasswordConfirmModal';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { generateSecret, querySecret } from '../api/account-api';
import { CAN_SECRET } from './codes';
import { KeyTable } from './KeyTable';
import { SecretModal, type ShownSecret } from './SecretModal';

/**
 * The open API keys. On top the account's first key (the spec's one app key, which signs the
 * pushes): generated here when there is none, shown again with the login password. Below, every
 * named key, each rotated with an overlap or revoked on its own.
 */
export function KeysCard({ detail }: { detail: AccountApiDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<{ secret: ShownSecret; fresh: boolean } | null>(null);

  const generate = async () => {
    try {
      const secret = await generateSecret();
      setShown({ secret, fresh: true });
      await queryClient.invalidateQueries({ queryKey: ['account-api'] });
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  return (
    <Card title={t('accountApi.sections.keys')} data-testid="api-keys">
      <Descriptions column={1} bordered>
        <Descriptions.Item label={t('accountApi.fields.appKey')}>
          {detail.appKey ? (
            <Typography.Text copyable data-testid="api-app-key">
              {detail.appKey}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('accountApi.secret.none')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('accountApi.fields.secret')}>
          <Space wrap>
            {detail.hasSecret ? (
              <Tag color="green" data-testid="api-secret-status">
                {t('accountApi.secret.set', { at: formatDateTime(detail.secretRotatedAt) })}
              </Tag>
            ) : (
              <Tag data-testid="api-secret-status">{t('accountApi.secret.notSet')}</Tag>
            )}
            {can(CAN_SECRET) && !detail.hasSecret && (
              <Popconfirm
                title={t('accountApi.secret.generateConfirmTitle')}
                okButtonProps={{ 'data-testid': 'api-secret-generate-ok' }}
                onConfirm={generate}
              >
                <Button icon={<KeyOutlined />} data-testid="api-secret-generate">
                  {t('accountApi.secret.generate')}
                </Button>
              </Popconfirm>
            )}
            {can(CAN_SECRET) && detail.hasSecret && (
              <PasswordConfirmModal
                title={t('accountApi.secret.showTitle')}
                hint={t('accountApi.secret.passwordHint')}
                testId="api-secret-show"
                trigger={
                  <Button icon={<EyeOutlined />} data-testid="api-secret-show">
                    {t('accountApi.secret.show')}
                  </Button>
                }
                onConfirm={async (password) => setShown({ secret: await querySecret(password), fresh: false })}
              />
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Divider orientation="left" plain>
        {t('accountApi.keys.title')}
      </Divider>
      <KeyTable onSecret={(secret, fresh) => setShown({ secret, fresh })} />
      <SecretModal secret={shown?.secret ?? null} fresh={shown?.fresh ?? false} onClose={() => setShown(null)} />
    </Card>
  );
}
