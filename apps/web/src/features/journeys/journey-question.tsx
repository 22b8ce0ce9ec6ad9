import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JourneyCheckReason } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/use-now';
import { formatLeft, PinPad } from '../safety-timer';
import { reasonText } from './texts';

/**
 * What the server asks the person, most urgent first: late ("Are you OK?" after the expected
 * arrival and its grace), a check ("Are you OK?" because the journey stopped, fell silent or went
 * off course), or "Arrived? Enter your PIN" near the destination.
 */
export type Question =
  | { kind: 'late'; stage: 'overdue' | 'contacts_alerted' | 'sos_raised' }
  | { kind: 'check'; reason: JourneyCheckReason; endsAt: string }
  | { kind: 'arrival'; endsAt: string };

/**
 * The question, said at once to a screen reader (an alert), with the PIN pad under it. Either
 * PIN answers it and the screen afterwards looks the same for both.
 */
export function JourneyQuestion({
  question,
  destination,
  pending,
  onPin,
}: {
  question: Question;
  destination: string | null;
  pending: boolean;
  onPin: (pin: string) => void;
}) {
  const { t } = useTranslation('journeys');
  const now = useNow(1000);
  const left = 'endsAt' in question ? formatLeft(Date.parse(question.endsAt) - now) : null;
  const urgent = question.kind !== 'arrival';

  let title: string;
  let body: string;
  if (question.kind === 'arrival') {
    title = t('question.arrivalTitle');
    body = destination ? t('question.arrivalBody', { destination }) : t('question.arrivalBodyNoName');
  } else if (question.kind === 'check') {
    title = t('question.checkTitle');
    body = reasonText(t, question.reason);
  } else {
    title = t('question.lateTitle');
    body = t('question.lateBody');
  }

  return (
    <Stack spacing={1.5} data-testid="journey-question">
      <Alert severity={urgent ? 'error' : 'success'} variant="filled" role="alert" icon={false}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography>{body}</Typography>
        {question.kind === 'check' && left && <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{t('question.checkEnds', { left })}</Typography>}
        {question.kind === 'arrival' && left && <Typography sx={{ mt: 0.5 }}>{t('question.arrivalEnds', { left })}</Typography>}
        {question.kind === 'late' && question.stage === 'contacts_alerted' && (
          <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{t('question.contactsAlerted')}</Typography>
        )}
        {question.kind === 'late' && question.stage === 'sos_raised' && <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{t('question.sosRaised')}</Typography>}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PinPad onSubmit={onPin} pending={pending} submitLabel={question.kind === 'check' ? t('question.ok') : t('question.arrive')} />
      </Paper>
    </Stack>
  );
}
