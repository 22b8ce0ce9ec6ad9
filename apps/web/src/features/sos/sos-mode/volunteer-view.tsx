import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import type { SosEventVolunteerView } from '@saathi/shared';
import { useToast } from '../../../components/toast';
import { sosApi, sosKeys } from '../api/sos-api';
import { getSosPosition } from '../lib/position';
import { formatCoordinates, mapsLink } from '../lib/sms-link';
import { DistanceBandText, DistanceText } from './distance-text';

/**
 * An alerted volunteer's (or contact's) view: accept or decline, knowing only a distance band;
 * once accepted, the victim's live location, distance and a maps link while the event is
 * active; afterwards nothing of it.
 */
export function VolunteerView({ event }: { event: SosEventVolunteerView }) {
  const { t, i18n } = useTranslation('sos');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = event.victim.firstName ?? t('volunteer.someone');
  const threat = event.threat ? t(`dashboard:threats.${event.threat}`) : t('rating.defaultThreat');

  if (event.status !== 'active') return <VolunteerEventEnded />;

  const respond = async (answer: 'accept' | 'decline') => {
    setBusy(true);
    try {
      if (answer === 'accept') {
        // Sharing where the volunteer is lets the victim see how far help is.
        const here = await getSosPosition(5000);
        await sosApi.accept(event.id, here ? { latitude: here.latitude, longitude: here.longitude } : undefined);
      } else {
        await sosApi.decline(event.id);
      }
      await queryClient.invalidateQueries({ queryKey: sosKeys.event(event.id) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('volunteer.respondFailed'));
    } finally {
      setBusy(false);
    }
  };

  const location = event.victim.location;
  return (
    <Stack spacing={2}>
      <Card sx={{ bgcolor: 'error.main', color: 'error.contrastText' }} elevation={0}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('volunteer.title', { name })}
          </Typography>
          <Typography>
            {t('volunteer.summary', { threat, time: new Date(event.createdAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' }) })}
          </Typography>
        </CardContent>
      </Card>

      {event.response === 'accepted' ? (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={1.5}>
              <Alert severity="success">{t('volunteer.acceptedNote')}</Alert>
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
                  <Typography variant="body2" color="text.secondary">
                    {t('volunteer.updatedAt', {
                      time: new Date(location.at).toLocaleTimeString(i18n.language, { timeStyle: 'medium' }),
                      accuracy: location.accuracy != null ? Math.round(location.accuracy) : '?',
                    })}
                  </Typography>
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<MapIcon />}
                    // SPEC.md §7: a maps link with q=lat,lng, opened in a new tab.
                    href={mapsLink(location.latitude, location.longitude)}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('volunteer.openMaps')}
                  </Button>
                </>
              ) : (
                <Typography>{t('volunteer.locationPending')}</Typography>
              )}
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              {event.victim.distanceBand !== null && (
                <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
                  <DistanceBandText band={event.victim.distanceBand} to="volunteer" />
                </Typography>
              )}
              <Typography>{event.response === 'declined' ? t('volunteer.declinedNote') : t('volunteer.question')}</Typography>
              <Stack direction="row" spacing={1.5}>
                <Button variant="contained" color="success" size="large" sx={{ flex: 1, minHeight: 52 }} onClick={() => void respond('accept')} disabled={busy}>
                  {t('volunteer.accept')}
                </Button>
                {event.response !== 'declined' && (
                  <Button variant="outlined" color="inherit" size="large" sx={{ flex: 1, minHeight: 52 }} onClick={() => void respond('decline')} disabled={busy}>
                    {t('volunteer.decline')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}

      <Button href="tel:112" variant="outlined" color="error" size="large" startIcon={<PhoneInTalkIcon />}>
        {t('common:call112')}
      </Button>
    </Stack>
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
