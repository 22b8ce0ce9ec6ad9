import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LoadFailed } from './load-failed';

/** What QueryState reads of a TanStack query result (useQuery or useInfiniteQuery). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown in LoadFailed, with a Retry button, when the query failed. */
  errorMessage?: string;
  /** Shown instead of LoadFailed when the query failed; `retry` fetches it again. */
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  /** A refetch that failed keeps showing the data last loaded (the page says it is stale itself). */
  keepDataOnError?: boolean;
  /** Vertical padding around the spinner, in theme spacing units. */
  spinnerPadding?: number;
  children: (data: T) => ReactNode;
}

/**
 * The loading / failed / loaded block of a page's query: a centred spinner while it loads,
 * LoadFailed with Retry (or the page's own `renderError`) when it failed, else `children(data)`.
 */
export function QueryState<T>({ query, errorMessage = '', renderError, keepDataOnError = false, spinnerPadding = 4, children }: QueryStateProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: spinnerPadding }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  if (query.data !== undefined && (!query.isError || keepDataOnError)) return <>{children(query.data)}</>;
  const retry = () => void query.refetch();
  return renderError ? <>{renderError(query.error, retry)}</> : <LoadFailed message={errorMessage} onRetry={retry} />;
}
