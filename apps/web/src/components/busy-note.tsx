import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { busySeconds } from '../lib/api-client';
import { BUSY_RETRY_MIN_SECONDS } from '../lib/busy-retry';
import { waitText } from '../lib/wait-text';

/** What BusyNote reads of a TanStack query result (useQuery or useInfiniteQuery). */
export interface BusyQueryLike {
  /** The last attempt's error while TanStack retries (it is `error` only once retries end). */
  failureReason: unknown;
  isFetching: boolean;
  data: unknown;
}

/**
 * A quiet note while a read the server shed (503 `busy`, ADR 22) waits to be asked again:
 * "Saathi is busy; showing what was loaded earlier, trying again in 5 seconds". The screen keeps
 * what it shows (the data already loaded, or its loading state on a first load); the retry itself
 * is the query's (retryBusy). Nothing while the query is not waiting on `busy`.
 */
export function BusyNote({ query, sx }: { query: BusyQueryLike; sx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation('common');
  const seconds = query.isFetching ? busySeconds(query.failureReason) : undefined;
  if (seconds === undefined) return null;
  // "2 seconds" stays on one line (a narrow screen broke it after the number).
  const wait = waitText(Math.max(BUSY_RETRY_MIN_SECONDS, seconds), i18n.resolvedLanguage ?? i18n.language).replace(/ /g, '\u00a0');
  return (
    <Alert severity="info" role="status" sx={sx}>
      {t(query.data === undefined ? 'busy.loading' : 'busy.showingEarlier', { wait })}
    </Alert>
  );
}
