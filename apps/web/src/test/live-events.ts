import { act, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { checkLiveEvent } from './contract-answers';
import type { LiveMessage } from '../entities/live-events';

/**
 * A stand-in for live-events.ts in tests: no stream, the test hands the screen its messages.
 * Use with `vi.mock('<path>/entities/live-events/live-events', () => import('<path>/test/live-events'))`.
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

/**
 * Delivers a message to every screen listening, as the stream would (checked against the
 * contract's LiveEvent: src/test/contract-answers.ts). Waits (a second at most)
 * until a screen listens: a screen subscribes in an effect, which may run after the render a
 * test awaited (the router draws its routes in a later update).
 */
export async function emit(message: LiveMessage) {
  checkLiveEvent(message);
  await waitFor(() => {
    if (listeners.size === 0) throw new Error('no screen listens to live events');
  });
  act(() => {
    for (const listener of listeners) listener(message);
  });
}
