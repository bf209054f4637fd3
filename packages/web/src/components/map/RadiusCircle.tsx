import { useRef, type ReactNode } from 'react';
import type { Circle as LeafletCircle } from 'leaflet';
import { Circle, Tooltip } from 'react-leaflet';
import { useLayerAttributes } from './use-layer-attributes';

/** A radius on a map in metres: a fence (dashed while it is off) or a position's accuracy. */
export function RadiusCircle({
  lat,
  lng,
  radius,
  colour,
  dashed,
  attributes,
  tooltip,
}: {
  lat: number;
  lng: number;
  radius: number;
  colour: string;
  dashed?: boolean;
  attributes: Record<string, string>;
  tooltip?: ReactNode;
}) {
  const ref = useRef<LeafletCircle>(null);
  useLayerAttributes(ref, attributes);
  return (
    <Circle
      ref={ref}
      center={[lat, lng]}
      radius={radius}
      pathOptions={{
        color: colour,
        weight: 2,
        fillColor: colour,
        fillOpacity: 0.12,
        dashArray: dashed ? '6 6' : undefined,
      }}
    >
      {tooltip && <Tooltip sticky>{tooltip}</Tooltip>}
    </Circle>
  );
}
