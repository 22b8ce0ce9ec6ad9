import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import type { SosEventOwnerView } from '@saathi/shared';
import { useHoldBackgroundToasts, useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useMeQuery } from '../../../entities/user';
import { SosHeadlineCard } from '../components/sos-headline-card';
import { sosApi, sosKeys } from '../../../entities/sos-event';
import { readActiveEvent } from '../lib/active-event';
import { useEvidenceRecorder } from '../evidence/use-evidence-recorder';
import { EvidencePlayer } from '../evidence/evidence-player';
import { RatingDialog, type RatingSource } from '../rating/rating-dialog';
import { CancelSosDialog } from './end-event-dialog';
import { EvidenceStatus } from './evidence-status';
import { RecipientsList } from './recipients-list';
import { useLocationStreaming } from './use-location-streaming';
import { RecipientDistance } from './distance-text';
import { AcceptedStatus } from './accepted-status';

/** The victim's live screen: location streaming, who was alerted and who is coming, resolve/cancel. */
export function OwnerView({ event }: { event: SosEventOwnerView }) {
  const { t, i18n } = useTranslation('sos');
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { data: me } = useMeQuery();
  const active = event.status === 'active';
  // Nothing that is not about this SOS covers its screen while it is active.
  useHoldBackgroundToasts(active ? event.id : null);
  const streaming = useLocationStreaming(event.id, active);
  // Only the device that raised the alert records: two devices would interleave their chunks.
  const raisedHere = readActiveEvent(event.userId)?.id === event.id;
  const recorder = useEvidenceRecorder(event.id, active && raisedHere && me?.startAudioVideoRecordOnSos === true);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [ending, setEnding] = useState(false);
  const [rating, setRating] = useState<RatingSource | null>(null);
  const wasActive = useRef(active);

  // Ended while on screen (here or from another device): time to rate the volunteers.
  useEffect(() => {
    if (wasActive.current && !active) setRating('sosmode');
    wasActive.current = active;
  }, [active]);

  const end = async (action: 'resolve' | 'cancel') => {
    setEnding(true);
    try {
      const updated = await (action === 'resolve' ? sosApi.resolve(event.id) : sosApi.cancel(event.id));
      queryClient.setQueryData(sosKeys.event(event.id), updated);
      setConfirmCancel(false);
    } catch (error) {
      toast.error(error instanceof Error ? errorText(error) : t('owner.endFailed'));
    } finally {
      setEnding(false);
    }
  };

  const volunteers = event.alerted.filter((recipient) => recipient.kind === 'volunteer');
  const contacts = event.alerted.filter((recipient) => recipient.kind === 'contact');
  // A contact who also volunteers nearby counts among the volunteers the radius reached.
  const volunteersInRadius = volunteers.length + contacts.filter((recipient) => recipient.alsoVolunteer).length;
  const comingTitle = t(event.accepted.some((recipient) => recipient.role === 'contact') ? 'owner.acceptedTitlePeople' : 'owner.acceptedTitle', {
    count: event.accepted.length,
  });
  const threat = event.threat ? t(`dashboard:threats.${event.threat}`) : t('rating.defaultThreat');
  const startedAt = new Date(event.createdAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' });

  return (
    <Stack spacing={2}>
      <SosHeadlineCard title={t(`owner.title.${event.status}`)} summary={t('owner.summary', { threat, time: startedAt })} live={active}>
        {active && (
          // "pretty": no "m)" left alone on the last line at 360 px.
          <Typography variant="body2" sx={{ mt: 1, textWrap: 'pretty' }} role="status">
            {streaming.error
              ? t(`owner.location.${streaming.error}`)
              : streaming.lastSentAt
                ? t('owner.location.sent', {
                    time: new Date(streaming.lastSentAt).toLocaleTimeString(i18n.language, { timeStyle: 'medium' }),
                    accuracy: streaming.accuracy != null ? Math.round(streaming.accuracy) : '?',
                  })
                : t('owner.location.starting')}
          </Typography>
        )}
      </SosHeadlineCard>

      <Button
        href="tel:112"
        variant="contained"
        color="error"
        size="large"
        startIcon={<PhoneInTalkIcon />}
        sx={{ minHeight: 56, fontSize: '1.125rem', fontWeight: 700 }}
      >
        {t('common:call112')}
      </Button>

      {active && (
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" color="success" size="large" sx={{ flex: 1, minHeight: 52 }} onClick={() => void end('resolve')} disabled={ending}>
            {t('owner.resolve')}
          </Button>
          <Button variant="outlined" color="inherit" size="large" sx={{ flex: 1, minHeight: 52 }} onClick={() => setConfirmCancel(true)} disabled={ending}>
            {t('owner.cancel')}
          </Button>
        </Stack>
      )}

      {active && <EvidenceStatus recorder={recorder} />}

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {event.accepted.length === 0 ? t(event.contactsOnly ? 'owner.acceptedNoneContacts' : 'owner.acceptedNone') : comingTitle}
          </Typography>
          {event.accepted.length === 0 ? (
            // A contacts-only SOS alerted no volunteer: say who may answer.
            <Typography color="textSecondary">
              {event.contactsOnly
                ? t(active ? 'owner.waitingForContacts' : 'owner.noneAcceptedContacts')
                : t(active ? 'owner.waitingForVolunteers' : 'owner.noneAccepted')}
            </Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }} aria-label={comingTitle}>
              {event.accepted.map((recipient) => (
                <Typography component="li" key={recipient.notificationId} sx={{ fontWeight: 500 }}>
                  {recipient.name ?? t('recipients.volunteer')}
                  {(recipient.distanceM !== null || recipient.distanceBand !== null) && (
                    <>
                      {' · '}
                      <RecipientDistance distanceM={recipient.distanceM} distanceBand={recipient.distanceBand} />
                    </>
                  )}
                  <AcceptedStatus recipient={recipient} />
                </Typography>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('owner.alertedTitle')}
          </Typography>
          {event.contactsOnly ? (
            <Typography variant="body2" color="textSecondary">
              {t('owner.contactsOnlyNote')}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="textSecondary">
                {t('owner.radiusNote', { count: volunteersInRadius, radius: event.radiusM })}
              </Typography>
              {volunteers.length > 0 && (
                <Typography variant="body2" color="textSecondary">
                  {t('owner.bandNote')}
                </Typography>
              )}
            </>
          )}
          {contacts.length === 0 && volunteers.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{active ? t(event.contactsOnly ? 'owner.alertingContacts' : 'owner.alerting') : t('owner.nobodyAlerted')}</Typography>
          ) : (
            <RecipientsList recipients={[...contacts, ...volunteers]} label={t('owner.alertedTitle')} />
          )}
        </CardContent>
      </Card>

      {!active && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Alert severity={event.status === 'resolved' ? 'success' : 'info'}>{t(`owner.ended.${event.status}`)}</Alert>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button variant="contained" onClick={() => setRating('history')}>
                  {t('owner.rateVolunteers')}
                </Button>
                <Button component={RouterLink} to="/" variant="text">
                  {t('owner.backToDashboard')}
                </Button>
              </Stack>
              <EvidencePlayer eventId={event.id} />
            </Stack>
          </CardContent>
        </Card>
      )}

      <CancelSosDialog open={confirmCancel} busy={ending} onConfirm={() => void end('cancel')} onClose={() => setConfirmCancel(false)} />
      {rating && <RatingDialog eventId={event.id} source={rating} open onHide={() => setRating(null)} />}
    </Stack>
  );
}
