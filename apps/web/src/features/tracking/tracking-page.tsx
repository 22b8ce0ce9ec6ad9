import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { api, isApiError } from '../../lib/api-client';
import { BrandMark } from '../../components/brand-mark';
import { formatCoordinates } from '../../entities/sos';
import { sosKeys } from '../../entities/sos-event';
import { OpenMapsButton, SosHeadlineCard } from '../sos';
import { QueryState } from '../../components/query-state';
import { SceneResponders } from '../../entities/sos-scene';
import { TrackedJourneyHeadline, TrackedJourneyMap } from './tracked-journey';

/** Contacts without the app see the location refresh this often. */
export const TRACKING_POLL_MS = 5000;

/**
 * Why the link shows nothing, from the API's answer: 410 `journey_arrived` a journey ended
 * safely; any other 410 the event ended or the link expired; 404 (no such link) or 400 (not even
 * shaped like one) the link was never valid. These are expected answers, shown on the page;
 * they are not retried, polled or logged.
 */
export function linkGone(error: unknown): 'arrived' | 'ended' | 'invalid' | null {
  if (!isApiError(error)) return null;
  if (error.status === 410) return error.code === 'journey_arrived' ? 'arrived' : 'ended';
  if (error.status === 404 || error.status === 400) return 'invalid';
  return null;
}

const isFinal = (error: unknown) => linkGone(error) !== null;

/**
 * `/track/:token`: the public live-tracking page an emergency contact opens from the SMS.
 * No login, no app chrome: coordinates, accuracy, a maps link and the time. A journey's link
 * ("walk me home") also says where the person is going and when they expect to arrive, with the
 * path so far on a map (Leaflet, loaded after the first paint), and "Arrived safely" at its end.
 */
export function TrackingPage() {
  const { t, i18n } = useTranslation(['tracking', 'responders']);
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: sosKeys.tracking(token),
    queryFn: () => api.call('GET /track/:token', { params: { token } }),
    refetchInterval: (current) => (isFinal(current.state.error) || (current.state.data && current.state.data.status !== 'active') ? false : TRACKING_POLL_MS),
    refetchIntervalInBackground: true,
    retry: (count, error) => !isFinal(error) && count < 3,
  });

  const data = query.data;
  const gone = linkGone(query.error) ?? (data !== undefined && data.status !== 'active' ? 'ended' : null);
  const name = data?.firstName ?? t('someone');

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', p: 2 }}>
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <BrandMark size={32} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('common:appName')}
          </Typography>
        </Stack>

        {gone === 'arrived' ? (
          <GoneCard
            testId="tracking-arrived"
            title={t('arrivedTitle')}
            body={data?.firstName ? t('arrivedBody', { name: data.firstName }) : t('arrivedBodyNoName')}
            safe
          />
        ) : gone === 'invalid' ? (
          <GoneCard testId="tracking-invalid" title={t('invalidTitle')} body={t('invalidBody')} />
        ) : gone === 'ended' ? (
          <GoneCard testId="tracking-ended" title={t('endedTitle')} body={data?.status === 'resolved' ? t('resolvedBody', { name }) : t('endedBody')} />
        ) : (
          <QueryState query={query} errorMessage={t('loadFailed')} keepDataOnError spinnerPadding={6}>
            {(data) => (
              <>
                {data.journey ? (
                  <>
                    <TrackedJourneyHeadline journey={data.journey} name={name} location={data.location} />
                    <TrackedJourneyMap journey={data.journey} name={name} location={data.location} />
                  </>
                ) : (
                  <SosHeadlineCard
                    title={t('title', { name })}
                    summary={t('since', {
                      threat: data.threat ? t(`dashboard:threats.${data.threat}`) : t('dashboard:threats.none'),
                      time: new Date(data.createdAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' }),
                    })}
                  />
                )}
                <Card variant="outlined">
                  <CardContent>
                    <Stack spacing={1}>
                      <Typography variant="h6" component="h2">
                        {t('location')}
                      </Typography>
                      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.125rem' }}>
                        {formatCoordinates(data.location.latitude, data.location.longitude)}
                      </Typography>
                      {data.location.accuracy != null && <Typography>{t('accuracy', { metres: Math.round(data.location.accuracy) })}</Typography>}
                      <Typography variant="body2" color="textSecondary" role="status">
                        {t('updatedAt', { time: new Date(data.location.at).toLocaleTimeString(i18n.language, { timeStyle: 'medium' }) })}
                      </Typography>
                      <OpenMapsButton latitude={data.location.latitude} longitude={data.location.longitude} label={t('openMaps')} />
                    </Stack>
                  </CardContent>
                </Card>
                {/* A journey has no volunteers coming unless it turned into an SOS. */}
                {(!data.journey || data.responders.length > 0) && (
                  <Card variant="outlined">
                    <CardContent>
                      <SceneResponders responders={data.responders} title={t('responders:scene.coming')} />
                    </CardContent>
                  </Card>
                )}
                {query.isRefetchError && <Alert severity="warning">{t('refreshFailed')}</Alert>}
                <Typography variant="body2" color="textSecondary">
                  {t('autoRefresh')}
                </Typography>
              </>
            )}
          </QueryState>
        )}

        <Button href="tel:112" variant="outlined" color="error" size="large" startIcon={<PhoneInTalkIcon />}>
          {t('common:call112')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Why the link shows nothing: it was never valid, the event is over, or the journey ended safely (`safe`, in green). */
function GoneCard({ testId, title, body, safe = false }: { testId: string; title: string; body: string; safe?: boolean }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={safe ? { borderColor: 'success.main', borderWidth: 2 } : undefined}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {safe && <CheckCircleIcon color="success" fontSize="large" aria-hidden />}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
        </Stack>
        <Typography>{body}</Typography>
      </CardContent>
    </Card>
  );
}
