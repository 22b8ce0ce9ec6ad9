import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyNote } from '../../../components/busy-note';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useFeedQuery, type FeedFilters } from '../queries';
import { usePostActions } from '../use-post-actions';
import { AccessDenied } from './access-denied';
import { PostCard } from './post-card';

/** SPEC.md §4 feed paging: the next page loads when the end is within 100 px. */
export const FEED_ROOT_MARGIN = '0px 0px 100px 0px';

/** The infinite list of posts for `filters`; a new filter object starts again at page 1. */
export function PostFeed({ filters, enabled = true }: { filters: FeedFilters; enabled?: boolean }) {
  const { t } = useTranslation('community');
  const toast = useToast();
  const actions = usePostActions();
  const query = useFeedQuery(filters, enabled);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: FEED_ROOT_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const forbidden = query.isError && isApiError(query.error) && query.error.status === 403;
  useEffect(() => {
    if (query.isError && !forbidden) toast.error(t('loadFailed'));
  }, [query.isError, forbidden, toast, t]);

  if (forbidden) return <AccessDenied />;
  const posts = query.data?.pages.flatMap((page) => page.data) ?? [];
  const reader = filters.latitude !== null && filters.longitude !== null ? { latitude: filters.latitude, longitude: filters.longitude } : null;
  return (
    <Stack spacing={2}>
      <BusyNote query={query} />
      {posts.map((post) => (
        <PostCard key={post.id} post={post} actions={actions} reader={reader} />
      ))}
      {(query.isPending && enabled) || isFetchingNextPage ? <CircularProgress aria-label={t('loading')} sx={{ alignSelf: 'center' }} /> : null}
      {query.isSuccess && posts.length === 0 && (
        <Typography color="textSecondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('noPosts')}
        </Typography>
      )}
      {query.isSuccess && posts.length > 0 && !hasNextPage && (
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', py: 2 }}>
          {t('noMorePosts')}
        </Typography>
      )}
      <div ref={sentinel} aria-hidden="true" />
    </Stack>
  );
}
