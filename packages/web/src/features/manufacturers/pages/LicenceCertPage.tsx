import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session-context';
import { CertificateTable } from '../components/CertificateTable';
import { ExpiringAlert } from '../components/ExpiringAlert';
import { LicenceTable } from '../components/LicenceTable';

/** Licences and certificates, read-only (download where allowed), with the expiry warnings. */
export function LicenceCertPage() {
  const { t } = useTranslation();
  const can = useCan();
  // the server's rule: operators need the manufacturer menu's download, account users this menu's
  const { side } = useSession();
  const download = side === 'op' ? 'herald.manufacturer.download' : 'herald.ac.manufacturer.licence.download';
  return (
    <Card styles={{ body: { paddingTop: 8 } }} data-testid="licence-cert-page">
      <ExpiringAlert />
      <Tabs
        items={[
          {
            key: 'licences',
            label: <span data-testid="tab-licences">{t('manufacturer.licencesTab')}</span>,
            children: <LicenceTable />,
          },
          {
            key: 'certificates',
            label: <span data-testid="tab-certificates">{t('manufacturer.certificatesTab')}</span>,
            children: <CertificateTable canDownload={can(download)} canRevoke={false} />,
          },
        ]}
      />
    </Card>
  );
}
