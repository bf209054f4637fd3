import type { DeviceLocation } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '../../../components/map/BaseMap';
import { CentreOn } from '../../../components/map/CentreOn';
import { insideColour, MAP_COLOURS, onlineColour } from '../../../components/map/colours';
import { DeviceDot } from '../../../components/map/DeviceDot';
import { FitToView } from '../../../components/map/FitToView';
import { RadiusCircle } from '../../../components/map/RadiusCircle';
import { boxAround, type LatLng } from '../../../components/map/view-box';
import { formatDateTime } from '../../../lib/format';
import { staysOf } from './track-range';
import { TrackLine } from './TrackLine';

const insideKey = (inside: boolean | null) => (inside === null ? 'unknown' : inside ? 'inside' : 'outside');

/**
 * A device's map: where it is now (with its accuracy), its track with the stays marked, and the
 * fences watching it, coloured by whether it is inside. Fitted to the position and track once per
 * `fitKey`; without either, to the fences. `fitLater` while the location shown is the previous
 * range's, kept until the new one arrives: fitting it would spend the new key on the old track.
 */
export function LocationMap({
  location: { device, position, track, fences },
  fitKey,
  fitLater = false,
  focus,
}: {
  location: DeviceLocation;
  fitKey: string;
  fitLater?: boolean;
  focus?: LatLng & { key: number };
}) {
  const { t } = useTranslation();
  const box = fitLater ? undefined : (boxAround([...(position ? [position] : []), ...track]) ?? boxAround([], fences));
  return (
    <BaseMap testId="location-map" height={460}>
      {fences.map((f) => (
        <RadiusCircle
          key={f.id}
          lat={f.lat}
          lng={f.lng}
          radius={f.radius}
          colour={insideColour(f.inside)}
          dashed={!f.enabled}
          attributes={{ 'data-testid': `location-fence-${f.id}`, 'data-inside': insideKey(f.inside) }}
          tooltip={
            <div>
              <strong>{f.name}</strong> · {f.radius} m
              <div>
                {t(`deviceMap.inside.${insideKey(f.inside)}`)}
                {f.enabled ? '' : ` · ${t('deviceMap.fenceOff')}`}
              </div>
            </div>
          }
        />
      ))}
      {track.length > 1 && <TrackLine track={track} />}
      {staysOf(track).map((p, i) => (
        <DeviceDot
          // two points may share a firstAt
          key={`${i}|${p.firstAt}`}
          lat={p.lat}
          lng={p.lng}
          radius={4}
          colour={MAP_COLOURS.track}
          attributes={{ 'data-testid': `location-stay-${i}` }}
          tooltip={t('deviceMap.stay', { from: formatDateTime(p.firstAt), to: formatDateTime(p.lastAt) })}
        />
      ))}
      {position?.accuracy ? (
        <RadiusCircle
          lat={position.lat}
          lng={position.lng}
          radius={position.accuracy}
          colour={MAP_COLOURS.accuracy}
          attributes={{ 'data-testid': 'location-accuracy' }}
        />
      ) : null}
      {position && (
        <DeviceDot
          lat={position.lat}
          lng={position.lng}
          radius={9}
          colour={onlineColour(device.online)}
          attributes={{ 'data-testid': 'location-current', 'data-online': String(device.online) }}
          tooltip={
            <div>
              <strong>{device.sn}</strong>
              <div>{formatDateTime(position.locatedAt)}</div>
            </div>
          }
        />
      )}
      <FitToView box={box} fitKey={fitKey} />
      <CentreOn target={focus} />
    </BaseMap>
  );
}
