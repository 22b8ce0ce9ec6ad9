import { act } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type { LiveMessage } from './live-events';

/**
 * A stand-in for live-events.ts in tests: no stream, the test hands the screen its messages.
 * Use with `vi.mock('<path>/live-events', () => import('<path>/test-live-events'))`.
 */
const listeners = new Set<(message: LiveMessage) => void>();

export function useLiveEvents(handler: (message: LiveMessage) => void, enabled = true) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (message: LiveMessage) => ref.current(message);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [enabled]);
}

/** Delivers a message to every screen listening, as the stream would. */
export function emit(message: LiveMessage) {
  act(() => {
    for (const listener of listeners) listener(message);
  });
}
