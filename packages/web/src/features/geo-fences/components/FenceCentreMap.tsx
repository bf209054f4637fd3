import { BaseMap } from '../../../components/map/BaseMap';
import { MAP_COLOURS } from '../../../components/map/colours';
import { DeviceDot } from '../../../components/map/DeviceDot';
import { KeepInView } from '../../../components/map/KeepInView';
import { MapClick } from '../../../components/map/MapClick';
import { RadiusCircle } from '../../../components/map/RadiusCircle';
import { boxAround, circleBox, type LatLng } from '../../../components/map/view-box';
import { previewCircle } from './fence-body';

/** The fence being drawn: a click sets the centre; the circle follows the fields as they are typed. */
export function FenceCentreMap({
  lat,
  lng,
  radius,
  onPick,
}: {
  lat: unknown;
  lng: unknown;
  radius: unknown;
  onPick: (at: LatLng) => void;
}) {
  const preview = previewCircle(lat, lng, radius);
  const circle = preview?.circle;
  const centre = preview?.centre;
  const box = circle ? circleBox(circle) : centre ? boxAround([centre]) : undefined;
  return (
    <BaseMap testId="fence-centre-map" height={380}>
      <MapClick onClick={onPick} />
      {circle && (
        <RadiusCircle
          lat={circle.lat}
          lng={circle.lng}
          radius={circle.radius}
          colour={MAP_COLOURS.fence}
          attributes={{ 'data-testid': 'fence-preview', 'data-radius': String(circle.radius) }}
        />
      )}
      {centre && (
        <DeviceDot
          lat={centre.lat}
          lng={centre.lng}
          radius={5}
          colour={MAP_COLOURS.fence}
          attributes={{ 'data-testid': 'fence-centre', 'data-lat': String(centre.lat), 'data-lng': String(centre.lng) }}
        />
      )}
      {/* a circle is zoomed to once it would be a speck; a bare centre keeps the view */}
      <KeepInView box={box} minShare={circle ? 0.05 : 0} />
    </BaseMap>
  );
}
