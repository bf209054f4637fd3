import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Box } from './view-box';

/**
 * Fits the view to `box` once per `fitKey` (the first load, another device or filter), not on
 * every refresh: a user who panned or zoomed keeps that view while the data refreshes.
 */
export function FitToView({ box, fitKey, maxZoom = 16 }: { box: Box | undefined; fitKey: string; maxZoom?: number }) {
  const map = useMap();
  const fitted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!box || fitted.current === fitKey) return;
    fitted.current = fitKey;
    map.fitBounds(box, { padding: [24, 24], maxZoom });
  }, [map, box, fitKey, maxZoom]);
  return null;
}
