import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import type { JourneyPositionsAnswer } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { refetchAfterChange } from '../../lib/refetch-after-change';
import { useErrorText } from '../../lib/error-text';
import { shareOrCopy } from '../../lib/share-or-copy';
import { useNow } from '../../lib/use-now';
import { formatLeft, PinPad } from '../safety-timer';
import { JourneyQuestion, type Question } from './journey-question';
import { ModeIcon } from './mode-icon';
import { modeText } from './texts';
import { journeyKeys, useArriveMutation, useExtendJourneyMutation, useJourneyOkMutation, type Journey } from './queries';

const EXTENSIONS = [5, 10, 15] as const;

/** The question the screen asks now, if any: late first, then a check, then "Arrived?". */
export function questionOf(journey: Journey, arrival: JourneyPositionsAnswer['arrival']): Question | null {
  if (journey.stage === 'overdue' || journey.stage === 'contacts_alerted' || journey.stage === 'sos_raised') return { kind: 'late', stage: journey.stage };
  if (journey.check) return { kind: 'check', reason: journey.check.reason, endsAt: journey.check.endsAt };
  const asked = arrival ?? journey.arrival;
  return asked ? { kind: 'arrival', endsAt: asked.endsAt } : null;
}

/**
 * An active journey: where to, how, the time left to the expected arrival, the question the
 * server asks (if any) with the PIN pad, "I have arrived", more time, and the tracking link to
 * share. `arrival` is "Arrived?" from the answers to the points (useJourneyTrack).
 */
export function ActiveJourney({
  journey,
  arrival,
  location,
}: {
  journey: Journey;
  arrival: JourneyPositionsAnswer['arrival'];
  location: 'on' | 'off' | 'waiting';
}) {
  const { t, i18n } = useTranslation('journeys');
  const toast = useToast();
  const errorText = useErrorText();
  const arrive = useArriveMutation();
  const ok = useJourneyOkMutation();
  const extend = useExtendJourneyMutation();
  const [padOpen, setPadOpen] = useState(false);
  const now = useNow(1000);
  const left = Date.parse(journey.expectedArrivalAt) - now;
  const time = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { timeStyle: 'short' }).format(new Date(iso));
  const question = questionOf(journey, arrival);
  const name = journey.destination.name;
  const queryClient = useQueryClient();
  const questionEndsAt = question && 'endsAt' in question ? question.endsAt : null;

  // The journey changes on the server at known times (the alarm, the end of a question): look then, not at the next poll.
  useEffect(() => {
    const next = [questionEndsAt, journey.alertAt]
      .map((at) => (at ? Date.parse(at) - Date.now() : Number.NaN))
      .filter((ms) => ms > 0)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timeout = setTimeout(() => void refetchAfterChange(queryClient, { queryKey: journeyKeys.current() }), next + 1000);
    return () => clearTimeout(timeout);
  }, [questionEndsAt, journey.alertAt, queryClient]);

  const onArrive = (pin: string) =>
    arrive.mutate(
      { id: journey.id, pin },
      {
        onSuccess: () => setPadOpen(false),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  const onOk = (pin: string) => ok.mutate({ id: journey.id, pin }, { onError: (error) => toast.error(errorText(error)) });

  async function share() {
    if (!journey.trackingUrl) return;
    const outcome = await shareOrCopy({ title: t('active.shareText'), text: t('active.shareText'), url: journey.trackingUrl });
    if (outcome === 'copied') toast.success(t('active.copied'));
    else if (outcome === 'failed') toast.error(t('active.copyFailed'));
  }
  async function copy() {
    if (!journey.trackingUrl) return;
    try {
      await navigator.clipboard.writeText(journey.trackingUrl);
      toast.success(t('active.copied'));
    } catch {
      toast.error(t('active.copyFailed'));
    }
  }

  const extensions = EXTENSIONS.filter((minutes) => minutes <= journey.extendableMinutes);

  return (
    <Stack spacing={2}>
      {question && (
        <JourneyQuestion
          question={question}
          destination={name}
          pending={question.kind === 'check' ? ok.isPending : arrive.isPending}
          onPin={question.kind === 'check' ? onOk : onArrive}
        />
      )}

      <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="journey-destination">
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h6" component="h2" id="journey-destination" sx={{ fontWeight: 700 }}>
            {name ? t('active.goingTo', { destination: name }) : t('active.goingSomewhere')}
          </Typography>
          <Chip icon={<ModeIcon mode={journey.mode} />} label={modeText(t, journey.mode)} variant="outlined" />
          <Typography variant="overline" color="textSecondary">
            {t('active.timeLeft')}
          </Typography>
          <Typography variant="h2" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1 }} data-testid="journey-time-left">
            {formatLeft(left)}
          </Typography>
          <Typography color="textSecondary">{t('active.expectedAt', { time: time(journey.expectedArrivalAt) })}</Typography>
          {left <= 0 && !question && (
            <Typography color="warning.dark" sx={{ fontWeight: 600 }}>
              {t('active.late', { time: time(journey.alertAt) })}
            </Typography>
          )}
        </Stack>
      </Paper>

      {!question && (
        <Button variant="contained" size="large" color="success" onClick={() => setPadOpen(true)} sx={{ minHeight: 56, fontSize: '1.1rem' }}>
          {t('active.arrived')}
        </Button>
      )}

      {extensions.length > 0 && (
        <Stack spacing={1} component="section" aria-labelledby="journey-extend">
          <Typography id="journey-extend" sx={{ fontWeight: 600 }}>
            {t('active.extendTitle')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {extensions.map((minutes) => (
              <Button
                key={minutes}
                variant="outlined"
                disabled={extend.isPending}
                aria-label={t('active.extendLabel', { count: minutes })}
                sx={{ minHeight: 48, minWidth: 80 }}
                onClick={() =>
                  extend.mutate(
                    { id: journey.id, minutes },
                    { onSuccess: () => toast.success(t('active.extended')), onError: (error) => toast.error(errorText(error)) },
                  )
                }
              >
                {t('active.extend', { count: minutes })}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {t('active.extendLeft', { count: journey.extendableMinutes })}
          </Typography>
        </Stack>
      )}

      {journey.trackingUrl && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="journey-share">
          <Stack spacing={1}>
            <Typography variant="h6" component="h2" id="journey-share" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
              {t('active.shareTitle')}
            </Typography>
            <Typography variant="body2">{t('active.shareBody')}</Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="journey-tracking-url">
              {journey.trackingUrl}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<ShareOutlinedIcon />} onClick={() => void share()} sx={{ minHeight: 48 }}>
                {t('active.share')}
              </Button>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ minHeight: 48 }}>
                {t('active.copy')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}

      <Typography variant="body2" color={location === 'off' ? 'warning' : 'textSecondary'} role="status">
        {location === 'off' ? t('active.locationOff') : location === 'on' ? t('active.locationOn') : t('active.locationWaiting')}
      </Typography>

      <Dialog open={padOpen} onClose={() => setPadOpen(false)} fullWidth maxWidth="xs" aria-labelledby="journey-pin-title">
        <DialogTitle id="journey-pin-title">{t('active.pinTitle')}</DialogTitle>
        <DialogContent>
          <PinPad onSubmit={onArrive} pending={arrive.isPending} submitLabel={t('question.arrive')} />
        </DialogContent>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', p: 1 }}>
          <Button onClick={() => setPadOpen(false)} sx={{ minHeight: 48 }}>
            {t('active.cancel')}
          </Button>
        </Stack>
      </Dialog>
    </Stack>
  );
}
