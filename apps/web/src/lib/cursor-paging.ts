import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { retryBusy } from './busy-retry';

/**
 * The paging of every list the server pages by cursor (`{ items, nextCursor }`): the first page
 * without a cursor, each next one with the cursor the last page gave, none after a null.
 */
export const CURSOR_PAGING = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};

interface CursorPagesOptions {
  /** How long a loaded page counts as fresh. */
  staleTime: number;
  /** Keep showing the rows of the last key while a new key (a filter, a search) loads. */
  keepPrevious?: boolean;
}

/**
 * A list read page by page through `fetchPage(cursor, signal)`. A failed page is not retried
 * behind the reader's back: the list shows it, with its own Retry. Only a page the server shed
 * (503 `busy`) is asked again after its Retry-After, the pages already loaded staying in place.
 */
export function useCursorPagesQuery<TPage extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<TPage>,
  { staleTime, keepPrevious = false }: CursorPagesOptions,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    ...CURSOR_PAGING,
    staleTime,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    ...retryBusy(false),
  });
}
