import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixItAlert } from '../../components/fix-it-alert';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useErrorText } from '../../lib/error-text';
import { useCurrentTimerQuery, usePinsStatusQuery } from './queries';
import { RunningTimer } from './running-timer';
import { SafetyPinsForm } from './safety-pins-form';
import { StartTimerForm } from './start-timer-form';
import { useTimerLocation } from './use-timer-location';

/**
 * `/safety-timer` ("walk me home"). Everything comes from the server, which holds the timer:
 * a reload or a reopened app shows the same state. A check-in shows the same thing whichever PIN it was,
 * and the positions go on quietly after it either way (useTimerLocation), so the contacts of a
 * duress check-in can follow the phone.
 */
export function SafetyTimerPage() {
  // The contacts' SMS statuses' texts load with the screen's: the timer running out never suspends it.
  const { t } = useTranslation(['safety-timer', 'contact-sms']);
  const current = useCurrentTimerQuery();
  const pins = usePinsStatusQuery();
  const [checkedIn, setCheckedIn] = useState(false);
  const errorText = useErrorText();
  // Here, not in the running timer: the watch outlives the check-in.
  // A journey's screen sends its own track.
  const timer = current.data?.timer;
  const location = useTimerLocation(timer?.journey ? undefined : timer);

  let body;
  if (current.isPending || pins.isPending) body = <PageLoading />;
  else if (current.isError || pins.isError)
    body = <LoadFailed message={errorText(current.error ?? pins.error)} onRetry={() => void Promise.all([current.refetch(), pins.refetch()])} />;
  else if (current.data.timer?.status === 'running' && current.data.timer.journey)
    body = (
      <FixItAlert severity="info" to="/journey" fixLabel={t('journeyRunningAction')}>
        {t('journeyRunning')}
      </FixItAlert>
    );
  else if (current.data.timer?.status === 'running')
    body = <RunningTimer timer={current.data.timer} location={location} onCheckedIn={() => setCheckedIn(true)} />;
  else if (!pins.data.set)
    body = (
      <Stack spacing={2}>
        <Alert severity="info">{t('pinsNeeded')}</Alert>
        <SafetyPinsForm />
      </Stack>
    );
  else
    body = (
      <Stack spacing={2}>
        {checkedIn && <Alert severity="success">{t('checkedIn')}</Alert>}
        {/* A journey is a timer with a destination and a track (features/journeys). */}
        <FixItAlert severity="info" to="/journey" fixLabel={t('journeyLinkAction')}>
          {t('journeyLink')}
        </FixItAlert>
        <StartTimerForm />
      </Stack>
    );

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      {body}
    </Stack>
  );
}
