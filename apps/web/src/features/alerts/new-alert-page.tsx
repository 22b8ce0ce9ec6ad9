import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ageInYears,
  formatCoordinatePair,
  LOCAL_ALERT_CATEGORIES,
  LOCAL_ALERT_LIMITS,
  refusedAlertText,
  type LatLon,
  type LocalAlertCategory,
  type User,
} from '@saathi/shared';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { WithMe } from '../../entities/user-screen';
import { REPORTED_PARAM } from './alerts-page';
import { CategoryIcon } from './category-icon';
import { label } from './labels';
import { useOwnReelsQuery, useReportAlertMutation } from './queries';
import { useDevicePosition } from './use-device-position';
import { loadLocationPicker } from '../community/lazy';

const LocationSelectorDialog = lazy(() => loadLocationPicker().then((module) => ({ default: module.LocationSelectorDialog })));

type Where = 'here' | 'saved' | 'map';
type Problem = 'category' | 'where' | 'text';

/** Reporting is for adults (the server says so too). */
export const REPORTER_MIN_AGE = 18;

/** `/alerts/new`: a signed-in adult reports what is happening nearby. */
export function NewAlertPage() {
  const { t } = useTranslation('local-alerts');
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageHeader title={t('new.title')} subtitle={t('new.intro')} />
      <WithMe>
        {(user) => (user.dob && ageInYears(user.dob) >= REPORTER_MIN_AGE ? <ReportForm user={user} /> : <AdultsOnly hasDob={user.dob !== null} />)}
      </WithMe>
    </Stack>
  );
}

function AdultsOnly({ hasDob }: { hasDob: boolean }) {
  const { t } = useTranslation('local-alerts');
  return (
    <Alert severity="info">
      {hasDob ? t('new.adultsOnly') : t('new.needDob')}{' '}
      {!hasDob && (
        <Link component={RouterLink} to="/account?tab=profile">
          {t('new.addDob')}
        </Link>
      )}
    </Alert>
  );
}

