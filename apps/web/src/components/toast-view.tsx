import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { MuiScope } from '../theme/mui-scope';
import type { ToastAction } from './toast-action';

export interface ToastViewProps {
  id: number;
  open: boolean;
  severity: AlertColor;
  message: string;
  autoHideMs: number | null;
  action: ToastAction | undefined;
  onClose: () => void;
  onExited: () => void;
}

/** The visible toast (its own chunk: snackbars and alerts are loaded only once a toast appears). */
export function ToastView({ id, open, severity, message, autoHideMs, action, onClose, onExited }: ToastViewProps) {
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A tap elsewhere on the page must not dismiss an alert the user has not read.
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <MuiScope>
      <Snackbar
        key={id}
        open={open}
        autoHideDuration={autoHideMs}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ transition: { onExited } }}
        sx={{ top: { xs: 'calc(env(safe-area-inset-top) + 64px)' } }}
      >
        <Alert
          severity={severity}
          variant="filled"
          onClose={() => close()}
          sx={{ width: '100%', alignItems: 'center' }}
          action={
            action ? (
              <Button
                color="inherit"
                size="small"
                // A two-line 'Go to SOS' at 360 px reads as two buttons; the message wraps instead.
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                onClick={() => {
                  action.onClick();
                  close();
                }}
              >
                {action.label}
              </Button>
            ) : undefined
          }
        >
          {message}
        </Alert>
      </Snackbar>
    </MuiScope>
  );
}
