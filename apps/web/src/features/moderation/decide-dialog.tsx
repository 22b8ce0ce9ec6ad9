import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MODERATION_REASON_MAX, SUSPEND_DAYS_MAX, type AppealOutcome, type ModerationAction, type ModerationTarget } from '@saathi/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { FormDialog } from '../../components/form-dialog';
import { actionLabel, effectText, kindLabel } from './labels';
import { useDecideAppealMutation, useDecideMutation } from './queries';

export type DecisionRequest =
  | { kind: 'item'; targetType: ModerationTarget; targetId: number; action: ModerationAction }
  | {
      kind: 'appeal';
      appealId: number;
      outcome: AppealOutcome;
      /** The decision took the item down, so overturning it brings the item back. */
      restores: boolean;
    };

/** Warn and suspend act on the author; the moderator ticks whether the item comes down too. */
const choosesRemoval = (request: DecisionRequest) => request.kind === 'item' && (request.action === 'warn' || request.action === 'suspend');

/** Overturning a removal restores the item; overturning a warning or suspension cancels it. */
export function overturnLabel(t: TFunction<'moderation'>, appeal: { outcome: AppealOutcome; restores: boolean }): string {
  if (appeal.outcome === 'uphold') return t('appeal.uphold');
  return appeal.restores ? t('appeal.overturn') : t('appeal.cancel');
}

/** Asks the moderator for the reason the author will read (and the days of a suspension), then decides. */
export function DecideDialog({ request, onClose }: { request: DecisionRequest; onClose: () => void }) {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const decide = useDecideMutation();
  const decideAppeal = useDecideAppealMutation();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('3');
  const [removeItem, setRemoveItem] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = decide.isPending || decideAppeal.isPending;
  const suspend = request.kind === 'item' && request.action === 'suspend';

  async function send() {
    setError(null);
    try {
      if (request.kind === 'item') {
        await decide.mutateAsync({
          targetType: request.targetType,
          targetId: request.targetId,
          action: request.action,
          reason: reason.trim(),
          ...(suspend ? { suspendDays: Number(days) } : {}),
          ...(choosesRemoval(request) ? { removeItem } : {}),
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
      : overturnLabel(t, request);
  return (
    <FormDialog
      title={title}
      submitLabel={t('decide.confirm')}
      danger={request.kind === 'item' && request.action !== 'restore'}
      busy={pending}
      incomplete={!reason.trim()}
      error={error}
      onClose={onClose}
      onSubmit={() => void send()}
    >
      {request.kind === 'item' && (
        <Typography variant="body2" color="textSecondary">
          {effectText(t, request.action)}
        </Typography>
      )}
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
      {choosesRemoval(request) && (
        <FormControlLabel
          control={<Checkbox checked={removeItem} onChange={(event) => setRemoveItem(event.target.checked)} disabled={pending} />}
          label={t('decide.removeToo')}
        />
      )}
    </FormDialog>
  );
}
