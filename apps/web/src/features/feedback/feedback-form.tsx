import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, type FeedbackCategory, type FeedbackDiagnostics } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { getSession } from '../../entities/session';
import { useErrorText } from '../../lib/error-text';
import { DiagnosticsList } from './diagnostics-list';
import { readDiagnostics, readPosition } from './diagnostics';
import type { QueuedFeedback } from './feedback-outbox';
import { feedbackOutbox, sendQueued } from './outbox';
import { feedbackKeys } from './queries';
import { useFeedbackLabels } from './labels';
import { refetchAfterChange } from '../../lib/refetch-after-change';

type Result = { kind: 'sent'; id: number } | { kind: 'queued' } | { kind: 'failed'; message: string } | null;

const MB = 1024 * 1024;

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The ticket form: what it is about, the text, a screenshot, and what will be attached, shown before sending. */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [text, setText] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [diagnostics, setDiagnostics] = useState<FeedbackDiagnostics | null>(null);
  const [withLocation, setWithLocation] = useState(false);
  const [location, setLocation] = useState<FeedbackDiagnostics['location']>(undefined);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  useEffect(() => {
    let live = true;
    void readDiagnostics().then((read) => live && setDiagnostics(read));
    return () => {
      live = false;
    };
  }, []);

  const textError = touched && text.trim() === '' ? t('form.textRequired') : null;
  const categoryError = touched && !category ? t('form.categoryRequired') : null;
  const screenshotError =
    screenshot && screenshot.size > FEEDBACK_LIMITS.screenshotBytesMax ? t('form.screenshotTooLarge', { mb: FEEDBACK_LIMITS.screenshotBytesMax / MB }) : null;

  async function toggleLocation(checked: boolean) {
    setWithLocation(checked);
    setLocationNote(null);
    if (!checked) {
      setLocation(undefined);
      return;
    }
    const position = await readPosition();
    if (position.ok) setLocation(position.location);
    else {
      setWithLocation(false);
      setLocationNote(position.reason === 'denied' ? t('form.locationDenied') : t('form.locationUnavailable'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setResult(null);
    const userId = getSession()?.user.id;
    if (!category || text.trim() === '' || screenshotError || !diagnostics || userId === undefined) return;
    const item: QueuedFeedback = {
      clientId: newClientId(),
      userId,
      category,
      text: text.trim(),
      diagnostics: { ...diagnostics, online: navigator.onLine, ...(withLocation && location ? { location } : {}) },
      screenshot,
      queuedAt: new Date().toISOString(),
    };
    setSending(true);
    try {
      const outcome = navigator.onLine ? await sendQueued(item) : ({ kind: 'retry' } as const);
      if (outcome.kind === 'retry') {
        await feedbackOutbox().add(item);
        setResult({ kind: 'queued' });
      } else if (outcome.kind === 'sent') {
        setResult({ kind: 'sent', id: outcome.ticket.id });
        void refetchAfterChange(queryClient, { queryKey: feedbackKeys.mine() });
      } else {
        throw new Error('refused');
      }
      setText('');
      setScreenshot(null);
      setCategory(null);
      setWithLocation(false);
      setLocation(undefined);
      setTouched(false);
    } catch (error) {
      setResult({ kind: 'failed', message: isApiError(error) ? errorText(error) : t('form.failed') });
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <FormControl error={Boolean(categoryError)} required>
          <FormLabel id="feedback-category-label">{t('form.category')}</FormLabel>
          <RadioGroup
            aria-labelledby="feedback-category-label"
            row
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value as FeedbackCategory)}
          >
            {FEEDBACK_CATEGORIES.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={labels.category(value)} />
            ))}
          </RadioGroup>
          {categoryError && (
            <Typography variant="caption" color="error">
              {categoryError}
            </Typography>
          )}
        </FormControl>
        {category === 'safety_concern' && <Alert severity="warning">{t('form.emergencyNote')}</Alert>}

        <TextField
          label={t('form.text')}
          required
          multiline
          minRows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(textError)}
          helperText={textError ?? t('form.textCount', { length: text.length, max: FEEDBACK_LIMITS.textMax })}
          slotProps={{ htmlInput: { maxLength: FEEDBACK_LIMITS.textMax } }}
        />

        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button component="label" htmlFor={fileInputId} variant="outlined">
            {screenshot ? t('form.replaceScreenshot') : t('form.addScreenshot')}
            <input
              id={fileInputId}
              type="file"
              accept="image/*"
              hidden
              onChange={(event) => {
                setScreenshot(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
          </Button>
          {screenshot && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2">{t('form.screenshotChosen', { name: screenshot.name, size: (screenshot.size / MB).toFixed(1) })}</Typography>
              <Button size="small" onClick={() => setScreenshot(null)}>
                {t('form.removeScreenshot')}
              </Button>
            </Stack>
          )}
          {screenshotError && (
            <Typography variant="caption" color="error">
              {screenshotError}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary">
            {t('form.screenshotHint', { mb: FEEDBACK_LIMITS.screenshotBytesMax / MB })}
          </Typography>
        </Stack>

        <Box component="section" aria-labelledby="feedback-diagnostics-heading" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2 }}>
          <Typography id="feedback-diagnostics-heading" variant="subtitle2" component="h2">
            {t('diagnostics.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {t('diagnostics.intro')}
          </Typography>
          {diagnostics && <DiagnosticsList diagnostics={{ ...diagnostics, ...(withLocation && location ? { location } : {}) }} />}
          <FormControlLabel
            control={<Checkbox checked={withLocation} onChange={(event) => void toggleLocation(event.target.checked)} />}
            label={t('form.addLocation')}
          />
          {locationNote && (
            <Typography variant="caption" color="error" component="p">
              {locationNote}
            </Typography>
          )}
        </Box>

        {result?.kind === 'sent' && <Alert severity="success">{t('form.sent', { id: result.id })}</Alert>}
        {result?.kind === 'queued' && <Alert severity="info">{t('form.queued')}</Alert>}
        {result?.kind === 'failed' && <Alert severity="error">{result.message}</Alert>}

        <Box>
          <Button type="submit" variant="contained" loading={sending} disabled={!diagnostics}>
            {t('form.send')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
