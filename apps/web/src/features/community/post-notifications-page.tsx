import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import { useNotifications } from '../notifications';
import { communityNotifications } from './community-notifications';

/** `/post-notifications`: the caller's community notifications; a tap opens the post. */
export function PostNotificationsPage() {
  const { t, i18n } = useTranslation('community');
  const query = useNotifications();
  const items = communityNotifications(query.data?.pages.flatMap((page) => page.items) ?? []);

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <BackLink to="/community" label={t('notifications.back')} />
        <PageHeading>{t('notifications.title')}</PageHeading>
        {/* A failed first load shows no message of its own; a failed refetch keeps the list. */}
        <QueryState query={query} keepDataOnError renderError={() => null}>
          {() =>
            items.length === 0 ? (
              <Typography color="textSecondary">{t('notifications.empty')}</Typography>
            ) : (
              <List disablePadding>
                {/* Each link in a list item: a <ul> may hold only <li> children (axe's "list" rule). */}
                {items.map((item) => (
                  <ListItem key={item.id} disablePadding sx={{ mb: 0.5 }}>
                    <ListItemButton
                      component={RouterLink}
                      to={item.postId !== null ? `/community-post/${item.postId}` : '/notifications'}
                      sx={{ borderRadius: 2, bgcolor: item.read ? undefined : 'action.hover' }}
                    >
                      <ListItemText primary={item.title} secondary={`${item.body} · ${new Date(item.createdAt).toLocaleString(i18n.language)}`} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )
          }
        </QueryState>
        {query.hasNextPage && (
          <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('notifications.more')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
