import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A query that could not load: its message and a Retry button that fetches it again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
