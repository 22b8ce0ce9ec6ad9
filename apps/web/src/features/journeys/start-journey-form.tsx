import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import { formatCoordinatePair, JOURNEY_LIMITS, JOURNEY_MODES, SAFETY_TIMER_LIMITS, type JourneyMode, type LatLon, type User } from '@saathi/shared';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FixItAlert } from '../../components/fix-it-alert';
import { useErrorText } from '../../lib/error-text';
import { useNow } from '../../lib/use-now';
import { loadLocationPicker } from '../community/lazy';
import { useTimerContactsQuery } from '../safety-timer';
import { ModeIcon } from './mode-icon';
import { useStartJourneyMutation } from './queries';
import { modeText } from './texts';
import { estimatedMinutes, expectedArrivalAt, minutesValid } from './trip';
import { useOrigin } from './use-origin';

const LocationSelectorDialog = lazy(() => loadLocationPicker().then((module) => ({ default: module.LocationSelectorDialog })));

/** Without a position there is no estimate: the minutes start here. */
const DEFAULT_MINUTES = 30;
const STEP_MINUTES = 5;

type Destination = { kind: 'saved'; id: number } | { kind: 'map'; point: LatLon; name: string };

const pointOf = (place: User['locations'][number]): LatLon => ({ latitude: place.location.coordinates[1], longitude: place.location.coordinates[0] });
const clampName = (name: string) => name.trim().slice(0, SAFETY_TIMER_LIMITS.destinationMaxLength);

/**
 * Where to (a saved place, or a place searched or picked on the map), how, who follows, and when
 * the person expects to arrive: estimated live from where the phone is, and theirs to change.
 */
