import { useRef, useState } from 'react';
import { Card, Space, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOCATION_REFRESH_MS, type MapDevice, type MapMarker } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BaseMap } from '../../../components/map/BaseMap';
import { CentreOn } from '../../../components/map/CentreOn';
import { FitToView } from '../../../components/map/FitToView';
import { useMapConfig } from '../../../components/map/map-config';
import { ServiceNotEnabled } from '../../../components/map/ServiceNotEnabled';
import { boxAround } from '../../../components/map/view-box';
import { useCan } from '../../../lib/can';
import type { Params } from '../../../lib/http';
import { useSession } from '../../../lib/session-context';
import { useShown } from '../../../lib/use-shown';
import { mapMarkersQuery } from '../api/map-devices';
import { CellTableButton } from '../components/CellTableButton';
import { CELL_QUERY, MAP_QUERY, mapLocationPath } from '../components/codes';
import { DeviceMarkers } from '../components/DeviceMarkers';
import { MapDeviceTable } from '../components/MapDeviceTable';
import { MarkerCount } from '../components/MarkerCount';
import { sameFilters } from '../components/marker-filters';
import { RefreshNote } from '../components/RefreshNote';

/** The device map (operators and accounts): the located devices as markers, and the list below. */
export function DeviceMapPage() {
  const config = useMapConfig();
  if (config.isPending) return <Spin />;
  if (config.data && !config.data.geoEnabled) {
    return (
      <Card>
        <ServiceNotEnabled />
      </Card>
    );
  }
  return <DeviceMap />;
}

type Focus = { id: number; lat: number; lng: number; key: number };

function DeviceMap() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const mapBox = useRef<HTMLDivElement>(null);
  const shown = useShown(mapBox);
  const [filters, setFilters] = useState<Params>({});
  const [focus, setFocus] = useState<Focus>();
  const markers = useQuery({
    ...mapMarkersQuery(filters),
    placeholderData: keepPreviousData,
    // while the tab is open and the last answer came: a failing call is not repeated every 15 s
    refetchInterval: (q) => (shown && q.state.status === 'success' ? LOCATION_REFRESH_MS : false),
  });
  const list = markers.data?.list ?? [];
  // fit once per filter, to the markers of that filter (not the previous filter's kept meanwhile)
  const box = markers.isPlaceholderData ? undefined : boxAround(list);

  const pick = (d: MapDevice) => {
    const p = d.position;
    if (!p) return;
    setFocus((f) => ({ id: d.id, lat: p.lat, lng: p.lng, key: (f?.key ?? 0) + 1 }));
    mapBox.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const open = can(MAP_QUERY) ? (m: MapMarker) => navigate(mapLocationPath(side, m.id)) : undefined;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="device-map-page">
      <Card
        title={t('menu.deviceMap')}
        extra={
          <Space size={16} wrap>
            <MarkerCount markers={markers.data} />
            <RefreshNote updatedAt={markers.dataUpdatedAt} testId="device-map-refresh-note" />
            {can(CELL_QUERY) && <CellTableButton />}
          </Space>
        }
      >
        <div ref={mapBox}>
          <BaseMap testId="device-map" height={480}>
            <DeviceMarkers markers={list} pickedId={focus?.id} onOpen={open} />
            <FitToView box={box} fitKey={JSON.stringify(filters)} />
            <CentreOn target={focus} />
          </BaseMap>
        </div>
      </Card>
      <MapDeviceTable
        pickedId={focus?.id}
        onPick={pick}
        onFilters={(next) => setFilters((prev) => (sameFilters(prev, next) ? prev : next))}
      />
    </Space>
  );
}
