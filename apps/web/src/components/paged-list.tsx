import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useErrorText } from '../lib/error-text';
import { useLoadMore } from '../lib/use-load-more';
import { LoadFailed } from './load-failed';
import { PageLoading } from './page-loading';

/** What PagedList reads of a TanStack infinite query over pages of `{ items }`. */
export interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  data: { pages: readonly { items: readonly T[] }[] } | undefined;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** Shown when the query found nothing at all. */
  empty: ReactNode;
  /** The "More" button's text; the next page also loads as that button nears view. */
  moreLabel: string;
  /** Shown under the last page, when there is one. */
  end?: ReactNode;
  /** The loaded rows, every page so far in order. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A list read page by page: the loading bar, then LoadFailed with Retry if the first page
 * failed, the empty text or the rows, and a "More" button while pages remain. A later page that
 * failed keeps the rows above it and says why, with the button as its retry. Renders siblings,
 * so the caller's Stack spaces them.
 */
export function PagedList<T>({ query, empty, moreLabel, end, children }: PagedListProps<T>) {
  const errorText = useErrorText();
  const more = useLoadMore(query);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.isFetchNextPageError) return <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {items.length === 0 ? empty : children(items)}
      {query.isFetchNextPageError && <Alert severity="error">{errorText(query.error)}</Alert>}
      {query.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button ref={more} variant="outlined" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {moreLabel}
          </Button>
        </Box>
      ) : (
        items.length > 0 && end
      )}
    </>
  );
}
