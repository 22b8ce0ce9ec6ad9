import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  metresBetween,
  type LatLon,
  type LocalAlert,
  type LocalAlertStatus,
  type User,
} from '@saathi/shared';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { WithMe } from '../../entities/user-screen';
import { usePublicConfig } from '../../lib/feature-flags';
import { AlertCard, alertElementId } from './alert-card';
import type { MapAlert } from './alerts-map';
import { label } from './labels';
import { MAP_TONES, ORIGIN_TONE, type MapTone } from './map-tones';
import { NEARBY_RADIUS_M, useAlertQuery, useNearbyAlertsQuery } from './queries';
import { useDevicePosition } from './use-device-position';

const AlertsMap = lazy(() => import('./alerts-map').then((module) => ({ default: module.AlertsMap })));

/** The place the list is about: where the phone is, or one of the saved places. */
type Choice = 'here' | `saved-${number}`;

interface Place {
  choice: Choice;
  point: LatLon | null;
  /** The saved place's name, for "About 600 m from Home"; null for where the phone is ("from you"). */
  name: string | null;
}

/** How an alert's circle looks on the map. */
function toneOf(status: LocalAlertStatus): MapTone {
  if (status === 'verified') return 'confirmed';
  if (status === 'corroborated') return 'corroborated';
  return status === 'unverified' ? 'unconfirmed' : 'over';
}

/** `/alerts?reported=<id>` after a report: the note and the reported alert come first. */
export const REPORTED_PARAM = 'reported';

/**
 * `/alerts`: what is happening nearby, on a map and as a list, calmly worded; and the way to
 * report. `/alerts/<id>` (where a notification leads) is the same screen with that alert first,
 * ended or not.
 */
export function AlertsPage({ focusId = null }: { focusId?: number | null }) {
  return <WithMe>{(user) => <LocalAlerts user={user} focusId={focusId} />}</WithMe>;
}

function LocalAlerts({ user, focusId }: { user: User; focusId: number | null }) {
  const { t } = useTranslation('local-alerts');
  const [params] = useSearchParams();
  const reportedId = Number(params.get(REPORTED_PARAM)) || null;
  const { position, retry } = useDevicePosition();
  const [picked, setPicked] = useState<Choice | null>(null);

  const saved = user.locations;
  const here: Place = { choice: 'here', point: position.state === 'found' ? position.point : null, name: null };
  const places: Place[] = [
    here,
    ...saved.map((place): Place => ({
      choice: `saved-${place.id}`,
      point: { latitude: place.location.coordinates[1], longitude: place.location.coordinates[0] },
      name: place.name,
    })),
  ];
  // Until the person picks: where the phone is, or their first saved place when it cannot be found.
  const automatic: Choice = position.state === 'failed' && saved[0] ? `saved-${saved[0].id}` : 'here';
  const place = places.find((candidate) => candidate.choice === (picked ?? automatic)) ?? here;

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <Button component={RouterLink} to="/alerts/new" variant="contained" startIcon={<AddLocationAltOutlinedIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('report')}
      </Button>
      {reportedId !== null && (
        <Alert severity="success" data-testid="reported-note">
          {t('reported')}
        </Alert>
      )}
      <TextField
        select
        fullWidth
        id="alerts-near"
        label={t('near.label')}
        value={place.choice}
        onChange={(event) => setPicked(event.target.value as Choice)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {places.map((option) => (
          <option key={option.choice} value={option.choice}>
            {option.name ?? t('near.here')}
          </option>
        ))}
      </TextField>
      {place.choice === 'here' && position.state === 'locating' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{t('near.locating')}</Typography>
        </Stack>
      )}
      {place.choice === 'here' && position.state === 'failed' && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('near.retry')}
            </Button>
          }
        >
          {saved.length > 0 ? t('near.failedChooseSaved') : t('near.failedNoSaved')}
        </Alert>
      )}
      {place.point && <NearbyAlerts origin={place.point} placeName={place.name} focusId={focusId ?? reportedId} />}
      <Typography variant="body2" color="textSecondary">
        {t('howItWorks')}{' '}
        <Link component={RouterLink} to="/account?tab=alerts">
          {t('chooseAlerts')}
        </Link>
      </Typography>
    </Stack>
  );
}

