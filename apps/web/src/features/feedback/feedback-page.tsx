import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeedbackStatus, FeedbackTicket } from '@saathi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useErrorText } from '../../lib/error-text';
import { FeedbackForm } from './feedback-form';
import type { QueuedFeedback } from './feedback-outbox';
import { feedbackOutbox } from './outbox';
import { feedbackKeys, useMyFeedbackQuery } from './queries';
import { useFeedbackLabels } from './labels';

// Colours whose white text keeps AA contrast (MUI's orange warning does not).
export const STATUS_COLOR: Record<FeedbackStatus, 'primary' | 'success' | 'default'> = { open: 'primary', answered: 'success', closed: 'default' };

/** `/feedback`: send a ticket (kept on the phone while offline), and read the answers to one's tickets. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <FeedbackForm />
      <WaitingToSend />
      <MyTickets />
    </Stack>
  );
}

/** The tickets kept on this device until the connection returns, and a way to try at once. */
function WaitingToSend() {
  const { t } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedFeedback[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    const outbox = feedbackOutbox();
    let live = true;
    const read = () => void outbox.pending().then((pending) => live && setItems(pending.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))));
    const unsubscribe = outbox.subscribe(() => {
      read();
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.mine() });
    });
    const onOnline = () => setOnline(true);
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    read();
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [queryClient]);

  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="feedback-waiting-heading">
      <Typography id="feedback-waiting-heading" variant="h6" component="h2" gutterBottom>
        {t('waiting.title')}
      </Typography>
      <Alert
        severity="info"
        action={
          online ? (
            <Button
              color="inherit"
              size="small"
              loading={trying}
              onClick={() => {
                setTrying(true);
                void feedbackOutbox()
                  .flush()
                  .finally(() => setTrying(false));
              }}
            >
              {t('waiting.sendNow')}
            </Button>
          ) : undefined
        }
      >
        {online ? t('waiting.online', { count: items.length }) : t('waiting.offline', { count: items.length })}
      </Alert>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {items.map((item) => (
          <Paper key={item.clientId} component="li" variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
              <Chip size="small" label={t('waiting.chip')} color="info" />
              <Typography variant="body2" color="text.secondary">
                {labels.category(item.category)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

function MyTickets() {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const query = useMyFeedbackQuery();
  return (
    <Box component="section" aria-labelledby="feedback-mine-heading">
      <Typography id="feedback-mine-heading" variant="h6" component="h2" gutterBottom>
        {t('mine.title')}
      </Typography>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('mine.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.items.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function formatWhen(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

function TicketCard({ ticket }: { ticket: FeedbackTicket }) {
  const { t, i18n } = useTranslation('feedback');
  const labels = useFeedbackLabels();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant="subtitle2" component="h3">
          {t('mine.ticket', { id: ticket.id, category: labels.category(ticket.category) })}
        </Typography>
        <Chip size="small" label={labels.status(ticket.status)} color={STATUS_COLOR[ticket.status]} />
        <Typography variant="caption" color="text.secondary">
          {formatWhen(ticket.createdAt, i18n.language)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ticket.text}
      </Typography>
      {ticket.screenshotUrl && (
        <Link href={ticket.screenshotUrl} target="_blank" rel="noopener" variant="body2">
          {t('mine.screenshot')}
        </Link>
      )}
      {ticket.replies.map((reply) => (
        <Box key={reply.id} sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}>
          <Typography variant="caption" color="text.secondary">
            {t('mine.reply', { when: formatWhen(reply.createdAt, i18n.language) })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reply.text}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}
