import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLng } from './view-box';

/** Centres the map on `target` each time it changes (a row picked in the list beside the map), zooming in if far out. */
export function CentreOn({
  target,
  zoom = 14,
}: {
  target: (LatLng & { key: string | number }) | undefined;
  zoom?: number;
}) {
  const map = useMap();
  const key = target?.key;
  const lat = target?.lat;
  const lng = target?.lng;
  useEffect(() => {
    if (key === undefined || lat === undefined || lng === undefined) return;
    map.setView([lat, lng], Math.max(map.getZoom(), zoom));
  }, [map, key, lat, lng, zoom]);
  return null;
}
