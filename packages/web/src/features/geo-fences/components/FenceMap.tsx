import type { FenceDetail } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { BaseMap } from '../../../components/map/BaseMap';
import { insideColour, MAP_COLOURS } from '../../../components/map/colours';
import { DeviceDot } from '../../../components/map/DeviceDot';
import { FitToView } from '../../../components/map/FitToView';
import { RadiusCircle } from '../../../components/map/RadiusCircle';
import { boxAround } from '../../../components/map/view-box';
import { formatDateTime } from '../../../lib/format';

const stateOf = (inside: boolean | null) => (inside === null ? 'unknown' : inside ? 'inside' : 'outside');

/** A fence and its devices where they are: inside green, outside red, not yet placed grey. */
export function FenceMap({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation();
  const placed = fence.devices.flatMap((d) => (d.position ? [{ ...d, position: d.position }] : []));
  const box = boxAround(
    placed.map((d) => d.position),
    [fence],
  );
  return (
    <BaseMap testId="fence-detail-map" height={420}>
      <RadiusCircle
        lat={fence.lat}
        lng={fence.lng}
        radius={fence.radius}
        colour={MAP_COLOURS.fence}
        dashed={!fence.enabled}
        attributes={{ 'data-testid': 'fence-circle', 'data-radius': String(fence.radius) }}
        tooltip={`${fence.name} · ${t('geoFence.metres', { value: fence.radius })}`}
      />
      {placed.map((d) => (
        <DeviceDot
          key={d.id}
          lat={d.position.lat}
          lng={d.position.lng}
          colour={insideColour(d.inside)}
          attributes={{ 'data-testid': `fence-marker-${d.sn}`, 'data-state': stateOf(d.inside) }}
          tooltip={
            <div>
              <strong>{d.sn}</strong>
              {d.name ? <div>{d.name}</div> : null}
              <div>
                {t(`geoFence.state.${stateOf(d.inside)}`)} · {formatDateTime(d.position.locatedAt)}
              </div>
            </div>
          }
        />
      ))}
      <FitToView box={box} fitKey={String(fence.id)} />
    </BaseMap>
  );
}
