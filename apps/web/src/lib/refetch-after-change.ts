import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * After a write or a live event: marks the matching queries stale and fetches the shown ones again.
 *
 * `invalidateQueries` alone is not enough. When a query's first load is still in flight it hands
 * back that load instead of asking again, and that answer may have left the server before the
 * change: a comment posted while the comments were still loading would never appear. Cancelling
 * the in-flight fetches first makes the refetch start after the change.
 */
export async function refetchAfterChange(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