function ReportForm({ user }: { user: User }) {
  const { t } = useTranslation('local-alerts');
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const report = useReportAlertMutation();
  const reels = useOwnReelsQuery(user.id);
  const { position, retry } = useDevicePosition();
  const [category, setCategory] = useState<LocalAlertCategory | null>(null);
  const [where, setWhere] = useState<Where>('here');
  const [savedId, setSavedId] = useState<number | null>(user.locations[0]?.id ?? null);
  const [mapPoint, setMapPoint] = useState<LatLon | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const [text, setText] = useState('');
  const [reelId, setReelId] = useState('');
  const [problems, setProblems] = useState<ReadonlySet<Problem>>(new Set());
  /** The server's refusal of the text, in the reader's language. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const savedPlace = user.locations.find((place) => place.id === savedId) ?? null;
  const point: LatLon | null =
    where === 'here'
      ? position.state === 'found'
        ? position.point
        : null
      : where === 'saved'
        ? savedPlace && { latitude: savedPlace.location.coordinates[1], longitude: savedPlace.location.coordinates[0] }
        : mapPoint;
  const trimmed = text.trim();
  const tooLong = text.length > LOCAL_ALERT_LIMITS.textMax;
  // The same rule the server applies, said while typing; the server's answer is the one that counts.
  const flagged = refusedAlertText(text);
  const ownReels = reels.data ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = new Set<Problem>();
    if (!category) missing.add('category');
    if (!point) missing.add('where');
    if (!trimmed || tooLong) missing.add('text');
    setProblems(missing);
    setRefusal(null);
    if (!category || !point || missing.size > 0) return;
    try {
      const created = await report.mutateAsync({
        category,
        latitude: point.latitude,
        longitude: point.longitude,
        text: trimmed,
        ...(reelId ? { reelId: Number(reelId) } : {}),
      });
      await navigate(`/alerts?${REPORTED_PARAM}=${created.id}`);
    } catch (error) {
      if (isApiError(error) && (error.code === 'alert_text_refused' || error.field === 'text')) setRefusal(errorText(error));
      else toast.error(errorText(error));
    }
  }

  const textHelp =
    refusal ?? (problems.has('text') ? (tooLong ? t('new.textTooLong', { count: LOCAL_ALERT_LIMITS.textMax }) : t('new.textMissing')) : t('new.textHint'));

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={3}>
        <FormControl component="fieldset" error={problems.has('category')}>
          <FormLabel component="legend" id="report-category-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('new.category')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="report-category-label"
            name="category"
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value as LocalAlertCategory)}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
          >
            {LOCAL_ALERT_CATEGORIES.map((option) => (
              <Paper key={option} variant="outlined" sx={{ px: 1, py: 0.5, borderColor: category === option ? 'primary.main' : 'divider' }}>
                <FormControlLabel
                  value={option}
                  control={<Radio />}
                  sx={{ m: 0, width: '100%', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.25 } }}
                  label={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', py: 0.75 }}>
                      <CategoryIcon category={option} sx={{ mt: 0.125 }} />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{label(t, 'categories', option)}</Typography>
                        <Typography variant="body2" color="textSecondary">
                          {label(t, 'categoryHints', option)}
                        </Typography>
                      </Box>
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </RadioGroup>
          {problems.has('category') && <FormHelperText>{t('new.categoryMissing')}</FormHelperText>}
        </FormControl>

        <FormControl component="fieldset" error={problems.has('where')}>
          <FormLabel component="legend" id="report-where-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('new.where')}
          </FormLabel>
          <RadioGroup aria-labelledby="report-where-label" name="where" value={where} onChange={(event) => setWhere(event.target.value as Where)}>
            <FormControlLabel value="here" control={<Radio />} label={t('new.whereHere')} />
            {where === 'here' && (
              <Box sx={{ pl: 4, pb: 1 }}>
                {position.state === 'locating' && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <CircularProgress size={16} aria-hidden />
                    <Typography variant="body2">{t('near.locating')}</Typography>
                  </Stack>
                )}
                {position.state === 'found' && (
                  <Typography variant="body2" color="textSecondary" data-testid="report-point">
                    {t('new.foundHere', { point: formatCoordinatePair(position.point, 4) })}
                  </Typography>
                )}
                {position.state === 'failed' && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="body2">{t('new.hereFailed')}</Typography>
                    <Button size="small" onClick={retry}>
                      {t('near.retry')}
                    </Button>
                  </Stack>
                )}
              </Box>
            )}
            <FormControlLabel value="saved" control={<Radio />} label={t('new.whereSaved')} disabled={user.locations.length === 0} />
            {where === 'saved' && (
              <Box sx={{ pl: 4, pb: 1 }}>
                <TextField
                  select
                  fullWidth
                  size="small"
                  id="report-saved-place"
                  label={t('new.savedPlace')}
                  value={savedId ?? ''}
                  onChange={(event) => setSavedId(Number(event.target.value))}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {user.locations.map((place) => (
                    <option key={place.id} value={place.id}>
                      {place.name}
                    </option>
                  ))}
                </TextField>
              </Box>
            )}
            <FormControlLabel value="map" control={<Radio />} label={t('new.whereMap')} />
            {where === 'map' && (
              <Stack direction="row" spacing={1} sx={{ pl: 4, pb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button variant="outlined" size="small" startIcon={<MapOutlinedIcon />} onClick={() => setMapOpen(true)}>
                  {mapPoint ? t('new.mapChange') : t('new.mapChoose')}
                </Button>
                {mapPoint && (
                  <Typography variant="body2" color="textSecondary" data-testid="report-point">
                    {formatCoordinatePair(mapPoint, 4)}
                  </Typography>
                )}
              </Stack>
            )}
          </RadioGroup>
          {user.locations.length === 0 && <FormHelperText sx={{ ml: 0 }}>{t('new.noSavedPlaces')}</FormHelperText>}
          {problems.has('where') && <FormHelperText>{t('new.whereMissing')}</FormHelperText>}
          <FormHelperText sx={{ ml: 0 }}>{t('new.whereShown')}</FormHelperText>
        </FormControl>

        <Box>
          <TextField
            id="report-text"
            fullWidth
            multiline
            minRows={3}
            label={t('new.text')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            error={refusal !== null || problems.has('text') || tooLong}
            helperText={
              <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
                <span>{textHelp}</span>
                <Box component="span" sx={{ flexShrink: 0 }} data-testid="text-counter">
                  {t('new.counter', { length: text.length, max: LOCAL_ALERT_LIMITS.textMax })}
                </Box>
              </Box>
            }
          />
          {(refusal !== null || flagged) && (
            <Alert severity={refusal ? 'error' : 'warning'} sx={{ mt: 1 }} data-testid="text-refusal">
              {flagged ? t('new.flagged', { topic: label(t, 'topics', flagged.topic) }) : null} {t('new.refusedWhy')}
            </Alert>
          )}
        </Box>

        {ownReels.length > 0 && (
          <TextField
            select
            fullWidth
            id="report-reel"
            label={t('new.reel')}
            helperText={t('new.reelHint')}
            value={reelId}
            onChange={(event) => setReelId(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('new.noReel')}</option>
            {ownReels.map((reel) => (
              <option key={reel.id} value={reel.id}>
                {reel.title}
              </option>
            ))}
          </TextField>
        )}

        <Alert severity="info">{t('new.whatHappens')}</Alert>

        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={report.isPending}>
            {t('new.send')}
          </Button>
          <Button component={RouterLink} to="/alerts">
            {t('actions.cancel')}
          </Button>
        </Stack>
      </Stack>
      <Suspense fallback={null}>
        {mapOpen && (
          <LocationSelectorDialog
            open
            initial={point}
            onClose={() => setMapOpen(false)}
            onSelect={(picked) => {
              setMapPoint({ latitude: picked.latitude, longitude: picked.longitude });
              setMapOpen(false);
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
