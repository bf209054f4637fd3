import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is laid out (has a size). A page on a kept-alive tab that is not the active
 * one sits in a hidden container: it should not poll the server meanwhile.
 */
export function useShown(ref: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setShown(entry.contentRect.width > 0 || entry.contentRect.height > 0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return shown;
}
