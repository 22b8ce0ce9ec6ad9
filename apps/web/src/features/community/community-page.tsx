import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Place from '@mui/icons-material/Place';
import Search from '@mui/icons-material/Search';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Slide from '@mui/material/Slide';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../components/toast';
import { useMeQuery } from '../../entities/user';
import { AccessDenied } from './components/access-denied';
import { LocationSheet, type FeedLocation } from './components/location-sheet';
import { PostFeed } from './components/post-feed';
import { SearchDialog, type SearchValue } from './components/search-dialog';
import { communityKeys, type FeedFilters } from './queries';
import { VisitorBanner } from './components/visitor-sign-in';
import { useHideOnScroll } from './use-hide-on-scroll';
import { useCommunityAccess } from './use-community-access';
import { useFeedPosition } from './use-feed-position';
import { PageHeader } from '../../components/page-header';
import { refetchAfterChange } from '../../lib/refetch-after-change';

// Part of the screen only when used: the create form (image compression) and the map picker (Leaflet).
const CreatePostDialog = lazy(() => import('./create').then((module) => ({ default: module.CreatePostDialog })));
const LocationSelectorDialog = lazy(() => import('./location-picker').then((module) => ({ default: module.LocationSelectorDialog })));

/** A location label for the picker button. */
function locationName(t: (key: string) => string, location: FeedLocation): string {
  if (location.source === 'current') return t('location.current');
  if (location.source === 'none') return t('location.anywhere');
  return location.name;
}

/**
 * `/comunity-post`, `/community`, `/joined-community`: the location-based community feed (SPEC.md §2).
 * Visitors who are not signed in read it newest first, with distances only once they pick a location.
 */
export function CommunityPage() {
  const { t } = useTranslation(['community', 'account']);
  const toast = useToast();
  const { allowed, isLoggedIn } = useCommunityAccess();
  const me = useMeQuery();
  const [search, setSearch] = useState<SearchValue>({ prompt: '', businessCategory: null });
  const [searchOpen, setSearchOpen] = useState(false);
  // A visitor is not asked for the device position on arrival: they share one from the picker if they like.
  const [location, setLocation] = useState<FeedLocation>(isLoggedIn ? { source: 'current' } : { source: 'none' });
  const [locationOpen, setLocationOpen] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const barHidden = useHideOnScroll();
  const queryClient = useQueryClient();
  const canCreate = Boolean(me.data?.canCreatePost);
  const position = useFeedPosition(location, () => toast.error(t('location.failed')));

  const filters = useMemo<FeedFilters>(
    () => ({ prompt: search.prompt, businessCategory: search.businessCategory, latitude: position.latitude, longitude: position.longitude }),
    [search.prompt, search.businessCategory, position.latitude, position.longitude],
  );
  const searchText = [search.prompt, search.businessCategory ? t(`account:businessCategories.${search.businessCategory}`) : ''].filter(Boolean).join(' · ');

  return (
    <Container maxWidth="sm" disableGutters>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <PageHeader title={t('title')} subtitle={t('subtitle')} sx={{ flex: 1 }} />
          {isLoggedIn && (
            <IconButton component={RouterLink} to="/post-notifications" aria-label={t('notificationsLink')}>
              <NotificationsNone />
            </IconButton>
          )}
        </Stack>
        {!isLoggedIn && <VisitorBanner />}
        {!allowed ? (
          <AccessDenied />
        ) : (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<Place />}
                onClick={() => setLocationOpen(true)}
                title={locationName(t, location)}
                sx={{ textTransform: 'none', maxWidth: '45%', flexShrink: 0, lineHeight: 1.2, textAlign: 'start' }}
              >
                {/* Readable at 360 px in every language: wraps onto a second line; only a long picked place name is cut there (full name in the title). */}
                <span style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden', overflowWrap: 'anywhere' }}>
                  {locationName(t, location)}
                </span>
              </Button>
              <TextField
                size="small"
                fullWidth
                value={searchText}
                placeholder={t('searchPlaceholder')}
                onClick={() => setSearchOpen(true)}
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    'aria-label': t('searchPlaceholder'),
                    onKeyDown: (event: { key: string }) => event.key === 'Enter' && setSearchOpen(true),
                  },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Stack>
            {canCreate && (
              <Slide in={!barHidden} direction="up">
                <Fab
                  variant="extended"
                  color="primary"
                  onClick={() => setCreateOpen(true)}
                  sx={{ position: 'fixed', right: 16, bottom: { xs: 80, md: 24 }, zIndex: 10 }}
                >
                  <Add sx={{ mr: 1 }} />
                  {t('create')}
                </Fab>
              </Slide>
            )}
            <PostFeed filters={filters} enabled={position.ready} />
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {searchOpen && (
          <SearchDialog
            value={search}
            onClose={() => setSearchOpen(false)}
            onSearch={(value) => {
              setSearch(value);
              setSearchOpen(false);
            }}
          />
        )}
        {locationOpen && (
          <LocationSheet
            open
            allowNone={!isLoggedIn}
            saved={me.data?.locations ?? []}
            selected={location}
            onClose={() => setLocationOpen(false)}
            onSelect={(value) => {
              setLocation(value);
              setLocationOpen(false);
            }}
            onPickOnMap={() => {
              setLocationOpen(false);
              setMapOpen(true);
            }}
          />
        )}
        {mapOpen && (
          <LocationSelectorDialog
            open
            initial={position.latitude !== null && position.longitude !== null ? { latitude: position.latitude, longitude: position.longitude } : null}
            onClose={() => setMapOpen(false)}
            onSelect={(picked) => {
              setLocation({ source: 'place', key: 'map', name: picked.name, latitude: picked.latitude, longitude: picked.longitude });
              setMapOpen(false);
            }}
          />
        )}
        {createOpen && (
          <CreatePostDialog
            open
            onClose={() => setCreateOpen(false)}
            onCreated={() => {
              setCreateOpen(false);
              // SPEC.md §4: the new post shows first and the list reloads from page 1.
              void refetchAfterChange(queryClient, { queryKey: communityKeys.all });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </Suspense>
    </Container>
  );
}
