import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Confirms cancelling an alert that already went out: everyone alerted gets an all clear. */
export function CancelSosDialog({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('sos');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-sos-title">
      <DialogTitle id="cancel-sos-title">{t('owner.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('owner.cancelBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('owner.keepActive')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {t('owner.confirmCancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
