import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The device secret, shown once after adding a device. */
export function DeviceSecretNotice({ sn, secret }: { sn: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="device-secret">
      <p>{t('device.secretOnce', { sn })}</p>
      <Typography.Paragraph copyable code data-testid="device-secret-value">
        {secret}
      </Typography.Paragraph>
      <Alert type="warning" showIcon message={t('device.secretWarning')} />
    </div>
  );
}
