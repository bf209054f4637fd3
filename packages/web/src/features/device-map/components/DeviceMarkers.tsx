import type { MapMarker } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { onlineColour } from '../../../components/map/colours';
import { DeviceDot } from '../../../components/map/DeviceDot';

/** The located devices on the map: green online, grey offline; clicking one opens its location (when allowed). */
export function DeviceMarkers({
  markers,
  pickedId,
  onOpen,
}: {
  markers: readonly MapMarker[];
  pickedId?: number;
  onOpen?: (m: MapMarker) => void;
}) {
  const { t } = useTranslation();
  return markers.map((m) => (
    <DeviceDot
      key={m.id}
      lat={m.lat}
      lng={m.lng}
      colour={onlineColour(m.online)}
      highlighted={m.id === pickedId}
      attributes={{ 'data-testid': `map-marker-${m.sn}`, 'data-online': String(m.online) }}
      onClick={onOpen ? () => onOpen(m) : undefined}
      tooltip={
        <div>
          <strong>{m.sn}</strong>
          {m.name ? <div>{m.name}</div> : null}
          <div>{t(m.online ? 'deviceMap.online' : 'deviceMap.offline')}</div>
        </div>
      }
    />
  ));
}
