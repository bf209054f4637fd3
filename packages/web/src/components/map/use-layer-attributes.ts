import { useEffect, type RefObject } from 'react';
import type { Path } from 'leaflet';

/**
 * Leaflet draws a vector layer as an SVG element of its own, outside React: put attributes
 * (data-testid and state for the end-to-end tests) on it. The layer's own effect has added it to
 * the map before this one runs (a child's effects run first), so the element exists; a re-added
 * layer gets a new element and the effect runs again with it.
 */
export function useLayerAttributes(ref: RefObject<Path | null>, attributes: Record<string, string>): void {
  const serialised = JSON.stringify(attributes);
  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    for (const [k, v] of Object.entries(JSON.parse(serialised) as Record<string, string>)) el.setAttribute(k, v);
  }, [ref, serialised]);
}
