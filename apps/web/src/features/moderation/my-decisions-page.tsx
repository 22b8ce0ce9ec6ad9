import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPEAL_TEXT_MAX, type ModerationDecision } from '@saathi/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useToast } from '../../components/toast';
import { useErrorText } from '../../lib/error-text';
import { useAppealMutation, useMyDecisionsQuery } from './queries';
import { actionLabel, appealStatusLabel, kindLabel } from './labels';

/** `/community-feeds/decisions`: what moderators decided about the reader's content, each appealable once (the notification opens it). */
export function MyDecisionsPage() {
  const { t } = useTranslation('moderation');
  const decisions = useMyDecisionsQuery();
  const [params] = useSearchParams();
  const focus = Number(params.get('decision')) || null;
  return (
    <Stack spacing={2}>
      <PageHeader title={t('mine.title')} subtitle={t('mine.subtitle')} />
      {decisions.isPending ? (
        <PageLoading />
      ) : decisions.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : decisions.data.items.length === 0 ? (
        <Typography color="textSecondary">{t('mine.empty')}</Typography>
      ) : (
        decisions.data.items.map((decision) => <DecisionCard key={decision.id} decision={decision} focused={decision.id === focus} />)
      )}
    </Stack>
  );
}

function DecisionCard({ decision, focused }: { decision: ModerationDecision; focused: boolean }) {
  const { t } = useTranslation('moderation');
  const toast = useToast();
  const errorText = useErrorText();
  const appeal = useAppealMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `appeal-${decision.id}`;

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await appeal.mutateAsync({ decisionId: decision.id, text: text.trim() });
      toast.success(t('mine.appealSent'));
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Card component="article" variant="outlined" sx={{ borderColor: focused ? 'primary.main' : undefined }}>
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {actionLabel(t, decision.action)} · {kindLabel(t, decision.targetType)}
          </Typography>
          {decision.excerpt && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {decision.excerpt}
            </Typography>
          )}
          <Typography variant="body2">{t('mine.reason', { reason: decision.reason })}</Typography>
          {(decision.action === 'warn' || decision.action === 'suspend') && (
            <Typography variant="body2" color="textSecondary">
              {decision.removedItem ? t('mine.itemRemoved') : t('mine.itemKept')}
            </Typography>
          )}
          {decision.suspendedUntil && (
            <Alert severity="warning">{t('mine.suspendedUntil', { time: new Date(decision.suspendedUntil).toLocaleString() })}</Alert>
          )}
          {decision.appeal && (
            <Alert severity={decision.appeal.status === 'overturned' ? 'success' : 'info'}>
              {decision.appeal.status === 'overturned' && !decision.removedItem ? t('mine.status.cancelled') : appealStatusLabel(t, decision.appeal.status)}
              {decision.appeal.decisionReason && ` ${t('mine.appealReason', { reason: decision.appeal.decisionReason })}`}
            </Alert>
          )}
          {decision.appealable ? (
            <Stack component="form" spacing={1} onSubmit={(event) => void send(event)}>
              <TextField
                id={fieldId}
                label={t('mine.appealLabel')}
                multiline
                minRows={2}
                required
                value={text}
                onChange={(event) => setText(event.target.value)}
                disabled={appeal.isPending}
                slotProps={{ htmlInput: { maxLength: APPEAL_TEXT_MAX } }}
              />
              {error && <Alert severity="error">{error}</Alert>}
              <Button type="submit" variant="contained" disabled={appeal.isPending || !text.trim()} sx={{ alignSelf: 'flex-start' }}>
                {t('mine.appealSend')}
              </Button>
            </Stack>
          ) : (
            !decision.appeal && (
              <Typography variant="body2" color="textSecondary">
                {t('mine.notAppealable')}
              </Typography>
            )
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
