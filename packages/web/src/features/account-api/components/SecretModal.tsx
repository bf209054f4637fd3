import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountApiSecret } from '@herald/contract';

/** The secret with a copy button; `fresh` says it was just generated and will not be shown again unasked. */
export function SecretModal({
  secret,
  fresh,
  onClose,
}: {
  secret: AccountApiSecret | null;
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
        </Descriptions>
      )}
    </Modal>
  );
}
