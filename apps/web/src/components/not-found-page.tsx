import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

/** The catch-all route: says what happened and offers the way home and to emergency help. */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: 6, maxWidth: 520, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('notFound.body')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3, wordBreak: 'break-all' }}>
        <bdi>{pathname}</bdi>
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.home')}
        </Button>
        <Button href="tel:112" variant="outlined" color="error">
          {t('common:call112')}
        </Button>
      </Box>
    </Box>
  );
}
