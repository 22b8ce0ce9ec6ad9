import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { AccessDenied } from './components/access-denied';
import { PostCard } from './components/post-card';
import { usePostQuery } from './queries';
import { useCommunityAccess } from './use-community-access';
import { useFeedPosition } from './use-feed-position';
import { usePostActions } from './use-post-actions';

const CURRENT = { source: 'current' } as const;
const ignoreFailure = () => undefined;

/** `/community-post/:id` and the public `/saathi-community-post/:postId`: one post; visitors are asked to log in. */
export function PostPage() {
  const { t } = useTranslation('community');
  const params = useParams();
  const here = useLocation();
  const postId = Number(params.id ?? params.postId);
  const { isLoggedIn, allowed } = useCommunityAccess();
  // The distance needs the reader's position; the post waits for it (or its failure) like the feed does.
  const position = useFeedPosition(CURRENT, ignoreFailure);
  const reader = position.latitude !== null && position.longitude !== null ? { latitude: position.latitude, longitude: position.longitude } : null;
  const query = usePostQuery(postId, reader, isLoggedIn && allowed && position.ready);
  const actions = usePostActions();

  let body;
  if (!isLoggedIn) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('loginPrompt')}</Typography>
        <Button variant="contained" component={RouterLink} to="/login" state={{ from: here }}>
          {t('login')}
        </Button>
      </Stack>
    );
  } else if (!allowed || (isApiError(query.error) && query.error.status === 403)) {
    body = <AccessDenied />;
  } else if (query.isPending) {
    body = <CircularProgress aria-label={t('loading')} sx={{ alignSelf: 'center' }} />;
  } else if (query.isError) {
    body = <Typography color="text.secondary">{t('postNotFound')}</Typography>;
  } else {
    body = <PostCard post={query.data} actions={actions} reader={reader} />;
  }

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        {body}
      </Stack>
    </Container>
  );
}
