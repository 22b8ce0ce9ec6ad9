import { useEffect, useRef, type RefObject } from 'react';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * An infinite list: the returned ref goes on the list's "More" button, and the next page loads
 * as that button nears view, within `root` (a sideways strip) or the screen. After a failed
 * page the button stays as the retry; loading again on sight would loop.
 */
export function useLoadMore<T extends HTMLElement = HTMLButtonElement>(
  { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: PagedQuery,
  options: { root?: RefObject<HTMLElement | null>; margin?: string } = {},
) {
  const more = useRef<T>(null);
  const { root, margin = '300px' } = options;
  useEffect(() => {
    const target = more.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: root?.current ?? null, rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, root, margin]);
  return more;
}
