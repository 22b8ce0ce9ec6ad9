import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LeaderboardResponse } from '@saathi/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { useToast } from '../../components/toast';
import { useLoadMore } from '../../lib/use-load-more';
import { LeaderboardRow, LeaderboardRowSkeleton } from './leaderboard-row';

/** Placeholder rows while the first page loads: about a phone screen, so the page does not jump. */
const SKELETON_ROWS = 6;

type LeaderboardQueryResult = UseInfiniteQueryResult<InfiniteData<LeaderboardResponse>>;

interface LeaderboardListProps {
  query: LeaderboardQueryResult;
  /** The open tab's name, for the list's accessible name. */
  place: string;
}

/**
 * The ranked people of one tab, loading the next page as its end nears. When the caller is not
 * among the rows loaded so far (far down, or hidden from others), their row stays pinned to the
 * bottom of the screen with their rank.
 */
export function LeaderboardList({ query, place }: LeaderboardListProps) {
  const { t } = useTranslation('leaderboard');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch, isError, errorUpdatedAt } = query;
  const more = useLoadMore(query);

  // Each failure (first page, next page or a refetch) is told once, with a retry in the toast.
  useEffect(() => {
    if (!isError) return;
    toast.error(t('errorFetchingLeaderboard'), {
      action: { label: tCommon('actions.retry'), onClick: () => void (isFetchNextPageError ? fetchNextPage() : refetch()) },
    });
  }, [isError, errorUpdatedAt, isFetchNextPageError, fetchNextPage, refetch, toast, t, tCommon]);

  if (query.isPending) {
    return (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box component="ul" aria-busy="true" aria-label={tCommon('loading')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <LeaderboardRowSkeleton key={index} />
          ))}
        </Box>
      </Paper>
    );
  }
  if (!query.data) return <LoadFailed message={t('errorFetchingLeaderboard')} onRetry={() => void refetch()} />;

  const pages = query.data.pages;
  const rows = pages.flatMap((page) => page.items);
  const me = pages.at(-1)?.me;
  const pinned = me && !rows.some((row) => row.isCurrentUser) ? me : null;

  return (
    <Box>
      <Paper variant="outlined" sx={{ overflow: 'clip' }}>
        {rows.length === 0 ? (
          <Typography color="textSecondary" sx={{ textAlign: 'center', py: 4, px: 2 }}>
            {t('noLeaderboardData')}
          </Typography>
        ) : (
          <Box
            component="ol"
            aria-label={t('listLabel', { place })}
            sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: '1px solid', borderTopColor: 'divider' } }}
          >
            {rows.map((row) => (
              <LeaderboardRow key={row.id} entry={row} />
            ))}
          </Box>
        )}
        {pinned && (
          // Sticks above the phone's bottom navigation (56 px) until the list's end scrolls up to it.
          <Box
            role="region"
            aria-label={t('yourPosition')}
            sx={{
              position: 'sticky',
              bottom: { xs: 'calc(56px + env(safe-area-inset-bottom))', md: 0 },
              zIndex: 1,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              boxShadow: '0 -2px 8px rgb(0 0 0 / 0.12)',
            }}
          >
            <LeaderboardRow entry={pinned} component="div" />
          </Box>
        )}
      </Paper>

      {hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button ref={more} variant="outlined" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('showMore')}
          </Button>
        </Box>
      ) : (
        rows.length > 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', pt: 2 }}>
            {t('endOfList')}
          </Typography>
        )
      )}
    </Box>
  );
}