function NearbyAlerts({ origin, placeName, focusId }: { origin: LatLon; placeName: string | null; focusId: number | null }) {
  const { t } = useTranslation('local-alerts');
  const nearby = useNearbyAlertsQuery(origin, NEARBY_RADIUS_M);
  const config = usePublicConfig();
  const items = useMemo(() => nearby.data?.items ?? [], [nearby.data]);
  const focusNearby = focusId !== null && items.some((item) => item.id === focusId);
  // The alert asked for (just reported, or opened from a notification) comes first even when it is
  // far from this place (reported at a saved place or on the map) or over.
  const focused = useAlertQuery(focusId !== null && nearby.isSuccess && !focusNearby ? focusId : null);
  const [selectedId, setSelectedId] = useState<number | null>(focusId);

  const extra: LocalAlert | undefined = focused.data;
  const mapAlerts = useMemo(
    () =>
      [...(extra ? [extra] : []), ...items].map((alert): MapAlert => ({
        id: alert.id,
        latitude: alert.latitude,
        longitude: alert.longitude,
        label: label(t, 'categories', alert.category),
        tone: toneOf(alert.status),
      })),
    [extra, items, t],
  );

  // Opened for one alert that is in the list: bring its card into view.
  useEffect(() => {
    if (focusNearby && focusId !== null) document.getElementById(alertElementId(focusId))?.scrollIntoView?.({ block: 'center' });
  }, [focusNearby, focusId]);

  function select(id: number) {
    setSelectedId(id);
    const card = document.getElementById(alertElementId(id));
    card?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    card?.focus({ preventScroll: true });
  }

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          height: { xs: 220, md: 320 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          // Leaflet's panes and controls stack inside the map, never over the app bar or a dialog.
          isolation: 'isolate',
          // Clear of the rounded corner, the credit is never cut.
          '& .leaflet-control-attribution': { mr: 1.5, mb: 0.75, borderRadius: 1, px: 0.75 },
        }}
      >
        <Suspense fallback={<CircularProgress sx={{ position: 'absolute', top: '45%', left: '45%' }} aria-label={t('map.loading')} />}>
          <AlertsMap
            origin={origin}
            alerts={mapAlerts}
            selectedId={selectedId}
            onSelect={select}
            tileUrl={config.data ? config.data.mapTileUrl : config.isError ? DEFAULT_MAP_TILE_URL : null}
            tileAttribution={config.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
            label={t('map.label')}
            originLabel={placeName ?? t('map.you')}
          />
        </Suspense>
      </Box>
      <MapLegend />
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('list.title')}
      </Typography>
      {extra && (
        <AlertCard alert={{ ...extra, distanceM: Math.round(metresBetween(origin, extra)) }} placeName={placeName} selected={selectedId === extra.id} />
      )}
      <QueryState query={nearby} errorMessage={t('list.loadFailed')} keepDataOnError>
        {(data) =>
          data.items.length === 0 ? (
            <Box sx={{ p: 2, borderRadius: 3, bgcolor: 'action.hover' }} data-testid="alerts-empty">
              <Typography sx={{ fontWeight: 600 }}>{t('list.empty')}</Typography>
              <Typography variant="body2" color="textSecondary">
                {t('list.emptyHint')}
              </Typography>
            </Box>
          ) : (
            <Stack component="ul" spacing={1.5} aria-label={t('list.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.items.map((alert) => (
                <li key={alert.id}>
                  <AlertCard alert={alert} placeName={placeName} selected={selectedId === alert.id} />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}

/** What the map's circles mean, in the words of the statuses (the list says the same of each alert). */
function MapLegend() {
  const { t } = useTranslation('local-alerts');
  const entries = [
    { key: 'origin', tone: ORIGIN_TONE, text: t('map.legendPlace') },
    { key: 'unconfirmed', tone: MAP_TONES.unconfirmed, text: label(t, 'status', 'unverified') },
    { key: 'confirmed', tone: MAP_TONES.confirmed, text: label(t, 'status', 'verified') },
    { key: 'corroborated', tone: MAP_TONES.corroborated, text: label(t, 'status', 'corroborated') },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('map.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', m: 0, mt: -1, p: 0 }}
    >
      {entries.map((entry) => (
        <Box component="li" key={entry.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2', color: 'text.secondary' }}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
            <circle
              cx="7"
              cy="7"
              r="5.5"
              fill={entry.tone.fillColor}
              stroke={entry.tone.color}
              strokeWidth="2"
              strokeDasharray={'dashArray' in entry.tone ? '3 2' : undefined}
            />
          </svg>
          {entry.text}
        </Box>
      ))}
    </Box>
  );
}
