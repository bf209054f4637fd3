import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapConfig } from '../../../components/map/map-config';
import { FenceEventsTable } from '../components/FenceEventsTable';
import { FencesTable } from '../components/FencesTable';
import { GeoDisabledAlert } from '../components/GeoDisabledAlert';

/** Geofences: an account's (operators: every account's, read only), and their devices' entries and exits. */
export function FenceListPage() {
  const { t } = useTranslation();
  const config = useMapConfig();
  // no new fence until the answer says the service is on
  const geoEnabled = config.data?.geoEnabled === true;
  const tab = (key: string, label: string, children: React.ReactNode) => ({
    key,
    label: <span data-testid={`fence-tab-${key}`}>{label}</span>,
    children,
  });
  return (
    <Card styles={{ body: { paddingTop: 4 } }} data-testid="fence-page">
      {config.data && !geoEnabled && <GeoDisabledAlert />}
      <Tabs
        items={[
          tab('fences', t('geoFence.tabs.fences'), <FencesTable canAdd={geoEnabled} />),
          tab('events', t('geoFence.tabs.events'), <FenceEventsTable />),
        ]}
      />
    </Card>
  );
}
