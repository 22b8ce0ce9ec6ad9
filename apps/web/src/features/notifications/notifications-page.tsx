import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SosIcon from '@mui/icons-material/Sos';
import type { NotificationItem } from '@saathi/shared';
import { notificationTarget } from './live-alerts';
import { useMarkRead, useNotifications } from './queries';
import { notificationTimeText } from './relative-time';
import { useNow } from '../../lib/use-now';
import { QueryState } from '../../components/query-state';

/** `/notifications`: the caller's notifications, newest first, live; opening the page marks them read. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const query = useNotifications();
  const markRead = useMarkRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unreadIds = items.filter((item) => !item.read).map((item) => item.id);
  const markedRef = useRef(new Set<number>());
  const now = useNow();

  // Everything listed is seen; new ones arriving while the page is open are marked too.
  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    const ids = unreadKey
      ? unreadKey
          .split(',')
          .map(Number)
          .filter((id) => !markedRef.current.has(id))
      : [];
    if (ids.length === 0) return;
    for (const id of ids) markedRef.current.add(id);
    mutate(ids);
  }, [unreadKey, mutate]);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      <QueryState query={query} errorMessage={t('loadFailed')}>
        {() =>
          items.length === 0 ? (
            <Typography color="textSecondary">{t('empty')}</Typography>
          ) : (
            <List aria-label={t('title')} sx={{ bgcolor: 'background.paper', borderRadius: 2 }}>
              {items.map((item) => (
                <NotificationRow key={item.id} item={item} now={now} />
              ))}
            </List>
          )
        }
      </QueryState>
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}

function NotificationRow({ item, now }: { item: NotificationItem; now: number }) {
  const { t, i18n } = useTranslation('notifications');
  const isSos = item.sosEventId !== null;
  const unread = !item.read;
  // A list item around the link: a <ul> may hold only <li> children (axe's "list" rule).
  return (
    <ListItem disablePadding sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton
        component={RouterLink}
        to={notificationTarget(item)}
        alignItems="flex-start"
        sx={{ bgcolor: unread ? 'rgba(216, 27, 96, 0.06)' : undefined }}
      >
        <ListItemIcon sx={{ mt: 0.5 }}>{isSos ? <SosIcon color="error" /> : <NotificationsIcon color="primary" />}</ListItemIcon>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Box component="span" sx={{ fontWeight: unread ? 700 : 500, flexGrow: 1 }}>
                {item.title}
              </Box>
              {unread && (
                // On the unread tint the brand pink reads 4.5:1, at the limit for small text; the dark pink 6.3:1.
                <Box component="span" sx={{ color: 'primary.dark', fontSize: '0.75rem', fontWeight: 700 }}>
                  {t('new')}
                </Box>
              )}
            </Box>
          }
          secondary={
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {item.body}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {notificationTimeText(t, item.createdAt, now, i18n.language)}
                {isSos && ` · ${t('openSos')}`}
              </Box>
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}
