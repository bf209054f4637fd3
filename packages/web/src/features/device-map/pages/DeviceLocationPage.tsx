import { useRef, useState } from 'react';
import { Button, Card, Space, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOCATION_REFRESH_MS, type TrackPoint } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useMapConfig } from '../../../components/map/map-config';
import { ServiceNotEnabled } from '../../../components/map/ServiceNotEnabled';
import { useIdParam } from '../../../lib/use-id-param';
import { deviceLocationQuery } from '../api/device-location';
import { locationBackPath } from '../components/location-back';
import { LocationMap } from '../components/LocationMap';
import { LocationSummary } from '../components/LocationSummary';
import { RefreshNote } from '../components/RefreshNote';
import type { TrackRange } from '../components/track-range';
import { TrackRangePicker } from '../components/TrackRangePicker';
import { TrackTable } from '../components/TrackTable';

/**
 * One device's location (`?id=<device id>`), reached from the map, the device detail or a fence:
 * the device, where it is now, its track over the chosen range and the fences watching it,
 * refreshed every 15 seconds.
 */
export function DeviceLocationPage() {
  const config = useMapConfig();
  if (config.isPending) return <Spin />;
  if (config.data && !config.data.geoEnabled) {
    return (
      <Card>
        <ServiceNotEnabled />
      </Card>
    );
  }
  return <DeviceLocation />;
}

function DeviceLocation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = useIdParam();
  const back = locationBackPath(pathname, params);
  const mapBox = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<TrackRange>(null);
  const [focus, setFocus] = useState<{ lat: number; lng: number; key: number }>();
  const query = useQuery({
    ...deviceLocationQuery(id, range),
    staleTime: 0,
    // another range keeps the current map until its track arrives
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data ? LOCATION_REFRESH_MS : false),
  });
  const loc = query.data;
  if (!loc) return <DetailFallback query={query} back={back} />;

  const pick = (p: TrackPoint) => {
    setFocus((f) => ({ lat: p.lat, lng: p.lng, key: (f?.key ?? 0) + 1 }));
    mapBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="device-location">
      <Card
        title={`${t('deviceMap.locationTitle')} · ${loc.device.sn}`}
        extra={
          <Space wrap>
            <RefreshNote updatedAt={query.dataUpdatedAt} testId="location-refresh-note" />
            <Button onClick={() => navigate(back)} data-testid="location-back">
              {t('common.back')}
            </Button>
          </Space>
        }
      >
        <LocationSummary location={loc} />
      </Card>
      <Card title={t('deviceMap.track')} extra={<TrackRangePicker value={range} onChange={setRange} />}>
        <div ref={mapBox}>
          <LocationMap
            location={loc}
            fitKey={`${id}|${JSON.stringify(range)}`}
            fitLater={query.isPlaceholderData}
            focus={focus}
          />
        </div>
      </Card>
      <Card title={t('deviceMap.trackPoints', { count: loc.track.length })}>
        <TrackTable track={loc.track} onPick={pick} />
      </Card>
    </Space>
  );
}