export function StartJourneyForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('journeys');
  const errorText = useErrorText();
  const contacts = useTimerContactsQuery();
  const start = useStartJourneyMutation();
  const { origin, retry } = useOrigin();
  const now = useNow(15_000);
  const places = user.locations;
  const [destination, setDestination] = useState<Destination | null>(() => (places[0] ? { kind: 'saved', id: places[0].id } : null));
  const [mapOpen, setMapOpen] = useState(false);
  const [mode, setMode] = useState<JourneyMode>('walk');
  /** Minutes the person set; null follows the estimate. */
  const [ownMinutes, setOwnMinutes] = useState<number | null>(null);
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const [missing, setMissing] = useState(false);

  const savedPlace = destination?.kind === 'saved' ? (places.find((place) => place.id === destination.id) ?? null) : null;
  const target: (LatLon & { name?: string }) | null = savedPlace
    ? { ...pointOf(savedPlace), name: savedPlace.name }
    : destination?.kind === 'map'
      ? { ...destination.point, ...(clampName(destination.name) ? { name: clampName(destination.name) } : {}) }
      : null;
  const originPoint = origin.state === 'found' ? origin.point : null;
  const estimate = estimatedMinutes(originPoint, target, mode);
  const minutes = ownMinutes ?? estimate ?? DEFAULT_MINUTES;
  const valid = minutesValid(minutes);
  const list = contacts.data ?? [];
  const chosen = list.filter((c) => !unchecked.has(c.id));
  const canStart = valid && (list.length === 0 || chosen.length > 0) && !start.isPending;
  const timeText = (ms: number) => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' }).format(new Date(ms));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) {
      setMissing(true);
      return;
    }
    if (!canStart) return;
    start.mutate({
      destination: target,
      mode,
      // All of them when none is left out: the server follows the list as it is then.
      ...(chosen.length < list.length ? { contactIds: chosen.map((c) => c.id) } : {}),
      // The server estimates from the origin as this screen did; a time goes only when the person set one (or there is no origin).
      ...(originPoint
        ? {
            origin: {
              latitude: originPoint.latitude,
              longitude: originPoint.longitude,
              ...(originPoint.accuracy !== null ? { accuracy: Math.min(originPoint.accuracy, 100_000) } : {}),
            },
          }
        : {}),
      ...(ownMinutes !== null || estimate === null ? { expectedArrivalAt: expectedArrivalAt(minutes) } : {}),
    });
  }

  const toggle = (id: number) =>
    setUnchecked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const step = (by: number) =>
    setOwnMinutes(
      Math.min(JOURNEY_LIMITS.maxTripMinutes, Math.max(JOURNEY_LIMITS.minTripMinutes, (Number.isFinite(minutes) ? minutes : DEFAULT_MINUTES) + by)),
    );

  const radioValue = destination?.kind === 'saved' ? String(destination.id) : destination?.kind === 'map' ? 'map' : '';

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={3}>
        <FormControl component="fieldset" error={missing && !target}>
          <FormLabel component="legend" id="journey-destination-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('form.destination')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="journey-destination-label"
            name="destination"
            value={radioValue}
            onChange={(event) => {
              const value = event.target.value;
              if (value === 'map') setMapOpen(true);
              else setDestination({ kind: 'saved', id: Number(value) });
            }}
          >
            {places.map((place) => (
              <FormControlLabel key={place.id} value={String(place.id)} control={<Radio />} label={place.name} sx={{ minHeight: 48 }} />
            ))}
            <FormControlLabel
              value="map"
              control={<Radio />}
              label={destination?.kind === 'map' ? t('form.otherPlace') : t('form.pickOnMap')}
              sx={{ minHeight: 48 }}
              // A second tap on the chosen option opens the map again.
              onClick={() => destination?.kind === 'map' && setMapOpen(true)}
            />
          </RadioGroup>
          {destination?.kind === 'map' && (
            <Stack spacing={1} sx={{ pl: 4, pt: 0.5 }}>
              <Typography variant="body2" color="textSecondary" data-testid="journey-map-point">
                {formatCoordinatePair(destination.point, 5)}
              </Typography>
              <TextField
                size="small"
                label={t('form.placeName')}
                value={destination.name}
                onChange={(event) => setDestination({ ...destination, name: event.target.value })}
                slotProps={{ htmlInput: { maxLength: SAFETY_TIMER_LIMITS.destinationMaxLength } }}
              />
              <Button
                variant="outlined"
                size="small"
                startIcon={<MapOutlinedIcon />}
                onClick={() => setMapOpen(true)}
                sx={{ alignSelf: 'flex-start', minHeight: 40 }}
              >
                {t('form.changePlace')}
              </Button>
            </Stack>
          )}
          {places.length === 0 && (
            <FixItAlert severity="info" to="/account?tab=locations" fixLabel={t('form.addPlace')}>
              {t('form.noSavedPlaces')}
            </FixItAlert>
          )}
          {missing && !target && <FormHelperText>{t('form.destinationMissing')}</FormHelperText>}
        </FormControl>

        <FormControl component="fieldset">
          <FormLabel component="legend" id="journey-mode-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('form.mode')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="journey-mode-label"
            name="mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as JourneyMode)}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}
          >
            {JOURNEY_MODES.map((option) => (
              <Paper key={option} variant="outlined" sx={{ borderColor: mode === option ? 'primary.main' : 'divider', borderWidth: mode === option ? 2 : 1 }}>
                <FormControlLabel
                  value={option}
                  control={<Radio sx={{ p: 1 }} />}
                  sx={{ m: 0, width: '100%', minHeight: 48, pr: 1 }}
                  label={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <ModeIcon mode={option} fontSize="small" color={mode === option ? 'primary' : 'action'} />
                      <span>{modeText(t, option)}</span>
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </RadioGroup>
        </FormControl>

        <Stack spacing={1} component="section" aria-labelledby="journey-arrival-label">
          <Typography id="journey-arrival-label" sx={{ fontWeight: 600 }} color="textSecondary">
            {t('form.arrival')}
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              {target && (
                <Typography sx={{ fontWeight: 600 }} data-testid="journey-chosen">
                  {target.name ? t('form.chosen', { destination: target.name }) : t('form.chosenPoint', { point: formatCoordinatePair(target, 4) })}
                </Typography>
              )}
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="journey-eta">
                {valid ? t('form.arrivalAt', { time: timeText(now + minutes * 60_000) }) : '—'}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <IconButton
                  aria-label={t('form.fewerMinutes')}
                  onClick={() => step(-STEP_MINUTES)}
                  disabled={minutes <= JOURNEY_LIMITS.minTripMinutes}
                  sx={{ width: 48, height: 48 }}
                >
                  <RemoveIcon />
                </IconButton>
                <TextField
                  label={t('form.minutes')}
                  type="number"
                  value={Number.isNaN(minutes) ? '' : minutes}
                  onChange={(event) => setOwnMinutes(Number.parseInt(event.target.value, 10))}
                  error={!valid}
                  helperText={
                    valid
                      ? t('form.minutesHint', { min: JOURNEY_LIMITS.minTripMinutes, max: JOURNEY_LIMITS.maxTripMinutes })
                      : t('form.minutesProblem', { min: JOURNEY_LIMITS.minTripMinutes, max: JOURNEY_LIMITS.maxTripMinutes })
                  }
                  slotProps={{ htmlInput: { min: JOURNEY_LIMITS.minTripMinutes, max: JOURNEY_LIMITS.maxTripMinutes, inputMode: 'numeric' } }}
                  sx={{ flex: 1, maxWidth: 200 }}
                />
                <IconButton
                  aria-label={t('form.moreMinutes')}
                  onClick={() => step(STEP_MINUTES)}
                  disabled={minutes >= JOURNEY_LIMITS.maxTripMinutes}
                  sx={{ width: 48, height: 48 }}
                >
                  <AddIcon />
                </IconButton>
              </Stack>
              {ownMinutes === null && estimate !== null && (
                <Typography variant="body2" color="textSecondary">
                  {t('form.estimated')}
                </Typography>
              )}
              {ownMinutes !== null && estimate !== null && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="textSecondary">
                    {t('form.custom')}
                  </Typography>
                  <Button size="small" onClick={() => setOwnMinutes(null)} sx={{ minHeight: 40 }}>
                    {t('form.useEstimate', { time: timeText(now + estimate * 60_000) })}
                  </Button>
                </Stack>
              )}
              {origin.state === 'locating' && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <CircularProgress size={16} aria-hidden />
                  <Typography variant="body2">{t('form.locating')}</Typography>
                </Stack>
              )}
              {origin.state === 'failed' && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2">{t('form.noPosition')}</Typography>
                  <Button size="small" onClick={retry} sx={{ minHeight: 40 }}>
                    {t('form.retry')}
                  </Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        </Stack>

        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600 }}>
            {t('form.contacts')}
          </FormLabel>
          {contacts.isSuccess && list.length === 0 ? (
            <FixItAlert severity="warning" to="/account?tab=contacts" fixLabel={t('form.addContacts')}>
              {t('form.noContacts')}
            </FixItAlert>
          ) : (
            <>
              <FormHelperText sx={{ ml: 0 }}>{t('form.contactsHint')}</FormHelperText>
              <FormGroup>
                {list.map((contact) => (
                  <FormControlLabel
                    key={contact.id}
                    control={<Checkbox checked={!unchecked.has(contact.id)} onChange={() => toggle(contact.id)} />}
                    label={contact.name}
                    sx={{ minHeight: 48 }}
                  />
                ))}
              </FormGroup>
            </>
          )}
        </FormControl>

        {start.isError && (
          <Alert severity="error" role="alert">
            {errorText(start.error)}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!canStart} loading={start.isPending} sx={{ minHeight: 48 }}>
          {t('form.start')}
        </Button>
      </Stack>
      <Suspense fallback={null}>
        {mapOpen && (
          <LocationSelectorDialog
            open
            initial={target ?? originPoint}
            onClose={() => setMapOpen(false)}
            onSelect={(picked) => {
              setDestination({ kind: 'map', point: { latitude: picked.latitude, longitude: picked.longitude }, name: clampName(picked.name) });
              setMissing(false);
              setMapOpen(false);
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
