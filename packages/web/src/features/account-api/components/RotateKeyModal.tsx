import { Alert, Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { ModalForm, ProFormRadio } from '@ant-design/pro-components';
import { API_KEY_GRACE_SECONDS, type ApiKey, type ApiKeySecret } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { modalSubmitter } from '../../../lib/modal-submitter';
import { rotateApiKey } from '../api/account-api';

/** The overlap offered by default: a day is enough to deploy a new secret, short enough to matter. */
const DEFAULT_GRACE = 86_400;

/**
 * Rotate a key: a new secret now, the old one working for the period chosen (or stopping at
 * once). The new secret is shown once, with the old one and when it stops.
 */
export function RotateKeyModal({
  apiKey,
  onRotated,
}: {
  apiKey: ApiKey;
  onRotated: (secret: ApiKeySecret) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<{ graceSeconds: number }>
      title={t('accountApi.keys.rotateTitle', { name: apiKey.name })}
      width={520}
      initialValues={{ graceSeconds: DEFAULT_GRACE }}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter(`api-key-rotate-ok-${apiKey.name}`)}
      trigger={
        <Button size="small" icon={<SyncOutlined />} data-testid={`api-key-rotate-${apiKey.name}`}>
          {t('accountApi.keys.rotate')}
        </Button>
      }
      onFinish={async ({ graceSeconds }) => {
        try {
          await onRotated(await rotateApiKey(apiKey.id, graceSeconds));
        } catch {
          return false;
        }
        return true;
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('accountApi.keys.rotateHint')} />
      {apiKey.previousExpiresAt && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('accountApi.keys.rotateAgainHint')} />
      )}
      <ProFormRadio.Group
        name="graceSeconds"
        label={t('accountApi.keys.grace')}
        options={API_KEY_GRACE_SECONDS.map((s) => ({
          value: s,
          label: <span data-testid={`api-key-grace-${s}`}>{t(`accountApi.keys.graceOptions.${s}`)}</span>,
        }))}
      />
    </ModalForm>
  );
}
