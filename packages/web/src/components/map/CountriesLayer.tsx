import { useMemo } from 'react';
import { canvas } from 'leaflet';
import { useQuery } from '@tanstack/react-query';
import { GeoJSON } from 'react-leaflet';
import { MAP_COLOURS } from './colours';
import { countriesQuery } from './countries';

const STYLE = { color: MAP_COLOURS.border, weight: 0.7, fillColor: MAP_COLOURS.land, fillOpacity: 1 };

/**
 * The offline base: country outlines, drawn on a canvas in the tile pane so they stay under every
 * marker and cost little while panning (the markers above are SVG and keep their test ids).
 */
export function CountriesLayer() {
  const countries = useQuery(countriesQuery());
  const renderer = useMemo(() => canvas({ pane: 'tilePane', padding: 0.5 }), []);
  if (!countries.data) return null;
  return (
    <GeoJSON
      data={countries.data}
      style={STYLE}
      interactive={false}
      pane="tilePane"
      // Leaflet hands a GeoJSON layer's options to the polygons it makes; react-leaflet's props omit `renderer`
      {...({ renderer } as object)}
      attribution="Natural Earth"
    />
  );
}
