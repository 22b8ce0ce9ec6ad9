import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEEDBACK_LIMITS, FEEDBACK_STATUSES, type FeedbackStatus, type InboxTicket } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { RoleGate } from '../../entities/manage-screens';
import { DiagnosticsList } from './diagnostics-list';
import { TicketCard, formatWhen } from './ticket-card';
import { useFeedbackInboxQuery, useReplyMutation } from './queries';
import { useFeedbackLabels } from './labels';

/** Who may open the inbox (entities/manage-screens/screens.ts lists it for the same role). */
export const FEEDBACK_INBOX_ROLES = ['admin'] as const;

/** `/manage/feedback`: the admins' feedback inbox, by status; each ticket answered (and closed) in place. */
export function FeedbackInboxPage() {
  const { t } = useTranslation('feedback');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('inbox.title')} subtitle={t('inbox.subtitle')} />
      <RoleGate screen={{ roles: FEEDBACK_INBOX_ROLES }}>
        <Inbox />
      </RoleGate>
    </Stack>
  );
}

function Inbox() {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  const [status, setStatus] = useState<FeedbackStatus | null>('open');
  const query = useFeedbackInboxQuery(status);
  const choices: (FeedbackStatus | null)[] = [...FEEDBACK_STATUSES, null];
  return (
    <Stack spacing={2}>
      <Stack direction="row" role="group" aria-label={t('inbox.filter')} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {choices.map((choice) => (
          <Chip
            key={choice ?? 'all'}
            label={choice ? labels.status(choice) : t('inbox.all')}
            clickable
            onClick={() => setStatus(choice)}
            color={status === choice ? 'primary' : 'default'}
            variant={status === choice ? 'filled' : 'outlined'}
            aria-pressed={status === choice}
          />
        ))}
      </Stack>
      <PagedList query={query} empty={<Typography color="textSecondary">{t('inbox.none')}</Typography>} moreLabel={t('inbox.more')}>
        {(items) => (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((ticket) => (
              <InboxCard key={ticket.id} ticket={ticket} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

function InboxCard({ ticket }: { ticket: InboxTicket }) {
  const { t, i18n } = useTranslation('feedback');
  return (
    <TicketCard
      ticket={ticket}
      heading="h2"
      intro={
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
          {t('inbox.from', { name: ticket.user.name ?? t('inbox.unnamed'), id: ticket.user.id, when: formatWhen(ticket.createdAt, i18n.language) })}
        </Typography>
      }
      attachments={
        <>
          {ticket.screenshotUrl && (
            <Link href={ticket.screenshotUrl} target="_blank" rel="noopener" sx={{ display: 'inline-block', mt: 1 }}>
              <Box
                component="img"
                src={ticket.screenshotUrl}
                alt={t('inbox.screenshotAlt', { id: ticket.id })}
                sx={{ maxWidth: '100%', width: 240, maxHeight: 240, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
              />
            </Link>
          )}
          <Box component="details" sx={{ mt: 1 }}>
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
              {t('inbox.diagnostics')}
            </Typography>
            <Box sx={{ mt: 1 }}>
              <DiagnosticsList diagnostics={ticket.diagnostics} />
            </Box>
          </Box>
        </>
      }
      replyCaption={(reply) => t('inbox.replyBy', { name: reply.author?.name ?? t('inbox.unnamed'), when: formatWhen(reply.createdAt, i18n.language) })}
    >
      {ticket.status !== 'closed' && <ReplyForm ticketId={ticket.id} />}
    </TicketCard>
  );
}

function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const reply = useReplyMutation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldId = useId();
  const empty = text.trim() === '';

  const send = (close: boolean) => {
    setTouched(true);
    if (empty) return;
    reply.mutate({ id: ticketId, body: { text: text.trim(), ...(close ? { status: 'closed' as const } : {}) } }, { onSuccess: () => setText('') });
  };

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <TextField
        id={fieldId}
        label={t('inbox.answer')}
        multiline
        minRows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={touched && empty}
        helperText={touched && empty ? t('inbox.answerRequired') : t('inbox.answerHint')}
        slotProps={{ htmlInput: { maxLength: FEEDBACK_LIMITS.replyMax } }}
      />
      {reply.isError && <Alert severity="error">{errorText(reply.error)}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" loading={reply.isPending && !reply.variables?.body.status} disabled={reply.isPending} onClick={() => send(false)}>
          {t('inbox.sendAnswer')}
        </Button>
        <Button variant="outlined" loading={reply.isPending && reply.variables?.body.status === 'closed'} disabled={reply.isPending} onClick={() => send(true)}>
          {t('inbox.answerAndClose')}
        </Button>
      </Stack>
    </Stack>
  );
}
