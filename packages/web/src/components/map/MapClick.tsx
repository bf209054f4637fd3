import { useMapEvents } from 'react-leaflet';
import type { LatLng } from './view-box';

/** Reports where the map was clicked (wrapped into -180..180: the map repeats the world sideways). */
export function MapClick({ onClick }: { onClick: (at: LatLng) => void }) {
  useMapEvents({
    click: (e) => {
      const at = e.latlng.wrap();
      onClick({ lat: at.lat, lng: at.lng });
    },
  });
  return null;
}
