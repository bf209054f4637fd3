import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Leaflet measures its container once. A map on a kept-alive tab is hidden (zero size) and shown
 * again, and layouts change width: measure again whenever the container's size changes.
 */
export function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}
