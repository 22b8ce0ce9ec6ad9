import { parseCoordinatePair, type LatLon } from '@saathi/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface EnterCoordinatesDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (point: LatLon) => void;
}

/** SPEC.md §2 "Enter Coordinates": 'lat, lon' typed by hand, with §5's three errors. */
export function EnterCoordinatesDialog({ open, onClose, onSubmit }: EnterCoordinatesDialogProps) {
  const { t } = useTranslation('community-create');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCoordinatePair(text);
    if (!parsed.ok) {
      setError(t(`coordinates.errors.${parsed.error}`));
      return;
    }
    setError(null);
    setText('');
    onSubmit(parsed.value);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="enter-coordinates-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="enter-coordinates-title">{t('coordinates.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('coordinates.label')}
            placeholder="23.0225, 72.5714"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={error ?? t('coordinates.hint')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'coordinates-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('coordinates.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
