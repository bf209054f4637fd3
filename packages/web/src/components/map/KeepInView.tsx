import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { boxContains, type Box } from './view-box';

/**
 * Moves the view only when `box` changes and is out of it, or (with `minShare`) lost in it: a
 * fence being drawn stays where the user put the view while it shows well, and is brought into
 * view when typed coordinates or another radius take it out or shrink it to a speck.
 */
export function KeepInView({
  box,
  minShare = 0,
  maxZoom = 16,
}: {
  box: Box | undefined;
  minShare?: number;
  maxZoom?: number;
}) {
  const map = useMap();
  const serialised = box ? JSON.stringify(box) : '';
  useEffect(() => {
    if (!serialised) return;
    const wanted = JSON.parse(serialised) as Box;
    const view = map.getBounds();
    const current: Box = [
      [view.getSouth(), view.getWest()],
      [view.getNorth(), view.getEast()],
    ];
    const speck = wanted[1][0] - wanted[0][0] < (current[1][0] - current[0][0]) * minShare;
    if (!boxContains(current, wanted) || speck) map.fitBounds(wanted, { padding: [24, 24], maxZoom });
  }, [map, serialised, minShare, maxZoom]);
  return null;
}
