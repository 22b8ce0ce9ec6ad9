import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { QueryState } from '../../components/query-state';
import { PageHeading } from '../../components/page-heading';
import { AccessDenied } from './components/access-denied';
import { PostCard } from './components/post-card';
import { VisitorBanner } from './components/visitor-sign-in';
import { usePostQuery } from './queries';
import { useCommunityAccess } from './use-community-access';
import { useReaderPosition } from './use-feed-position';
import { usePostActions } from './use-post-actions';

/**
 * `/community-post/:id` and the public share link `/saathi-community-post/:postId`: one post.
 * Visitors read it (no distance: their position is not asked for) and are offered sign-in;
 * like, comment and order ask them to sign in and bring them back here.
 */
export function PostPage() {
  const { t } = useTranslation('community');
  const params = useParams();
  const postId = Number(params.id ?? params.postId);
  const { isLoggedIn, allowed } = useCommunityAccess();
  // The distance needs the reader's position; the post waits for it (or its failure) like the feed does.
  const position = useReaderPosition(isLoggedIn);
  const reader = position.latitude !== null && position.longitude !== null ? { latitude: position.latitude, longitude: position.longitude } : null;
  const query = usePostQuery(postId, reader, allowed && position.ready);
  const actions = usePostActions();

  const body =
    !allowed || (isApiError(query.error) && query.error.status === 403) ? (
      <AccessDenied />
    ) : (
      <QueryState query={query} renderError={() => <Typography color="textSecondary">{t('postNotFound')}</Typography>}>
        {(post) => <PostCard post={post} actions={actions} reader={reader} />}
      </QueryState>
    );

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <PageHeading>{t('title')}</PageHeading>
        {body}
        {!isLoggedIn && (
          <>
            <VisitorBanner />
            <Button component={RouterLink} to="/comunity-post" sx={{ alignSelf: 'center' }}>
              {t('visitor.morePosts')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
