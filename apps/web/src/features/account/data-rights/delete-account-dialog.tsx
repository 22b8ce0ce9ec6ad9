import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-fields';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useSession } from '../../../entities/session';
import { useDeleteAccountMutation, useDeletionCodeMutation } from './queries';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Says what is deleted and what is kept, sends a code by SMS, and deletes the account with it.
 * Afterwards the session is gone on the server too, so the app forgets it and opens /login.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { logout } = useSession();
  const sendCode = useDeletionCodeMutation();
  const remove = useDeleteAccountMutation();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const sent = sendCode.isSuccess;

  function close() {
    if (remove.isPending) return;
    sendCode.reset();
    remove.reset();
    setCode('');
    setCodeError(undefined);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\D/g, '');
    if (digits.length !== 6) {
      setCodeError(t('dataRights.codeInvalid'));
      return;
    }
    setCodeError(undefined);
    remove.mutate(
      { code: digits },
      {
        onSuccess: () => {
          logout();
          queryClient.clear();
          toast.success(t('dataRights.deleted'), { autoHideMs: 10_000 });
          void navigate('/login', { replace: true });
        },
        onError: (error) => setCodeError(errorText(error)),
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="delete-account-title">
      {/* A flex column like the dialog's paper, so the text scrolls and the buttons stay in view on a small phone. */}
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id="delete-account-title">{t('dataRights.dialogTitle')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="subtitle2" component="h3">
            {t('dataRights.deletedTitle')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('dataRights.deletedList')}
          </Typography>
          <Typography variant="subtitle2" component="h3">
            {t('dataRights.keptTitle')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('dataRights.keptList')}
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('dataRights.downloadFirst')}
          </Alert>
          {sendCode.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(sendCode.error)}
            </Alert>
          )}
          {sent ? (
            <FormTextField
              label={t('dataRights.codeLabel')}
              hint={t('dataRights.codeSent')}
              value={code}
              onValue={(value) => {
                // A new try starts clean: the last answer's error would read as about this code.
                setCode(value);
                setCodeError(undefined);
              }}
              error={codeError}
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            />
          ) : (
            <Typography variant="body2">{t('dataRights.codeExplain')}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            {t('dataRights.cancel')}
          </Button>
          {sent ? (
            <Button type="submit" variant="contained" color="error" loading={remove.isPending}>
              {t('dataRights.confirmDelete')}
            </Button>
          ) : (
            <Button variant="contained" loading={sendCode.isPending} onClick={() => sendCode.mutate()}>
              {t('dataRights.sendCode')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
