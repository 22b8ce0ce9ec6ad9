import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { getSosPosition } from '../../lib/position';
import { usePracticeMutation } from './queries';

/** How long the button waits for a position before sending the practice alert without one. */
const PRACTICE_FIX_MS = 3000;

/** A practice SOS to oneself: the whole path, marked practice, nobody else alerted. */
export function PracticeCard() {
  const { t } = useTranslation('responders');
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const practice = usePracticeMutation();
  const send = async () => {
    // The practice 'person in danger' stands where the volunteer is, when the phone says so quickly.
    const here = await getSosPosition(PRACTICE_FIX_MS);
    practice.mutate(here ? { latitude: here.latitude, longitude: here.longitude } : undefined, {
      onSuccess: (event) => void navigate(`/sos-mode?sosEventId=${event.id}`),
      onError: (error) => toast.error(errorText(error)),
    });
  };
  return (
    <Stack spacing={1} data-testid="practice-card">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('practice.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('practice.body')}
      </Typography>
      <Button variant="outlined" onClick={() => void send()} disabled={practice.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('practice.send')}
      </Button>
    </Stack>
  );
}
