import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the map and location pages show instead of a map while the account's geolocation service is off. */
export function ServiceNotEnabled() {
  const { t } = useTranslation();
  return (
    <div data-testid="geo-not-enabled">
      <Result status="info" title={t('error.serviceNotEnabled')} subTitle={t('deviceMap.valueAdded')} />
    </div>
  );
}
