import type { DefaultError } from '@tanstack/react-query';
import { busySeconds } from './api-client';

/** What TanStack Query's `retry` option takes. */
export type RetryPolicy = boolean | number | ((failureCount: number, error: unknown) => boolean);

/** The shortest and longest wait before asking again after `busy`, whatever the server said. */
export const BUSY_RETRY_MIN_SECONDS = 1;
export const BUSY_RETRY_MAX_SECONDS = 120;

/** TanStack Query's own wait between retries of other errors: 1 s, 2 s, 4 s… at most 30 s. */
export function defaultRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** How long to wait after a `busy` answer, in milliseconds; undefined for any other error. */
export function busyRetryDelayMs(error: unknown): number | undefined {
  const seconds = busySeconds(error);
  if (seconds === undefined) return undefined;
  return Math.min(BUSY_RETRY_MAX_SECONDS, Math.max(BUSY_RETRY_MIN_SECONDS, seconds)) * 1000;
}

function retries(policy: RetryPolicy, failureCount: number, error: unknown): boolean {
  if (typeof policy === 'function') return policy(failureCount, error);
  if (typeof policy === 'number') return failureCount < policy;
  return policy;
}

/**
 * The `retry` and `retryDelay` of a read the server may shed (ADR 22): a 503 `busy` is asked
 * again after the `Retry-After` it gave, as often as it takes while the screen is open (TanStack
 * stops retrying once nobody observes the query); any other error follows `otherwise`, the
 * query's own policy, with TanStack's usual delays. While it waits the query stays as it was:
 * the data already loaded (every page of an infinite list) is still `data`, a first load is
 * still pending, and the busy answer is its `failureReason` (BusyNote shows it).
 *
 *     useQuery({ queryKey, queryFn, ...retryBusy(false) })
 */
export function retryBusy(otherwise: RetryPolicy): {
  retry: (failureCount: number, error: DefaultError) => boolean;
  retryDelay: (failureCount: number, error: DefaultError) => number;
} {
  return {
    retry: (failureCount, error) => busySeconds(error) !== undefined || retries(otherwise, failureCount, error),
    retryDelay: (failureCount, error) => busyRetryDelayMs(error) ?? defaultRetryDelay(failureCount),
  };
}
