import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';
import { retryBusy } from '../lib/busy-retry';

/** Client errors (4xx) will not change on a retry; network and 5xx errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The defaults of every query: a read the server shed (503 `busy`) is asked again after its
 * `Retry-After`, without limit while it is shown; other errors as shouldRetry says.
 */
export const queryDefaults = {
  ...retryBusy(shouldRetry),
  staleTime: 30_000,
  refetchOnWindowFocus: false,
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: queryDefaults,
    mutations: { retry: false },
  },
});
