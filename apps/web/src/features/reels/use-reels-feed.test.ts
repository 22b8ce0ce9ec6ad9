import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from '../../test/contract-answers';
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
});
