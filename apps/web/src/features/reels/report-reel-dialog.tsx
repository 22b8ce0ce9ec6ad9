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
import { REPORT_REASONS, type Reel } from '@saathi/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { reelsApi } from './reels-api';

type ReportReason = (typeof REPORT_REASONS)[number];
/** A note for the moderators, as content_reports keeps it. */
export const REPORT_NOTE_MAX = 1000;

/** Tells the moderators what is wrong with a reel: a reason from the list and an optional note. */
export function ReportReelDialog({ reel, onClose }: { reel: Reel; onClose: () => void }) {
  const { t } = useTranslation('reels');
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
      await reelsApi.report(reel.id, { reason, ...(note ? { details: note } : {}) });
      toast.success(t('report.sent'));
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
        <DialogTitle id={titleId}>{t('report.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ mb: 0.5 }}>
                {t('report.reasonLabel')}
              </FormLabel>
              <RadioGroup
                value={reason ?? ''}
                onChange={(event) => setReason(event.target.value as ReportReason)}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                {REPORT_REASONS.map((value) => (
                  <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={t(`reportReasons.${value}`)} disabled={sending} />
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
              slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!reason || sending}>
            {t('report.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
