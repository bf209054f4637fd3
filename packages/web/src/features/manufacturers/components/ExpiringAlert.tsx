import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { expiringQuery } from '../api/expiring';

/** Licences and certificates expiring within 30 days, named one by one. */
export function ExpiringAlert({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...expiringQuery(), queryKey: [...expiringQuery().queryKey, reloadKey] });
  if (!data || data.licences.length + data.certificates.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="expiry-alert"
      style={{ marginBottom: 16 }}
      message={t('manufacturer.expiringTitle', {
        days: data.days,
        licences: data.licences.length,
        certificates: data.certificates.length,
      })}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {data.licences.map((l) => (
            <li key={`l${l.id}`}>
              {t('manufacturer.expiringLicence', {
                name: l.manufacturerName,
                number: l.number,
                at: formatDateTime(l.validTo),
              })}
            </li>
          ))}
          {data.certificates.map((c) => (
            <li key={`c${c.id}`}>
              {t('manufacturer.expiringCert', {
                name: c.manufacturerName,
                serial: c.serialNumber,
                at: formatDateTime(c.validTo),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
