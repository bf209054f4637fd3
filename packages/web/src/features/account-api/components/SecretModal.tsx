import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** What a secret answer carries (the spec's one-key answer, or a named key's with its old secret). */
export type ShownSecret = {
  appKey: string;
  secret: string;
  previousSecret?: string | null;
  previousExpiresAt?: string | null;
};

/**
 * The secret with a copy button, and during a rotation's overlap the old one with the time it
 * stops; `fresh` says it was just generated and will not be shown again unasked.
 */
export function SecretModal({
  secret,
  fresh,
  onClose,
}: {
  secret: ShownSecret | null;
  fresh: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secret}
      title={t(fresh ? 'accountApi.secret.newTitle' : 'accountApi.secret.showTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.confirm')}
      okButtonProps={{ 'data-testid': 'api-secret-close' }}
      destroyOnHidden
      width={560}
    >
      {fresh && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('accountApi.secret.onceHint')} />
      )}
      {secret && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('accountApi.fields.appKey')}>
            <Typography.Text copyable>{secret.appKey}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('accountApi.fields.secret')}>
            <Typography.Text code copyable={{ text: secret.secret }} data-testid="api-secret-value">
              {secret.secret}
            </Typography.Text>
          </Descriptions.Item>
          {secret.previousSecret && (
            <Descriptions.Item label={t('accountApi.keys.oldSecret')}>
              <Typography.Text code copyable={{ text: secret.previousSecret }} data-testid="api-secret-previous">
                {secret.previousSecret}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary" data-testid="api-secret-previous-until">
                  {t('accountApi.keys.oldUntil', { at: formatDateTime(secret.previousExpiresAt ?? null) })}
                </Typography.Text>
              </div>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
