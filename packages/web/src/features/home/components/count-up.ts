import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../../../lib/reduced-motion';

/** The spec's count-up of the statistic cards. */
export const COUNT_UP_MS = 2000;

/** The figure shown `elapsed` ms into a count from `from` to `to`: eased out, whole numbers, `to` at the end. */
export function countUpAt(from: number, to: number, elapsed: number, duration = COUNT_UP_MS): number {
  if (elapsed >= duration || duration <= 0) return to;
  const p = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - p) ** 3;
  return Math.round(from + (to - from) * eased);
}

/**
 * `target`, counted up from 0 (or from the figure last shown, when the target changes) over
 * COUNT_UP_MS. Users who asked for less motion get the figure at once.
 */
export function useCountUp(target: number, duration = COUNT_UP_MS): number {
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(0);
  const last = useRef(0);

  useEffect(() => {
    if (reduced) return;
    const from = last.current;
    let start: number | undefined;
    let frame = requestAnimationFrame(function step(now) {
      start ??= now;
      const value = countUpAt(from, target, now - start, duration);
      last.current = value;
      setShown(value);
      if (now - start < duration) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, duration, reduced]);

  return reduced ? target : shown;
}
