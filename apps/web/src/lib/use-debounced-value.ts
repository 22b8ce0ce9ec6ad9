import { useEffect, useState } from 'react';

/** `value` after it has stopped changing for `delayMs` (SPEC.md §9: volunteer search waits 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
