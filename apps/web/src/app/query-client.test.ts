import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryDefaults } from './query-client';
import { apiErrorOf } from '../test/contract-answers';
import { ApiError } from '../lib/api-client';
import { busyRetryDelayMs, retryBusy } from '../lib/busy-retry';

/** The answer of a read the server shed: 503 `busy`, to be asked again after `seconds`. */
const busy = (seconds: number) => apiErrorOf('GET /posts/community-posts', 503, 'busy', 'Busy, retry later', { params: { seconds } });
const serverError = () => apiErrorOf('GET /posts/community-posts', 500, 'internal_error', 'Internal error');

/** A client as the app has it (query-client.ts). */
const appClient = () => new QueryClient({ defaultOptions: { queries: queryDefaults } });

let client: QueryClient;
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  unsubscribe();
  client.clear();
  vi.useRealTimers();
});

/** Watches `key` as a screen would (the observer keeps the query active), reading what it shows. */
function watch<T>(key: readonly unknown[], queryFn: (context: { signal: AbortSignal }) => Promise<T>, options: object = {}) {
  const observer = new QueryObserver(client, { queryKey: key, queryFn, ...options });
  unsubscribe = observer.subscribe(() => undefined);
  return observer;
}

describe('retrying a read the server shed (503 busy)', () => {
  it('keeps the data already loaded, waits the seconds the server gave, then asks again', async () => {
    client = appClient();
    client.setQueryData(['feed'], 'loaded before');
    const queryFn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy(5)).mockResolvedValueOnce('new feed');
    const observer = watch(['feed'], queryFn, { staleTime: Infinity });

    void observer.refetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    let shown = observer.getCurrentResult();
    // Not an error: the screen keeps its data, and the busy answer is why it is still fetching.
    expect(shown).toMatchObject({ data: 'loaded before', isError: false, isFetching: true, status: 'success' });
    expect(shown.failureReason).toMatchObject({ status: 503, code: 'busy', retryAfterSeconds: 5 });

    await vi.advanceTimersByTimeAsync(4_999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    shown = observer.getCurrentResult();
    expect(shown).toMatchObject({ data: 'new feed', isFetching: false, failureReason: null });
  });

  it('asks again without a limit while the screen is open, and a first load stays loading meanwhile', async () => {
    client = appClient();
    const queryFn = vi.fn<() => Promise<string>>();
    for (let attempt = 0; attempt < 8; attempt += 1) queryFn.mockRejectedValueOnce(busy(2));
    queryFn.mockResolvedValueOnce('at last');
    const observer = watch(['news'], queryFn);

    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await vi.advanceTimersByTimeAsync(attempt === 1 ? 0 : 2_000);
      expect(queryFn).toHaveBeenCalledTimes(attempt);
      // No cache yet: the screen's loading state, never its error.
      expect(observer.getCurrentResult()).toMatchObject({ isPending: true, isError: false, isFetching: true, failureCount: attempt });
    }
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queryFn).toHaveBeenCalledTimes(9);
    expect(observer.getCurrentResult()).toMatchObject({ data: 'at last', isSuccess: true });
  });

  it('keeps the other errors on their own policy', async () => {
    // The app's default: a 5xx or a dropped connection is tried three times, a 4xx once.
    client = appClient();
    const failing = vi.fn<() => Promise<string>>().mockRejectedValue(serverError());
    const observer = watch(['server-error'], failing);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult()).toMatchObject({ isError: true, error: expect.objectContaining({ status: 500 }) });
    unsubscribe();

    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(403, 'forbidden', 'Forbidden'));
    watch(['refused'], refused);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused).toHaveBeenCalledTimes(1);
    unsubscribe();

    // A query that retries nothing else (retryBusy(false)) fails at once, though it waits out busy.
    const once = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy(1)).mockRejectedValue(serverError());
    const strict = watch(['strict'], once, retryBusy(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(strict.getCurrentResult().isError).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(once).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(once).toHaveBeenCalledTimes(2);
    expect(strict.getCurrentResult()).toMatchObject({ isError: true, error: expect.objectContaining({ status: 500 }) });
  });

  it('keeps every page of a paged list while the refetch waits', async () => {
    client = new QueryClient();
    const pages = vi.fn<(page: number) => Promise<string[]>>(async (page) => [`post ${page}a`, `post ${page}b`]);
    const observer = new InfiniteQueryObserver<string[], Error, InfiniteData<string[], number>, readonly unknown[], number>(client, {
      queryKey: ['paged'],
      queryFn: ({ pageParam }) => pages(pageParam),
      initialPageParam: 1,
      getNextPageParam: (_last, all) => (all.length < 3 ? all.length + 1 : undefined),
      ...retryBusy(false),
    });
    unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages).toHaveLength(2);

    pages.mockRejectedValueOnce(busy(3));
    void observer.refetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult()).toMatchObject({ isFetching: true, isError: false });
    expect(observer.getCurrentResult().data?.pages).toEqual([
      ['post 1a', 'post 1b'],
      ['post 2a', 'post 2b'],
    ]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(observer.getCurrentResult()).toMatchObject({ isFetching: false, isSuccess: true });
    expect(observer.getCurrentResult().data?.pages).toHaveLength(2);
  });

  it('stops when the screen closes, leaving the query as it was before the shed read', async () => {
    client = appClient();
    client.setQueryData(['feed'], 'loaded before');
    // The query reads its abort signal, as the app's shed reads do.
    const queryFn = vi.fn(({ signal }: { signal: AbortSignal }) => (signal.aborted ? Promise.resolve('aborted') : Promise.reject(busy(5))));
    const observer = watch(['feed'], queryFn);
    void observer.refetch();
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    unsubscribe = () => undefined;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['feed'])).toMatchObject({ data: 'loaded before', status: 'success', fetchStatus: 'idle', error: null });
  });

  it('waits at least a second and at most two minutes, whatever the server said', () => {
    expect(busyRetryDelayMs(busy(0))).toBe(1_000);
    expect(busyRetryDelayMs(busy(5))).toBe(5_000);
    expect(busyRetryDelayMs(busy(3_600))).toBe(120_000);
    expect(busyRetryDelayMs(serverError())).toBeUndefined();
  });
});
