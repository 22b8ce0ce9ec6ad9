import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { locationStore } from '../location/location-store';
import { usePracticeMutation } from './queries';

/** A practice SOS to oneself: the whole path, marked practice, nobody else alerted. */
export function PracticeCard() {
  const { t } = useTranslation('responders');
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const practice = usePracticeMutation();
  const send = () => {
    const here = locationStore().getState().position;
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
      <Typography variant="body2" color="text.secondary">
        {t('practice.body')}
      </Typography>
      <Button variant="outlined" onClick={send} disabled={practice.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('practice.send')}
      </Button>
    </Stack>
  );
}
