import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownReducer, countdownSeconds, type CountdownState } from '../../../entities/sos';
import { useSosCountdown } from './use-sos-countdown';

describe('countdown rules', () => {
  const idle: CountdownState = { phase: 'idle' };

  it('counts down one per tick and fires at zero', () => {
    let state = countdownReducer(idle, { type: 'start', seconds: 3 });
    expect(state).toEqual({ phase: 'counting', remaining: 3 });
    state = countdownReducer(state, { type: 'tick' });
    state = countdownReducer(state, { type: 'tick' });
    expect(state).toEqual({ phase: 'counting', remaining: 1 });
    state = countdownReducer(state, { type: 'tick' });
    expect(state).toEqual({ phase: 'fired' });
    expect(countdownReducer(state, { type: 'tick' })).toEqual({ phase: 'fired' });
  });

  it('fires at once with a zero-second setting', () => {
    expect(countdownReducer(idle, { type: 'start', seconds: 0 })).toEqual({ phase: 'fired' });
  });

  it('a cancel stops the count; later ticks change nothing, and a fired alert cannot be cancelled here', () => {
    const cancelled = countdownReducer({ phase: 'counting', remaining: 2 }, { type: 'cancel' });
    expect(cancelled).toEqual({ phase: 'cancelled' });
    expect(countdownReducer(cancelled, { type: 'tick' })).toEqual({ phase: 'cancelled' });
    expect(countdownReducer({ phase: 'fired' }, { type: 'cancel' })).toEqual({ phase: 'fired' });
  });

  it('a second press while counting does not restart the count', () => {
    const counting: CountdownState = { phase: 'counting', remaining: 1 };
    expect(countdownReducer(counting, { type: 'start', seconds: 3 })).toBe(counting);
  });

  it('uses the account setting, 3 s when it is missing or invalid, at most 30 s', () => {
    expect(countdownSeconds(5)).toBe(5);
    expect(countdownSeconds(0)).toBe(0);
    expect(countdownSeconds(undefined)).toBe(3);
    expect(countdownSeconds(-1)).toBe(3);
    expect(countdownSeconds(Number.NaN)).toBe(3);
    expect(countdownSeconds(120)).toBe(30);
  });
});

describe('useSosCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A 3 s countdown, already started. */
  function startCountdown() {
    const onFire = vi.fn();
    const { result } = renderHook(() => useSosCountdown(3, onFire));
    act(() => result.current.start());
    return { onFire, result };
  }

  const elapse = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('calls onFire exactly once after the countdown', () => {
    const { onFire, result } = startCountdown();
    elapse(2000);
    expect(result.current.state).toEqual({ phase: 'counting', remaining: 1 });
    expect(onFire).not.toHaveBeenCalled();
    elapse(1000);
    expect(onFire).toHaveBeenCalledTimes(1);
    elapse(5000);
    expect(onFire).toHaveBeenCalledTimes(1);
  });

  it('never fires after a cancel', () => {
    const { onFire, result } = startCountdown();
    elapse(1500);
    act(() => result.current.cancel());
    elapse(10_000);
    expect(onFire).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ phase: 'cancelled' });
  });
});
