import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import type { DeclineReason, SosEventView, SosEventVolunteerView } from '@saathi/shared';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { locationStore } from '../../../entities/location';
import { sosApi, sosKeys } from '../../../entities/sos-event';
import { getSosPosition, lastKnownPosition } from '../../../lib/position';
import { formatCoordinates } from '../../../entities/sos';
import { OpenMapsButton } from '../components/open-maps-button';
import { SosHeadlineCard } from '../components/sos-headline-card';
import { DistanceBandText, DistanceText } from './distance-text';
import { ResponderBadge } from '../../../entities/responder';
import { DeclineDialog, sceneApi, ScenePanel } from '../../responders';
import { PracticeBanner } from './practice-banner';
import { refetchAfterChange } from '../../../lib/refetch-after-change';

/**
 * An alerted volunteer's (or contact's) view: accept or decline, knowing only a distance band;
 * once accepted, the victim's live location, distance and a maps link while the event is
 * active; afterwards nothing of it.
 */
export function VolunteerView({ event }: { event: SosEventVolunteerView }) {
  const { t, i18n } = useTranslation(['sos', 'alerts']);
  const queryClient = useQueryClient();
  // The tapped answer while it is on its way, and why the last one failed.
  const [pending, setPending] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<{ answer: Answer; reason: FailureReason; error: unknown } | null>(null);
  const errorText = useErrorText();
  // One of the person's emergency contacts: they were chosen, so they see where the person is
  // before answering, and say "I'm coming" or "I can't come" (no reasons to pick).
  const asContact = event.recipientRole === 'contact';
  const [choosingReason, setChoosingReason] = useState(false);
  const name = event.victim.firstName ?? t('alerts:someone');
  const threat = event.threat ? t(`dashboard:threats.${event.threat}`) : t('rating.defaultThreat');

  if (event.status !== 'active') return <VolunteerEventEnded />;

  const respond = async (answer: Answer, reason?: DeclineReason) => {
    if (pending) return;
    setChoosingReason(false);
    setPending(answer);
    setFailure(null);
    try {
      // Never wait for a GPS fix here: the position the phone already has, else none (the
      // server then measures from their live position or volunteer place); a fresh fix
      // follows in the background.
      const known = answer === 'accept' ? knownPosition() : undefined;
      const result =
        answer === 'accept' ? await sosApi.accept(event.id, known) : reason ? await sceneApi.decline(event.id, reason) : await sosApi.decline(event.id);
      queryClient.setQueryData<SosEventView>(sosKeys.event(event.id), (current) =>
        current?.role === 'volunteer' ? { ...current, response: result.status, victim: { ...current.victim, distanceM: result.distanceM } } : current,
      );
      // The victim's location and maps link come with the accepted view.
      void refetchAfterChange(queryClient, { queryKey: sosKeys.event(event.id) });
      if (answer === 'accept' && !known) {
        const stillComing = () => {
          const current = queryClient.getQueryData<SosEventView>(sosKeys.event(event.id));
          return current?.role === 'volunteer' && current.status === 'active' && current.response === 'accepted';
        };
        void refineDistance(event.id, stillComing, () => void refetchAfterChange(queryClient, { queryKey: sosKeys.event(event.id) }));
      }
    } catch (error) {
      const reason = failureReason(error);
      setFailure({ answer, reason, error });
      // Ended meanwhile: the refetch shows the ended screen.
      if (reason === 'ended') void refetchAfterChange(queryClient, { queryKey: sosKeys.event(event.id) });
    } finally {
      setPending(null);
    }
  };

  const location = event.victim.location;
  const refresh = () => void refetchAfterChange(queryClient, { queryKey: sosKeys.event(event.id) });
  return (
    <Stack spacing={2}>
      {event.practice && <PracticeBanner />}
      {event.verifiedProfession && (
        <Stack direction="row">
          <ResponderBadge profession={event.verifiedProfession} />
        </Stack>
      )}
      <SosHeadlineCard
        title={t('volunteer.title', { name })}
        summary={t('volunteer.summary', { threat, time: new Date(event.createdAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' }) })}
      >
        {asContact && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('volunteer.asContact', { name })}
          </Typography>
        )}
      </SosHeadlineCard>

      {/* The answer first: a contact sees the location too, below it. */}
      {event.response !== 'accepted' && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {event.victim.distanceBand !== null && (
                <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
                  <DistanceBandText band={event.victim.distanceBand} to="volunteer" />
                </Typography>
              )}
              <Typography>
                {event.response === 'declined' ? t('volunteer.declinedNote') : t(asContact ? 'volunteer.questionContact' : 'volunteer.question', { name })}
              </Typography>
              <Stack direction="row" spacing={1.5}>
                <AnswerButton answer="accept" asContact={asContact} pending={pending} onClick={() => void respond('accept')} />
                {event.response !== 'declined' && (
                  <AnswerButton
                    answer="decline"
                    asContact={asContact}
                    pending={pending}
                    onClick={() => (asContact ? void respond('decline') : setChoosingReason(true))}
                  />
                )}
              </Stack>
              {failure && (
                <Alert
                  severity="error"
                  role="alert"
                  action={
                    failure.reason === 'network' || failure.reason === 'server' ? (
                      <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void respond(failure.answer)}>
                        {t('common:actions.retry')}
                      </Button>
                    ) : undefined
                  }
                >
                  {failure.reason === 'refused' ? errorText(failure.error) : t(`volunteer.failed.${failure.reason}`)}
                </Alert>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}

      {(event.response === 'accepted' || location) && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              {event.response === 'accepted' && (
                <Alert severity="success" role="status">
                  <AlertTitle>{t('volunteer.going')}</AlertTitle>
                  {t(asContact ? 'volunteer.acceptedNoteContact' : 'volunteer.acceptedNote', { name })}
                </Alert>
              )}
              {location ? (
                <>
                  <Typography variant="h6" component="h2">
                    {t('volunteer.liveLocation')}
                  </Typography>
                  {event.victim.distanceM !== null && (
                    <Typography sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
                      <DistanceText metres={event.victim.distanceM} /> {t('volunteer.away')}
                    </Typography>
                  )}
                  <Typography sx={{ fontFamily: 'monospace' }}>{formatCoordinates(location.latitude, location.longitude)}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t('volunteer.updatedAt', {
                      time: new Date(location.at).toLocaleTimeString(i18n.language, { timeStyle: 'medium' }),
                      accuracy: location.accuracy != null ? Math.round(location.accuracy) : '?',
                    })}
                  </Typography>
                  <OpenMapsButton latitude={location.latitude} longitude={location.longitude} label={t('volunteer.openMaps')} />
                </>
              ) : (
                <Typography>{t('volunteer.locationPending')}</Typography>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}

      {event.response === 'accepted' && <ScenePanel event={event} onChanged={refresh} />}

      <Button href="tel:112" variant="outlined" color="error" size="large" startIcon={<PhoneInTalkIcon />}>
        {t('common:call112')}
      </Button>
      <DeclineDialog open={choosingReason} onChoose={(reason) => void respond('decline', reason)} onClose={() => setChoosingReason(false)} />
    </Stack>
  );
}

type Answer = 'accept' | 'decline';
/** `refused`: any other answer the server gave with its code, shown as that code's own text. */
type FailureReason = 'network' | 'ended' | 'server' | 'refused';

function failureReason(error: unknown): FailureReason {
  if (!isApiError(error) || error.isNetworkError) return 'network';
  if (error.code === 'sos_ended') return 'ended';
  if (error.status >= 500) return 'server';
  return 'refused';
}

/** A position the phone already has and that still says where the volunteer is. */
const KNOWN_POSITION_MAX_AGE_MS = 2 * 60_000;

function knownPosition(): Parameters<typeof sosApi.accept>[1] {
  const candidates = [locationStore().getState().position, lastKnownPosition()];
  const fresh = candidates.filter((p) => p !== null && Date.now() - p.at <= KNOWN_POSITION_MAX_AGE_MS).sort((a, b) => (b?.at ?? 0) - (a?.at ?? 0))[0];
  return fresh ? { latitude: fresh.latitude, longitude: fresh.longitude } : undefined;
}

/** After accepting without a position: a fresh fix, sent as a second accept, refines how far they are. */
async function refineDistance(eventId: number, stillComing: () => boolean, done: () => void): Promise<void> {
  const fix = await getSosPosition(15_000);
  // Withdrawn meanwhile: a second accept would take them back in.
  if (!fix || fix.stale || !stillComing()) return;
  try {
    await sosApi.accept(eventId, { latitude: fix.latitude, longitude: fix.longitude });
    done();
  } catch {
    // The first answer stands; the distance stays the one measured without the fix.
  }
}

/** Accept or Decline: the tapped one shows at once that it is working; the other waits. */
function AnswerButton({ answer, asContact, pending, onClick }: { answer: Answer; asContact: boolean; pending: Answer | null; onClick: () => void }) {
  const { t } = useTranslation('sos');
  const working = pending === answer;
  const accept = answer === 'accept';
  const label = asContact ? (accept ? 'volunteer.acceptContact' : 'volunteer.declineContact') : accept ? 'volunteer.accept' : 'volunteer.decline';
  return (
    <Button
      variant={accept ? 'contained' : 'outlined'}
      color={accept ? 'success' : 'inherit'}
      size="large"
      sx={{ flex: 1, minHeight: 52 }}
      onClick={onClick}
      // The tapped button keeps its colour (not greyed out) and says what it is doing.
      disabled={pending !== null && !working}
      aria-busy={working || undefined}
      aria-disabled={working || undefined}
      startIcon={working ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
    >
      {working ? t(accept ? 'volunteer.accepting' : 'volunteer.declining') : t(label)}
    </Button>
  );
}

/** After the event: that it ended, and nothing more of it (no location, no map link). */
export function VolunteerEventEnded() {
  const { t } = useTranslation('sos');
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('volunteer.endedTitle')}
      </Typography>
      <Alert severity="success">{t('volunteer.endedBody')}</Alert>
      <Button component={RouterLink} to="/notifications" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {t('volunteer.backToNotifications')}
      </Button>
    </Stack>
  );
}
