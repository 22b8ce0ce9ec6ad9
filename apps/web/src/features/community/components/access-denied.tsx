import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

export function AccessDenied() {
  const { t } = useTranslation('community');
  return (
    <Alert severity="error" role="alert" sx={{ my: 2 }}>
      {t('accessDenied')}
    </Alert>
  );
}
