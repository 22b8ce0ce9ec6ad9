import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  title: string;
  submitLabel: string;
  /** A red submit button: the action takes something down or reports someone. */
  danger?: boolean;
  busy: boolean;
  /** The submit button stays off until the form has what it needs. */
  incomplete?: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * The small form dialog of the trust and safety screens (reporting, deciding, the reels desk):
 * title, fields, the server's error if any, Cancel and the submit button. While it sends,
 * nothing closes it.
 */
export function FormDialog({ title, submitLabel, danger = false, busy, incomplete = false, error, onClose, onSubmit, children }: FormDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !incomplete) onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <Stack spacing={2}>
            {children}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy || incomplete}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
