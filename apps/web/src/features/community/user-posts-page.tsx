import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { AccessDenied } from './components/access-denied';
import { PostFeed } from './components/post-feed';
import { VisitorBanner } from './components/visitor-sign-in';
import type { FeedFilters } from './queries';
import { useCommunityAccess } from './use-community-access';
import { useReaderPosition } from './use-feed-position';

/**
 * `/my-posts/:id` and the public `/profile/:id`: one author's posts, newest first, with distances
 * when known. Visitors read them without being asked for their position.
 */
export function UserPostsPage() {
  const { t } = useTranslation('community');
  const params = useParams();
  const userId = Number(params.id);
  const { allowed, isLoggedIn } = useCommunityAccess();
  const { latitude, longitude, ready } = useReaderPosition(isLoggedIn);
  const filters = useMemo<FeedFilters>(() => ({ prompt: '', businessCategory: null, userId, latitude, longitude }), [userId, latitude, longitude]);
  const valid = Number.isInteger(userId) && userId > 0;

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <PageHeading>{t('userPosts')}</PageHeading>
        {!isLoggedIn && <VisitorBanner />}
        {!allowed ? <AccessDenied /> : valid ? <PostFeed filters={filters} enabled={ready} /> : <Typography>{t('noPosts')}</Typography>}
      </Stack>
    </Container>
  );
}
