import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@saathi/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { reportContent } from './queries';
import { kindLabel, reasonLabel } from './labels';

export interface ReportTarget {
  type: 'post' | 'comment';
  id: number;
}

/** Tells the moderators what is wrong with a post or a comment: a reason from the list and an optional note. */
export function ReportContentDialog({ target, onClose, onReported }: { target: ReportTarget; onClose: () => void; onReported?: () => void }) {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason || sending) return;
    setSending(true);
    setError(null);
    try {
      const note = details.trim();
      await reportContent(target, { reason, ...(note ? { details: note } : {}) });
      toast.success(t('report.sent'));
      onReported?.();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void send(event)}>
        <DialogTitle id={titleId}>{t('report.title', { kind: kindLabel(t, target.type).toLowerCase() })}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                {t('report.reasonLabel')}
              </FormLabel>
              <RadioGroup value={reason ?? ''} onChange={(event) => setReason(event.target.value as ReportReason)}>
                {REPORT_REASONS.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={reasonLabel(t, value)} disabled={sending} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              size="small"
              fullWidth
              multiline
              minRows={2}
              label={t('report.details')}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              disabled={sending}
              slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX } }}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!reason || sending}>
            {t('report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
