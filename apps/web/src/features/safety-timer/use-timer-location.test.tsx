import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentTimer } from './queries';
import { useTimerLocation } from './use-timer-location';

/**
 * Positions go on quietly for an hour after the check-in: issue 19 ("Live location after a
 * duress check-in"), as long as the contacts' live-tracking link lasts (issue 19, escalation).
 */
const HOUR_AFTER_END_MS = 60 * 60_000;
/**
 * A position goes out at most every 30 s while the timer runs. Not stated in SPEC.md, DESIGN.md
 * or an issue: it is the page's own figure (use-timer-location.ts), written here as a number so a
 * changed constant fails this test rather than moving it along.
 */
const EVERY_30_S = 30_000;

const sendTimerLocation = vi.fn((_id: number, _location: unknown) => Promise.resolve(undefined));
vi.mock('./queries', () => ({ sendTimerLocation: (id: number, location: unknown) => sendTimerLocation(id, location) }));

type Timer = Pick<CurrentTimer, 'id' | 'status' | 'endedAt'>;

let onPosition: ((position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void) | undefined;
const watchPosition = vi.fn((success: typeof onPosition) => {
  onPosition = success;
  return 7;
});
const clearWatch = vi.fn();
let permission = 'granted';

/** The phone reports a position (latitude `latitude`). */
const moveTo = (latitude: number) => act(() => onPosition?.({ coords: { latitude, longitude: 72.5, accuracy: 10 } }));

describe('the safety timer location', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onPosition = undefined;
    permission = 'granted';
    sendTimerLocation.mockClear();
    watchPosition.mockClear();
    clearWatch.mockClear();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { watchPosition, clearWatch } });
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: () => Promise.resolve({ state: permission }) } });
  });
  afterEach(() => vi.useRealTimers());

  it('goes on sending quietly for an hour after the check-in, on the same watch, then stops', async () => {
    const running: Timer = { id: 41, status: 'running', endedAt: null };
    const { result, rerender } = renderHook(({ timer }) => useTimerLocation(timer), { initialProps: { timer: running } });
    moveTo(23.01);
    expect(result.current).toBe('on');
    expect(sendTimerLocation).toHaveBeenLastCalledWith(41, { latitude: 23.01, longitude: 72.5, accuracy: 10 });

    // The check-in (the answer is the same for both PINs): the timer reads as ended.
    rerender({ timer: { id: 41, status: 'ended', endedAt: new Date().toISOString() } });
    expect(clearWatch).not.toHaveBeenCalled();
    expect(watchPosition).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(EVERY_30_S));
    moveTo(23.02);
    expect(sendTimerLocation).toHaveBeenCalledTimes(2);
    expect(sendTimerLocation).toHaveBeenLastCalledWith(41, { latitude: 23.02, longitude: 72.5, accuracy: 10 });

    // Still watching a moment before the hour is up, stopped when it is.
    await act(() => vi.advanceTimersByTimeAsync(HOUR_AFTER_END_MS - EVERY_30_S - 1));
    expect(clearWatch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(clearWatch).toHaveBeenCalledWith(7);
  });

  it('carries on after a reload within the hour only where the position needs no prompt', async () => {
    const ended: Timer = { id: 42, status: 'ended', endedAt: new Date(Date.now() - 60_000).toISOString() };
    permission = 'prompt';
    const first = renderHook(() => useTimerLocation(ended));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(watchPosition).not.toHaveBeenCalled();
    first.unmount();

    permission = 'granted';
    renderHook(() => useTimerLocation(ended));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(watchPosition).toHaveBeenCalledTimes(1);
    moveTo(23.03);
    expect(sendTimerLocation).toHaveBeenLastCalledWith(42, { latitude: 23.03, longitude: 72.5, accuracy: 10 });
  });

  it('sends nothing for a timer that ended more than an hour ago', async () => {
    renderHook(() => useTimerLocation({ id: 43, status: 'ended', endedAt: new Date(Date.now() - HOUR_AFTER_END_MS - 1).toISOString() }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(watchPosition).not.toHaveBeenCalled();
  });
});
