import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, apiErrorOf } from '../../test/contract-answers';
import { reelsApi } from './reels-api';
import { makeReel } from '../../test/reels';
import { useReelsFeed } from './use-reels-feed';

/** Page `page` of GET /incidents/reels: five reels, newest first. */
const pageOf = (page: number) =>
  answerOf(
    'GET /incidents/reels',
    Array.from({ length: 5 }, (_, i) => makeReel({ id: (page - 1) * 5 + i + 1 })),
  );

afterEach(() => vi.restoreAllMocks());

describe('useReelsFeed', () => {
  it('loads the first page, then the next only when 2 or fewer reels remain, one load at a time', async () => {
    let release: () => void = () => undefined;
    const page = vi.spyOn(reelsApi, 'page').mockImplementation(async (n: number) => {
      if (n === 2) await new Promise<void>((resolve) => (release = resolve));
      return n <= 2 ? pageOf(n) : answerOf('GET /incidents/reels', []);
    });
    const { result } = renderHook(() => useReelsFeed());
    await waitFor(() => expect(result.current.reels).toHaveLength(5));
    expect(page).toHaveBeenCalledTimes(1);

    act(() => result.current.reached(1)); // 3 remain after index 1: nothing yet
    expect(page).toHaveBeenCalledTimes(1);
    act(() => result.current.reached(2)); // 2 remain: fetch page 2
    act(() => result.current.reached(3)); // still loading: no second request
    act(() => result.current.reached(4));
    expect(page).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenLastCalledWith(2);
    expect(result.current.loading).toBe(true);

    await act(async () => release());
    await waitFor(() => expect(result.current.reels).toHaveLength(10));
    expect(result.current.reels.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    act(() => result.current.reached(8));
    await waitFor(() => expect(page).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.loading).toBe(false));
    // An empty page is the end: no more requests.
    act(() => result.current.reached(9));
    expect(page).toHaveBeenCalledTimes(3);
  });

  it('logs a failed load and shows what it has', async () => {
    vi.spyOn(reelsApi, 'page').mockRejectedValue(new Error('offline'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useReelsFeed());
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.reels).toEqual([]);
    expect(log).toHaveBeenCalledWith('Failed to load reels', expect.any(Error));
  });

  it('keeps the reels shown while the server is busy and asks for the same page again after its wait', async () => {
    const busy = apiErrorOf('GET /incidents/reels', 503, 'busy', 'Busy, retry later', { params: { seconds: 1 } });
    const page = vi
      .spyOn(reelsApi, 'page')
      .mockRejectedValueOnce(busy)
      .mockImplementation(async (n: number) => (n === 2 && page.mock.calls.length === 3 ? Promise.reject(busy) : pageOf(n)));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useReelsFeed());

    // A first page that was shed: still loading, not "no reels", with the busy answer to show.
    await waitFor(() => expect(result.current.busy).toBe(busy));
    expect(result.current).toMatchObject({ ready: false, loading: true, reels: [] });
    await waitFor(() => expect(result.current.reels).toHaveLength(5), { timeout: 3_000 });
    expect(page.mock.calls.map(([n]) => n)).toEqual([1, 1]);
    expect(result.current).toMatchObject({ ready: true, busy: null });

    // A later page that was shed keeps the reels above it, and is not asked twice meanwhile.
    act(() => result.current.reached(3));
    await waitFor(() => expect(result.current.busy).toBe(busy));
    act(() => result.current.reached(4));
    expect(result.current.reels).toHaveLength(5);
    await waitFor(() => expect(result.current.reels).toHaveLength(10), { timeout: 3_000 });
    expect(page.mock.calls.map(([n]) => n)).toEqual([1, 1, 2, 2]);
    expect(result.current.busy).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('stops asking when the screen closes', async () => {
    vi.useFakeTimers();
    try {
      const page = vi.spyOn(reelsApi, 'page').mockRejectedValue(apiErrorOf('GET /incidents/reels', 503, 'busy', 'Busy', { params: { seconds: 5 } }));
      const { result, unmount } = renderHook(() => useReelsFeed());
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(result.current.busy).not.toBeNull();
      unmount();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(page).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
