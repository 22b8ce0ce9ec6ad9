import type { JourneyPoint } from '@saathi/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from '../../test/contract-answers';
import { ApiError } from '../../lib/api-client';
import type { Journey } from './queries';
import { useJourneyTrack } from './use-journey-track';

/** After the end, with either PIN, the positions go on quietly for an hour, as the safety timer's do (issue 19). */
const HOUR_AFTER_END_MS = 60 * 60_000;
/** The kept points go out every 20 s (the first at once): the page's own figure, written as a number here. */
const EVERY_20_S = 20_000;

let answer: () => Promise<unknown> = () => Promise.resolve(answerOf('POST /journeys/:id/positions', { arrival: null }));
const sendJourneyPositions = vi.fn((_id: number, _points: JourneyPoint[]) => answer());
vi.mock('./queries', () => ({ sendJourneyPositions: (id: number, points: JourneyPoint[]) => sendJourneyPositions(id, points) }));

type Followed = Pick<Journey, 'id' | 'status' | 'endedAt'>;

let onPosition: ((position: { coords: { latitude: number; longitude: number; accuracy: number }; timestamp: number }) => void) | undefined;
const watchPosition = vi.fn((success: typeof onPosition) => {
  onPosition = success;
  return 9;
});
const clearWatch = vi.fn();
const HERE_LATITUDE = 23.3;
const getCurrentPosition = vi.fn((success: NonNullable<typeof onPosition>) =>
  success({ coords: { latitude: HERE_LATITUDE, longitude: 72.5, accuracy: 20 }, timestamp: Date.now() }),
);

/** The phone reports a position now (latitude `latitude`). */
const moveTo = (latitude: number) => act(() => onPosition?.({ coords: { latitude, longitude: 72.5, accuracy: 12 }, timestamp: Date.now() }));
/** Lets the answers of the calls in flight arrive. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const latitudes = (call: number) => sendJourneyPositions.mock.calls[call]![1].map((point) => point.latitude);

describe('the journey track', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onPosition = undefined;
    answer = () => Promise.resolve(answerOf('POST /journeys/:id/positions', { arrival: null }));
    sendJourneyPositions.mockClear();
    watchPosition.mockClear();
    clearWatch.mockClear();
    getCurrentPosition.mockClear();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { watchPosition, clearWatch, getCurrentPosition } });
    Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query: () => Promise.resolve({ state: 'granted' }) } });
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first point at once, then one point per 10 s in batches every 20 s', async () => {
    const { result } = renderHook(() => useJourneyTrack({ id: 7, status: 'active', endedAt: null }));
    moveTo(23.001);
    await settle();
    expect(result.current.location).toBe('on');
    expect(sendJourneyPositions).toHaveBeenCalledTimes(1);
    expect(sendJourneyPositions.mock.calls[0]![0]).toBe(7);
    expect(sendJourneyPositions.mock.calls[0]![1]).toEqual([{ latitude: 23.001, longitude: 72.5, accuracy: 12, at: new Date(Date.now()).toISOString() }]);

    // 3 s later: within the same 10 s, not kept. 10 s after the first: kept, and sent with the next round.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    moveTo(23.002);
    await act(() => vi.advanceTimersByTimeAsync(7_000));
    moveTo(23.003);
    expect(sendJourneyPositions).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S - 10_000));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(2);
    expect(latitudes(1)).toEqual([23.003]);

    // Two points 10 s apart (and one between them, not kept) go out together in the round after.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    moveTo(23.004);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    moveTo(23.005);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    moveTo(23.006);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(3);
    expect(latitudes(2)).toEqual([23.004, 23.006]);
  });

  it('keeps the points while the network is down and sends them all when it is back', async () => {
    renderHook(() => useJourneyTrack({ id: 7, status: 'active', endedAt: null }));
    answer = () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'No connection'));
    moveTo(23.01);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    moveTo(23.02);
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(2);
    expect(latitudes(1)).toEqual([23.01, 23.02]);

    answer = () => Promise.resolve(answerOf('POST /journeys/:id/positions', { arrival: null }));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sendJourneyPositions).toHaveBeenCalledTimes(3);
    expect(latitudes(2)).toEqual([23.01, 23.02]);
    // Sent: the next round has nothing to send.
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(3);
  });

  it('asks for a position when the watch has said nothing for a minute (a phone that does not move)', async () => {
    renderHook(() => useJourneyTrack({ id: 7, status: 'active', endedAt: null }));
    moveTo(23.3);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S * 2));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    // The round after a minute of quiet asks, and the answer goes with the next round.
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(2);
    expect(sendJourneyPositions.mock.calls[1]![1]).toEqual([{ latitude: 23.3, longitude: 72.5, accuracy: 20, at: expect.any(String) }]);
  });

  it('sends at most 120 points a call', async () => {
    renderHook(() => useJourneyTrack({ id: 7, status: 'active', endedAt: null }));
    answer = () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'No connection'));
    for (let i = 0; i < 130; i += 1) {
      moveTo(23 + i / 1000);
      await act(() => vi.advanceTimersByTimeAsync(10_000));
    }
    sendJourneyPositions.mockClear();
    answer = () => Promise.resolve(answerOf('POST /journeys/:id/positions', { arrival: null }));
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(sendJourneyPositions.mock.calls.map((call) => call[1].length)).toEqual([120, 10]);
  });

  it('says "Arrived?" when an answer asks it', async () => {
    const endsAt = new Date(Date.now() + 2 * 60_000).toISOString();
    answer = () => Promise.resolve(answerOf('POST /journeys/:id/positions', { arrival: { askedAt: new Date().toISOString(), endsAt } }));
    const { result } = renderHook(() => useJourneyTrack({ id: 7, status: 'active', endedAt: null }));
    expect(result.current.arrival).toBeNull();
    moveTo(23.05);
    await settle();
    expect(result.current.arrival?.endsAt).toBe(endsAt);
  });

  it('goes on sending quietly for an hour after the end, on the same watch, then stops', async () => {
    const { result, rerender } = renderHook(({ journey }: { journey: Followed }) => useJourneyTrack(journey), {
      initialProps: { journey: { id: 8, status: 'active', endedAt: null } },
    });
    moveTo(23.1);
    await settle();
    // Ended with a PIN (the answer is the same for both): the watch is kept.
    rerender({ journey: { id: 8, status: 'arrived', endedAt: new Date().toISOString() } });
    expect(clearWatch).not.toHaveBeenCalled();
    expect(watchPosition).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    moveTo(23.2);
    await act(() => vi.advanceTimersByTimeAsync(EVERY_20_S));
    expect(sendJourneyPositions).toHaveBeenCalledTimes(2);
    expect(latitudes(1)).toEqual([23.2]);
    expect(result.current.arrival).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(HOUR_AFTER_END_MS - 30_001));
    expect(clearWatch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(clearWatch).toHaveBeenCalledWith(9);
  });

  it('sends nothing for a journey that ended more than an hour ago', async () => {
    renderHook(() => useJourneyTrack({ id: 9, status: 'arrived', endedAt: new Date(Date.now() - HOUR_AFTER_END_MS - 1).toISOString() }));
    await settle();
    expect(watchPosition).not.toHaveBeenCalled();
  });
});
