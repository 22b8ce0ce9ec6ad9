import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Marks a practice alert on every screen that shows it: nobody is in danger. */
export function PracticeBanner() {
  const { t } = useTranslation('responders');
  return (
    <Alert severity="info" variant="filled" data-testid="practice-banner">
      {t('practice.banner')}
    </Alert>
  );
}
