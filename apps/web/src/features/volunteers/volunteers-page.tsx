import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { formatCoordinatePair, VOLUNTEER_RANGE_M, VOLUNTEER_SEARCH_DEBOUNCE_MS, type LatLon } from '@saathi/shared';
import { BusyNote } from '../../components/busy-note';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../entities/session';
import { locationStore } from '../../entities/location';
import { LocationDialogs } from './location-dialogs';
import { useLocationPrompt } from './use-location-prompt';
import { LocationPromptHelper } from './location-prompt-helper';
import { useNearbyVolunteersQuery, usePublicConfigQuery, useResolvedLocationQuery } from './queries';
import { Radar } from './radar';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import './volunteers.css';

/** `/volunteers` and `/volunteers-nearby` (SPEC.md §2). Anonymous visitors are told to sign in. */
export function VolunteersPage() {
  const { isLoggedIn } = useSession();
  const { t } = useTranslation('volunteers');
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if (isLoggedIn) return;
    // SPEC.md §8: common.loginToViewVolunteers, then /login.
    toast.info(t('errors.loginToView'));
    void navigate('/login', { replace: true, state: { from: { pathname, search, hash } } });
  }, [isLoggedIn, toast, t, navigate, pathname, search, hash]);

  // The toast says why; the login screen follows at once. A second copy of the text here
  // would show beside the toast while the login screen loads.
  if (!isLoggedIn) return null;
  return <VolunteersNearby />;
}

function VolunteersNearby() {
  const { t, i18n } = useTranslation('volunteers');
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  // A position the app already holds (another screen, an earlier visit) fills the field at once.
  const [text, setText] = useState(() => {
    const known = locationStore().getState().position;
    return known ? formatCoordinatePair(known) : '';
  });
  const [range, setRange] = useState<number>(VOLUNTEER_RANGE_M.default);
  const settledText = useDebouncedValue(text, VOLUNTEER_SEARCH_DEBOUNCE_MS);
  const settledRange = useDebouncedValue(range, VOLUNTEER_SEARCH_DEBOUNCE_MS);

  const config = usePublicConfigQuery();
  const geocoderUrl = config.data?.geocoderUrl ?? null;
  const resolved = useResolvedLocationQuery(settledText, geocoderUrl, i18n.language);
  const origin: LatLon | null = settledText.trim() !== '' && resolved.data?.kind === 'found' ? resolved.data.point : null;
  const nearby = useNearbyVolunteersQuery(origin, settledRange);

  const prompt = useLocationPrompt({
    onPosition: (position) => setText(formatCoordinatePair(position)),
    onError: (error) => {
      if (error.kind !== 'denied') toast.error(t('errors.location'));
    },
  });

  // First visit without a known position: read the device location when allowed, else offer the Enable dialog.
  const { ask } = prompt;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!locationStore().getState().position) ask();
  }, [ask]);

  // Settled text that resolves to no place is SPEC.md §8's location error.
  const waitingForConfig = config.isPending && settledText.trim() !== '';
  const unresolved = resolved.isError || (resolved.data !== undefined && resolved.data.kind !== 'found' && resolved.data.kind !== 'empty');
  useEffect(() => {
    if (!waitingForConfig && !resolved.isFetching && unresolved) toast.error(t('errors.location'));
  }, [settledText, unresolved, resolved.isFetching, waitingForConfig, toast, t]);

  useEffect(() => {
    if (!nearby.isError) return;
    const limited = isApiError(nearby.error) && nearby.error.status === 429;
    toast.error(limited ? t('errors.rateLimited') : t('errors.fetchVolunteers'));
  }, [nearby.isError, nearby.error, toast, t]);

  // While a new search loads, the last answer stays on screen with its own origin and radius.
  const shown = origin ? (nearby.data ?? null) : null;
  const canHelp = user?.permissions.includes('location_prompt_helper') ?? false;

  return (
    <Stack spacing={2} className="volunteers">
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <Typography color="textSecondary">{t('subtitle')}</Typography>
      </div>

      <TextField
        label={t('location.label')}
        placeholder={t('location.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        helperText={resolved.data?.kind === 'found' && resolved.data.label ? resolved.data.label : t('location.hint')}
        fullWidth
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {prompt.locating || resolved.isFetching ? (
                  <CircularProgress size={20} aria-label={t('location.locating')} />
                ) : (
                  <IconButton onClick={prompt.ask} aria-label={t('location.useCurrent')} edge="end">
                    <MyLocationIcon />
                  </IconButton>
                )}
              </InputAdornment>
            ),
          },
        }}
      />

      <div>
        <Typography id="volunteer-range-label" gutterBottom>
          {t('range.label', { metres: range })}
        </Typography>
        {/* Inset by the thumb's radius: at 5000 m the thumb and its 42 px touch target stay inside a 360 px screen. */}
        <Slider
          sx={{ width: 'calc(100% - 20px)', mx: '10px' }}
          aria-labelledby="volunteer-range-label"
          value={range}
          min={VOLUNTEER_RANGE_M.min}
          max={VOLUNTEER_RANGE_M.max}
          step={VOLUNTEER_RANGE_M.step}
          // No floating value bubble: the label above already reads "Search radius: 5000 m" as the
          // thumb moves, and at the ends of a 360 px screen the bubble stuck out of the page.
          valueLabelDisplay="off"
          getAriaValueText={(value) => t('range.value', { metres: value })}
          onChange={(_, value) => setRange(typeof value === 'number' ? value : (value[0] ?? range))}
        />
      </div>

      {origin && <BusyNote query={nearby} />}
      <Paper variant="outlined" className="volunteers__radar">
        {shown ? (
          <Radar centre={shown.origin} rangeM={shown.range} volunteers={shown.volunteers} />
        ) : (
          <Typography color="textSecondary" className="volunteers__empty">
            {origin ? t('searching') : t('radar.noLocation')}
          </Typography>
        )}
      </Paper>

      <Box aria-live="polite" sx={{ minHeight: 24 }}>
        {shown && (
          <Typography sx={{ fontWeight: 600 }} data-testid="volunteer-count">
            {t('found', { count: shown.volunteers.length, range: shown.range })}
          </Typography>
        )}
      </Box>

      <Legend />

      <Button variant="contained" startIcon={<LeaderboardIcon />} onClick={() => void navigate('/leaderboard')}>
        {t('viewLeaderboard')}
      </Button>

      {canHelp && <LocationPromptHelper onAsk={prompt.ask} />}
      <LocationDialogs {...prompt.dialogProps} />
    </Stack>
  );
}

const LEGEND = [
  ['doctor', 'red'],
  ['police', 'blue'],
  ['firefighter', 'orange'],
  ['others', 'green'],
] as const;

function Legend() {
  const { t } = useTranslation('volunteers');
  return (
    <ul className="volunteers__legend" aria-label={t('legend.label')}>
      {LEGEND.map(([key, colour]) => (
        <li key={key}>
          <span className={`volunteers__swatch volunteers__swatch--${colour}`} aria-hidden="true" />
          {t(`legend.${key}`)}
        </li>
      ))}
    </ul>
  );
}
