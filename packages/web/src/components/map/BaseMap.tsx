import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { AttributionControl, MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import { MAP_COLOURS } from './colours';
import { CountriesLayer } from './CountriesLayer';
import { useMapConfig } from './map-config';
import { SizeWatcher } from './SizeWatcher';

/**
 * The one base map of the console: the configured tile server's tiles, or, without one (no
 * network needed), the countries' outlines on a pale sea. Children draw on it (markers, circles,
 * view fitting). `testId` names the container; `data-base` says which base is drawn.
 */
export function BaseMap({ testId, height = 440, children }: { testId: string; height?: number; children?: ReactNode }) {
  const config = useMapConfig();
  if (config.isPending) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin />
      </div>
    );
  }
  // a config that failed to load still gets a map: the outlines need nothing from the server
  const tileUrl = config.data?.tileUrl;
  return (
    // isolation: Leaflet's panes and controls (z-index up to 1000) stay below antd's popups and modals
    <div data-testid={testId} data-base={tileUrl ? 'tiles' : 'outline'} style={{ height, isolation: 'isolate' }}>
      <MapContainer
        center={[20, 0]}
        zoom={2}
        minZoom={1}
        // the outline map has no tiles to say how far it goes: street level is deep enough for a fence
        maxZoom={19}
        worldCopyJump
        attributionControl={false}
        style={{ height: '100%', background: MAP_COLOURS.sea }}
      >
        {tileUrl ? (
          <TileLayer url={tileUrl} attribution={config.data?.attribution ?? undefined} maxZoom={19} />
        ) : (
          <CountriesLayer />
        )}
        {/* no "Leaflet" link: it would leave the console without the external-link confirmation */}
        <AttributionControl prefix={false} />
        <ScaleControl position="bottomleft" imperial={false} />
        <SizeWatcher />
        {children}
      </MapContainer>
    </div>
  );
}
