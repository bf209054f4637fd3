import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { CertificateTable } from '../components/CertificateTable';
import { ExpiringAlert } from '../components/ExpiringAlert';
import { LicenceTable } from '../components/LicenceTable';
import { ManufacturerTable, P } from '../components/ManufacturerTable';

/** Manufacturers (operators) with their licences and certificates and the 30-day expiry warnings. */
export function ManufacturerPage() {
  const { t } = useTranslation();
  const can = useCan();
  // imports on the first tab refresh the other two and the warnings
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <Card styles={{ body: { paddingTop: 8 } }}>
      <ExpiringAlert reloadKey={version} />
      <Tabs
        items={[
          {
            key: 'manufacturers',
            label: <span data-testid="tab-manufacturers">{t('menu.deviceFactory')}</span>,
            children: <ManufacturerTable onChanged={changed} />,
          },
          {
            key: 'licences',
            label: <span data-testid="tab-licences">{t('manufacturer.licencesTab')}</span>,
            children: <LicenceTable reloadKey={version} />,
          },
          {
            key: 'certificates',
            label: <span data-testid="tab-certificates">{t('manufacturer.certificatesTab')}</span>,
            children: (
              <CertificateTable canDownload={can(`${P}.download`)} canRevoke={can(`${P}.revoke`)} reloadKey={version} />
            ),
          },
        ]}
      />
    </Card>
  );
}
