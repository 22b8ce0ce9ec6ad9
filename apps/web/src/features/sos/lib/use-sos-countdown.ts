import { useCallback, useEffect, useReducer, useRef } from 'react';
import { countdownReducer, type CountdownState } from '../../../entities/sos';

export interface SosCountdown {
  state: CountdownState;
  start: () => void;
  cancel: () => void;
  reset: () => void;
}

/** Runs the countdown on a 1 s timer and calls `onFire` once when it reaches zero. */
export function useSosCountdown(seconds: number, onFire: () => void): SosCountdown {
  const [state, dispatch] = useReducer(countdownReducer, { phase: 'idle' });
  const onFireRef = useRef(onFire);
  useEffect(() => {
    onFireRef.current = onFire;
  }, [onFire]);

  const counting = state.phase === 'counting';
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const fired = state.phase === 'fired';
  useEffect(() => {
    if (fired) onFireRef.current();
  }, [fired]);

  return {
    state,
    start: useCallback(() => dispatch({ type: 'start', seconds }), [seconds]),
    cancel: useCallback(() => dispatch({ type: 'cancel' }), []),
    reset: useCallback(() => dispatch({ type: 'reset' }), []),
  };
}
