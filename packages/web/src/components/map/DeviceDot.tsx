import { useMemo, useRef, type ReactNode } from 'react';
import type { CircleMarker as LeafletCircleMarker } from 'leaflet';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { useLayerAttributes } from './use-layer-attributes';

/**
 * A device on a map: a coloured dot (Leaflet's image markers lose their icons under Vite), with a
 * tooltip on hover. `attributes` land on its SVG element (data-testid and state for tests).
 */
export function DeviceDot({
  lat,
  lng,
  colour,
  attributes,
  tooltip,
  radius = 7,
  highlighted,
  onClick,
}: {
  lat: number;
  lng: number;
  colour: string;
  attributes: Record<string, string>;
  tooltip?: ReactNode;
  radius?: number;
  highlighted?: boolean;
  onClick?: () => void;
}) {
  const ref = useRef<LeafletCircleMarker>(null);
  useLayerAttributes(ref, attributes);
  const handlers = useMemo(() => (onClick ? { click: onClick } : undefined), [onClick]);
  return (
    <CircleMarker
      ref={ref}
      center={[lat, lng]}
      radius={highlighted ? radius + 3 : radius}
      pathOptions={{
        color: highlighted ? '#000' : '#fff',
        weight: 2,
        fillColor: colour,
        fillOpacity: 0.95,
      }}
      eventHandlers={handlers}
    >
      {tooltip && <Tooltip direction="top">{tooltip}</Tooltip>}
    </CircleMarker>
  );
}
