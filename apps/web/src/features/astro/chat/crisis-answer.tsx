import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASTRO_HELPLINES } from '@saathi/shared/astro';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhoneIcon, SosIcon } from '../../../components/icons';
import { brand } from '../../../theme/tokens';

/**
 * The answer to a question that speaks of suicide, self-harm or violence: no astrology, the
 * server's words, and the helplines as buttons that call (Tele-MANAS 14416, 112) with the way
 * to the SOS screen. Calm colours: the reader may already be frightened.
 */
export function CrisisAnswer({ answer }: { answer: string }) {
  const { t } = useTranslation('astro');
  return (
    <Alert
      severity="info"
      icon={false}
      role="region"
      aria-label={t('chat.crisis.title')}
      sx={{ border: 1, borderColor: 'info.light' }}
      data-testid="astro-crisis"
    >
      <AlertTitle component="h3" sx={{ fontSize: '1.05rem' }}>
        {t('chat.crisis.title')}
      </AlertTitle>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>{answer}</Typography>
      <Stack spacing={1}>
        {ASTRO_HELPLINES.map((helpline) => (
          <Button
            key={helpline.id}
            component="a"
            href={`tel:${helpline.number}`}
            variant="contained"
            color={helpline.id === 'emergency' ? 'error' : 'primary'}
            size="large"
            startIcon={<PhoneIcon />}
            sx={{ justifyContent: 'flex-start' }}
          >
            {helpline.id === 'tele_manas' ? t('chat.crisis.teleManas', { number: helpline.number }) : t('chat.crisis.emergency', { number: helpline.number })}
          </Button>
        ))}
        {/* On white: the brand pink on the answer's pale blue reads at 4.4:1, under AA's 4.5. */}
        <Button
          component={RouterLink}
          to="/sos"
          variant="outlined"
          size="large"
          startIcon={<SosIcon />}
          sx={{ justifyContent: 'flex-start', bgcolor: 'background.paper', '&:hover': { bgcolor: brand.pinkTint } }}
        >
          {t('chat.crisis.sos')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {t('chat.crisis.body')}
      </Typography>
    </Alert>
  );
}
