import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INDIA_HELPLINES, type IndiaHelpline } from './india-helplines';

/** The helplines as tap-to-call links: a phone dials at once, a computer offers its calling app. */
export function HelplinesList() {
  const { t } = useTranslation('pages');
  const names = t('help.helplines.names', { returnObjects: true }) as Record<IndiaHelpline, string>;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="helplines-heading" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h2" id="helplines-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('help.helplines.heading')}
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t('help.helplines.intro')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {INDIA_HELPLINES.map((number) => (
          <li key={number}>
            <Button
              href={`tel:${number}`}
              variant={number === '112' ? 'contained' : 'outlined'}
              color={number === '112' ? 'error' : 'primary'}
              fullWidth
              aria-label={t('help.helplines.call', { name: names[number], number })}
              sx={{ justifyContent: 'space-between', textTransform: 'none', gap: 1, textAlign: 'left' }}
            >
              <Box component="span" sx={{ minWidth: 0 }}>
                {names[number]}
              </Box>
              <Box component="span" sx={{ fontWeight: 700, fontSize: '1.1rem', flexShrink: 0 }}>
                {number}
              </Box>
            </Button>
          </li>
        ))}
      </Box>
    </Paper>
  );
}
