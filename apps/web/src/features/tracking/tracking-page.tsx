import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { api, isApiError } from '../../lib/api-client';
import { BrandMark } from '../../components/brand-mark';
import { sosKeys } from '../sos/api/sos-api';
import { formatCoordinates, mapsLink } from '../sos/lib/sms-link';
import { LoadFailed } from '../../components/load-failed';

/** Contacts without the app see the location refresh this often. */
export const TRACKING_POLL_MS = 5000;

/**
 * Why the link shows nothing, from the API's answer: 410 the event ended or the link expired;
 * 404 (no such link) or 400 (not even shaped like one) the link was never valid. These are
 * expected answers, shown on the page; they are not retried, polled or logged.
 */
export function linkGone(error: unknown): 'ended' | 'invalid' | null {
  if (!isApiError(error)) return null;
  if (error.status === 410) return 'ended';
  if (error.status === 404 || error.status === 400) return 'invalid';
  return null;
}

const isFinal = (error: unknown) => linkGone(error) !== null;

/**
 * `/track/:token`: the public live-tracking page an emergency contact opens from the SMS.
 * No login, no app chrome, no map library: coordinates, accuracy, a maps link and the time.
 */
export function TrackingPage() {
  const { t, i18n } = useTranslation('tracking');
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

        {query.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common:loading')} />
          </Box>
        ) : gone === 'invalid' ? (
          <Card variant="outlined" data-testid="tracking-invalid">
            <CardContent>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
                {t('invalidTitle')}
              </Typography>
              <Typography>{t('invalidBody')}</Typography>
            </CardContent>
          </Card>
        ) : gone === 'ended' ? (
          <Card variant="outlined" data-testid="tracking-ended">
            <CardContent>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
                {t('endedTitle')}
              </Typography>
              <Typography>{data?.status === 'resolved' ? t('resolvedBody', { name }) : t('endedBody')}</Typography>
            </CardContent>
          </Card>
        ) : data ? (
          <>
            <Card sx={{ bgcolor: 'error.main', color: 'error.contrastText' }} elevation={0}>
              <CardContent>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
                  {t('title', { name })}
                </Typography>
                <Typography>
                  {t('since', {
                    threat: data.threat ? t(`dashboard:threats.${data.threat}`) : t('dashboard:threats.none'),
                    time: new Date(data.createdAt).toLocaleTimeString(i18n.language, { timeStyle: 'short' }),
                  })}
                </Typography>
              </CardContent>
            </Card>
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
                  <Typography variant="body2" color="text.secondary" role="status">
                    {t('updatedAt', { time: new Date(data.location.at).toLocaleTimeString(i18n.language, { timeStyle: 'medium' }) })}
                  </Typography>
                  <Button variant="contained" size="large" startIcon={<MapIcon />} href={mapsLink(data.location.latitude, data.location.longitude)} target="_blank" rel="noopener noreferrer" sx={{ alignSelf: 'flex-start' }}>
                    {t('openMaps')}
                  </Button>
                </Stack>
              </CardContent>
            </Card>
            {query.isRefetchError && <Alert severity="warning">{t('refreshFailed')}</Alert>}
            <Typography variant="body2" color="text.secondary">
              {t('autoRefresh')}
            </Typography>
          </>
        ) : (
          <LoadFailed message={t('loadFailed')} onRetry={() => void query.refetch()} />
        )}

        <Button href="tel:112" variant="outlined" color="error" size="large" startIcon={<PhoneInTalkIcon />}>
          {t('common:call112')}
        </Button>
      </Stack>
    </Box>
  );
}
