import { useEffect, useRef } from 'react';

/** Start loading the next page this far before the "Show more" button scrolls into view. */
const PRELOAD_MARGIN = '300px 0px';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * An infinite list: the returned ref goes on the list's "Show more" button, and the next page
 * loads as it nears the screen. After a failed page the button stays as the retry; loading
 * again on sight would loop.
 */
export function useLoadMoreOnSight({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: PagedQuery) {
  const more = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = more.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return more;
}
