import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { WithMe } from '../../entities/user-screen';
import { useErrorText } from '../../lib/error-text';
import { FOLLOW_AFTER_END_MS, SafetyPinsForm, usePinsStatusQuery } from '../safety-timer';
import { ActiveJourney } from './active-journey';
import { useCurrentJourneyQuery, type Journey } from './queries';
import { StartJourneyForm } from './start-journey-form';
import { useJourneyTrack } from './use-journey-track';

/** A journey that ended this recently still says "You have arrived" when the page opens. */
const ARRIVED_SHOWN_MS = FOLLOW_AFTER_END_MS;

const recentlyArrived = (journey: Journey | null | undefined) =>
  journey?.status === 'arrived' && journey.endedAt !== null && Date.now() - Date.parse(journey.endedAt) < ARRIVED_SHOWN_MS;

/**
 * `/journey` ("walk me home"). The server holds the journey: a reload or a reopened app shows
 * the same state. Ending it shows the same thing whichever PIN it was, and the positions go on
 * quietly after it either way (useJourneyTrack), so the contacts of a duress ending can follow.
 */
export function JourneyPage() {
  const { t } = useTranslation('journeys');
  const current = useCurrentJourneyQuery();
  const pins = usePinsStatusQuery();
  const errorText = useErrorText();
  const [another, setAnother] = useState(false);
  const journey = current.data?.journey;
  // Here, not in the active view: the watch outlives the end of the journey.
  const track = useJourneyTrack(journey);

  let body;
  if (current.isPending || pins.isPending) body = <PageLoading />;
  else if (current.isError || pins.isError)
    body = <LoadFailed message={errorText(current.error ?? pins.error)} onRetry={() => void Promise.all([current.refetch(), pins.refetch()])} />;
  else if (journey?.status === 'active') body = <ActiveJourney journey={journey} arrival={track.arrival} location={track.location} />;
  else if (!pins.data.set)
    body = (
      <Stack spacing={2}>
        <Alert severity="info">{t('pinsNeeded')}</Alert>
        <SafetyPinsForm />
      </Stack>
    );
  else if (recentlyArrived(journey) && !another)
    body = (
      <Stack spacing={2}>
        <Alert severity="success" role="status" sx={{ fontSize: '1.05rem' }}>
          <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('ended.title')}
          </AlertTitle>
          {t('ended.body')}
        </Alert>
        <Button variant="contained" size="large" onClick={() => setAnother(true)} sx={{ minHeight: 48 }}>
          {t('ended.another')}
        </Button>
      </Stack>
    );
  else body = <WithMe>{(user) => <StartJourneyForm user={user} />}</WithMe>;

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      {body}
    </Stack>
  );
}
