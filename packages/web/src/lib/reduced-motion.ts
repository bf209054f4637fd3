import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/**
 * Whether the user asked the system for less motion. The console then turns antd's animations off
 * (zooming dialogs, sliding menus): they are decoration, and for people with vestibular disorders
 * they are a nuisance. It follows the setting live, without a reload.
 */
export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
