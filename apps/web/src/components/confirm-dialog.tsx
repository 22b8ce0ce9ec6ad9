import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  /** The title's id, the dialog's `aria-labelledby`. */
  titleId: string;
  title: string;
  body: string;
  keepLabel: string;
  confirmLabel: string;
  /** While the confirmed action runs: the confirm button is disabled. */
  busy?: boolean;
  /** Keep: the button, Escape and a click outside. */
  onKeep: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone; the confirm button is the red one. */
export function ConfirmDialog({ open, titleId, title, body, keepLabel, confirmLabel, busy = false, onKeep, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep}>{keepLabel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
