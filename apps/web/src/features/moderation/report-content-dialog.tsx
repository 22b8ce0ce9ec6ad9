import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { FormDialog } from '../../components/form-dialog';
import { kindLabel, reasonLabel } from './labels';
import { reportContent, type ReportTarget } from './queries';

export type { ReportTarget } from './queries';

/**
 * Tells the moderators what is wrong with a post, a comment or a reel: a reason from the IT
 * Rules list and an optional note. One dialog for the three kinds; the target picks the call.
 */
export function ReportContentDialog({ target, onClose, onReported }: { target: ReportTarget; onClose: () => void; onReported?: () => void }) {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!reason) return;
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
    <FormDialog
      title={t('report.title', { kind: kindLabel(t, target.type).toLowerCase() })}
      submitLabel={t('report.send')}
      danger
      busy={sending}
      incomplete={!reason}
      error={error}
      onClose={onClose}
      onSubmit={() => void send()}
    >
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
    </FormDialog>
  );
}
