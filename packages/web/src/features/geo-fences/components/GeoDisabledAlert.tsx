import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Above the fence pages while the account's geolocation service is off (fences then raise nothing). */
export function GeoDisabledAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('geoFence.notEnabled')}
      data-testid="geo-not-enabled"
    />
  );
}
