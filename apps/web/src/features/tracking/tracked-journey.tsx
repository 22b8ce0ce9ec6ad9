import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, type JourneyMode, type TrackedJourney, type TrackingView } from '@saathi/shared';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/feature-flags';
import { useNow } from '../../lib/use-now';
import { CURRENT_TONE, DESTINATION_TONE } from './journey-map-tones';

// Leaflet loads only for a journey's link, after the page's first paint.
const JourneyMap = lazy(() => import('./journey-map').then((module) => ({ default: module.JourneyMap })));

/** How the person goes, in words (literal keys, so app/used-keys.test.ts checks each). */
function modeText(t: TFunction<'tracking'>, mode: JourneyMode): string {
  switch (mode) {
    case 'walk':
      return t('journey.modes.walk');
    case 'auto':
      return t('journey.modes.auto');
    case 'bus':
      return t('journey.modes.bus');
    case 'vehicle':
      return t('journey.modes.vehicle');
  }
}

/** "40 seconds ago", "3 minutes ago" in the page's language. */
export function agoText(ms: number, language: string): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  return format.format(-Math.floor(seconds / 3600), 'hour');
}

/**
 * The top of a journey's tracking page: where the person is going, how, when they expect to
 * arrive and how old the last position is (ticking), over a map of the path so far.
 */
export function TrackedJourneyHeadline({ journey, name, location }: { journey: TrackedJourney; name: string; location: TrackingView['location'] }) {
  const { t, i18n } = useTranslation('tracking');
  const now = useNow(1000);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const destination = journey.destination.name;
  const expected = new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(journey.expectedArrivalAt));
  const late = now > Date.parse(journey.expectedArrivalAt);
  return (
    <Card elevation={0} sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} data-testid="tracked-journey">
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {destination ? t('journey.title', { name, destination }) : t('journey.titleNoDestination', { name })}
        </Typography>
        <Typography sx={late ? { fontWeight: 700 } : undefined}>
          {late
            ? t('journey.lateSummary', { mode: modeText(t, journey.mode), time: expected })
            : t('journey.summary', { mode: modeText(t, journey.mode), time: expected })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }} aria-live="off" data-testid="tracked-journey-age">
          {t('journey.updated', { ago: agoText(now - Date.parse(location.at), language) })}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The path so far and the destination on a map (the coordinates card under it says the same in words). */
export function TrackedJourneyMap({ journey, name, location }: { journey: TrackedJourney; name: string; location: TrackingView['location'] }) {
  const { t } = useTranslation('tracking');
  const config = usePublicConfig();
  const current = useMemo(() => ({ latitude: location.latitude, longitude: location.longitude }), [location.latitude, location.longitude]);
  const destination = useMemo(
    () => ({ latitude: journey.destination.latitude, longitude: journey.destination.longitude }),
    [journey.destination.latitude, journey.destination.longitude],
  );
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          height: { xs: 260, md: 340 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          // Leaflet's panes and controls stack inside the map, never over anything else.
          isolation: 'isolate',
          '& .leaflet-control-attribution': { mr: 1.5, mb: 0.75, borderRadius: 1, px: 0.75 },
        }}
      >
        <Suspense fallback={<CircularProgress sx={{ position: 'absolute', top: '45%', left: '45%' }} aria-label={t('journey.mapLoading')} />}>
          <JourneyMap
            path={journey.path}
            current={current}
            destination={destination}
            tileUrl={config.data ? config.data.mapTileUrl : config.isError ? DEFAULT_MAP_TILE_URL : null}
            tileAttribution={config.data?.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION}
            label={t('journey.mapLabel')}
            currentLabel={t('journey.mapHere', { name })}
            destinationLabel={journey.destination.name ?? t('journey.mapDestination')}
          />
        </Suspense>
      </Box>
      {/* What the two dots are; the tooltips say it too, but only on a hover. */}
      <Stack direction="row" component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, gap: 2, flexWrap: 'wrap' }} aria-label={t('journey.legend')}>
        <LegendItem tone={CURRENT_TONE} label={t('journey.mapHere', { name })} />
        <LegendItem tone={DESTINATION_TONE} label={journey.destination.name ?? t('journey.mapDestination')} />
      </Stack>
    </Box>
  );
}

function LegendItem({ tone, label }: { tone: { color: string; fillColor: string }; label: string }) {
  return (
    <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: tone.fillColor, border: 3, borderColor: tone.color }} />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}
