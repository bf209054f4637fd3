import { useRef } from 'react';
import type { Polyline as LeafletPolyline } from 'leaflet';
import { Polyline } from 'react-leaflet';
import type { TrackPoint } from '@herald/contract';
import { MAP_COLOURS } from '../../../components/map/colours';
import { useLayerAttributes } from '../../../components/map/use-layer-attributes';

/** The track as one line, oldest point first. */
export function TrackLine({ track }: { track: readonly TrackPoint[] }) {
  const ref = useRef<LeafletPolyline>(null);
  useLayerAttributes(ref, { 'data-testid': 'location-track', 'data-points': String(track.length) });
  return (
    <Polyline
      ref={ref}
      positions={track.map((p) => [p.lat, p.lng] as [number, number])}
      pathOptions={{ color: MAP_COLOURS.track, weight: 3, opacity: 0.8 }}
    />
  );
}
