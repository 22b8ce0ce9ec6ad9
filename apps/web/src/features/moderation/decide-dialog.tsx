import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MODERATION_REASON_MAX, SUSPEND_DAYS_MAX, type AppealOutcome, type ModerationAction, type ModerationTarget } from '@saathi/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { useDecideAppealMutation, useDecideMutation } from './queries';
import { actionLabel, kindLabel } from './labels';

export type DecisionRequest =
  { kind: 'item'; targetType: ModerationTarget; targetId: number; action: ModerationAction } | { kind: 'appeal'; appealId: number; outcome: AppealOutcome };

/** Asks the moderator for the reason the author will read (and the days of a suspension), then decides. */
export function DecideDialog({ request, onClose }: { request: DecisionRequest; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const titleId = useId();
  const decide = useDecideMutation();
  const decideAppeal = useDecideAppealMutation();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('3');
  const [error, setError] = useState<string | null>(null);
  const pending = decide.isPending || decideAppeal.isPending;
  const suspend = request.kind === 'item' && request.action === 'suspend';

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (request.kind === 'item') {
        await decide.mutateAsync({
          targetType: request.targetType,
          targetId: request.targetId,
          action: request.action,
          reason: reason.trim(),
          ...(suspend ? { suspendDays: Number(days) } : {}),
        });
        toast.success(t('decide.done'));
      } else {
        await decideAppeal.mutateAsync({ id: request.appealId, body: { outcome: request.outcome, reason: reason.trim() } });
        toast.success(t('appeal.done'));
      }
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const title =
    request.kind === 'item'
      ? t('decide.title', { action: actionLabel(t, request.action), kind: kindLabel(t, request.targetType).toLowerCase() })
      : request.outcome === 'overturn'
        ? t('appeal.overturn')
        : t('appeal.uphold');
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void send(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              multiline
              minRows={2}
              label={request.kind === 'item' ? t('decide.reason') : t('appeal.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              disabled={pending}
              slotProps={{ htmlInput: { maxLength: MODERATION_REASON_MAX } }}
            />
            {suspend && (
              <TextField
                required
                type="number"
                label={t('decide.days')}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                disabled={pending}
                slotProps={{ htmlInput: { min: 1, max: SUSPEND_DAYS_MAX, inputMode: 'numeric' } }}
              />
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('decide.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || !reason.trim()}>
            {t('decide.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
