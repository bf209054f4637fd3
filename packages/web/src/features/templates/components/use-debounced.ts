import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The value after it has stopped changing for `ms` (the preview follows typing without a call per
 * key), and `flush` to take the current value at once (the "Simulate" button).
 */
export function useDebounced<T>(value: T, ms: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  const flush = useCallback(() => setSettled(latest.current), []);
  return [settled, flush];
}
